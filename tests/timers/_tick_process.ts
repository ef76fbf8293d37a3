/**
 * A second instance for the two-instance timer test: a separate process on the same database
 * file that runs one timer tick at TICK_AT (SQLite is shared between processes, not between two
 * connections' write locks inside one), then prints how many rows it looked at.
 */
import { loadConfig } from "@/config.ts";
import { closeDeps, createDeps } from "@/compose.ts";
import { runTicketTimers } from "@/timers/tick.ts";

const at = new Date(Deno.env.get("TICK_AT")!);
const config = await loadConfig({
  DATA_DIR: Deno.env.get("DATA_DIR")!,
  APP_SECRET: "test-secret-test-secret-test-secret",
  INGEST_THREAD_AFTER: "-1",
});
const deps = await createDeps(config, { clock: { now: () => new Date(at) } });
// Start together with the test's own tick: say "ready", wait for "go".
const sync = Deno.env.get("SYNC_DIR")!;
await Deno.writeTextFile(`${sync}/ready`, "1");
while (!(await Deno.stat(`${sync}/go`).catch(() => null))) await new Promise((r) => setTimeout(r, 5));
const seen = await runTicketTimers(deps);
await deps.bus.drain();
await closeDeps(deps);
console.log(JSON.stringify({ seen }));
