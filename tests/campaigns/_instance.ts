/**
 * A server process for the campaign multi-process tests: the production wiring (deps, app,
 * scheduler with its lease). With FORCE_TICKS=1 it also runs the campaign tick itself every
 * 100 ms whether or not it holds the lease — two such processes dispatch at the same time, as
 * two lease holders would if a lease ever overlapped, so only the atomic claims keep sends single.
 */
import { loadConfig } from "@/config.ts";
import { createDeps } from "@/compose.ts";
import { createApp } from "@/app.ts";
import { startScheduler } from "@/jobs/scheduler.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";
import { runDueJobs } from "@/jobs/queue.ts";

const deps = await createDeps(await loadConfig());
const app = createApp(deps);
startScheduler(deps);
if (Deno.env.get("FORCE_TICKS") === "1") {
  (async () => {
    for (;;) {
      await campaignsTick(deps).catch((err) => console.error("[force] tick", err));
      await runDueJobs(deps).catch((err) => console.error("[force] jobs", err));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}
Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  onListen: ({ port }) => console.log(`LISTENING ${port}`),
}, app.fetch);
