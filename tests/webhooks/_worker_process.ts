/**
 * A second instance for the two-worker webhook test: a separate process on the same database file
 * (SQLite is shared between processes, not between two connections' write locks inside one) that
 * runs the job queue at the same moment as the test's own instance, then prints how many jobs it ran.
 */
import { loadConfig } from "@/config.ts";
import { closeDeps, createDeps } from "@/compose.ts";
import { runDueJobs } from "@/jobs/queue.ts";

const config = await loadConfig({
  DATA_DIR: Deno.env.get("DATA_DIR")!,
  APP_SECRET: "test-secret-test-secret-test-secret",
  INGEST_THREAD_AFTER: "-1",
  ALLOW_PRIVATE_URLS: "1",
});
const deps = await createDeps(config);
const sync = Deno.env.get("SYNC_DIR")!;
await Deno.writeTextFile(`${sync}/ready`, "1");
while (!(await Deno.stat(`${sync}/go`).catch(() => null))) await new Promise((r) => setTimeout(r, 5));
let ran = 0;
for (let n = -1; n !== 0;) ran += n = await runDueJobs(deps);
await deps.bus.drain();
await closeDeps(deps);
console.log(JSON.stringify({ ran }));
