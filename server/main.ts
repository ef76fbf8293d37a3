/** The process: config → database (migrated) → first-run seed → app → serve → jobs. */
import { loadConfig, VERSION } from "./config.ts";
import { closeDeps, createDeps } from "./compose.ts";
import { createApp } from "./app.ts";
import { runSeed } from "./seed.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { startWhatsappSessions, stopWhatsappSessions } from "./channels/whatsapp/boot.ts";
import { startEmailWatchers, stopEmailWatchers } from "./channels/email/watcher.ts";
import { buildAllRollups } from "./dashboard/rollup_build.ts";

const config = await loadConfig();
const deps = await createDeps(config);
await runSeed(deps);
const app = createApp(deps);
const scheduler = startScheduler(deps);
startWhatsappSessions(deps).catch((err) => console.error("[wa] boot", err));
// Mailboxes are read by the instance holding each one's lease (IDLE, polling as the fallback).
startEmailWatchers(deps);
// The dashboard's per-day rollups of the data already there (first start after the migration: every
// company; later starts only roll the days since the last build). Reads use the raw tables meanwhile.
buildAllRollups(deps, deps.clock.now(), false).catch((err) => console.error("[dashboard] rollups", err));

const server = Deno.serve({
  port: config.port,
  hostname: "0.0.0.0",
  onListen: ({ port }) => console.log(`Atende ${VERSION} listening on http://localhost:${port}`),
}, app.fetch);

/** How long a stopping process waits for requests in flight before it exits anyway. */
const GRACE_MS = 10_000;

async function shutdown() {
  await scheduler.stop();
  await stopWhatsappSessions(deps);
  await stopEmailWatchers(deps);
  // A graceful shutdown waits for every request in flight: bounded, so that one stuck request
  // (a slow upload, a provider that never answers) cannot keep a deploy from finishing.
  await Promise.race([server.shutdown(), new Promise((r) => setTimeout(r, GRACE_MS))]);
  await closeDeps(deps);
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
