/**
 * Where a cold start's time goes, phase by phase, in one fresh process doing what server/main.ts
 * does (config, the composition root's imports, the app's imports, createDeps — database open and
 * migration check —, the first-run seed, createApp, Deno.serve) with RSS after each phase. On the
 * large database by default (BENCH_LARGE_DIR); `IDLE_DB=temp` for a fresh one. Diagnosis for the
 * cold-start budget; bench/idle.ts is the end-to-end figure. Medians of RUNS processes (default 3).
 *
 *   deno run -A bench/boot_phases.ts
 */
import { LARGE_DIR, pct, printTable } from "./_lib.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 3);
const root = new URL("..", import.meta.url).pathname;

const CHILD = `
const marks = [];
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(Deno.readTextFileSync("/proc/self/status"))[1]) / 1024;
let t = performance.now();
const mark = (name) => { const now = performance.now(); marks.push([name, now - t, rss()]); t = now; };
const { loadConfig } = await import("${root}server/config.ts"); mark("import config.ts");
const compose = await import("${root}server/compose.ts"); mark("import compose.ts (deps, listeners, jobs)");
const { createApp } = await import("${root}server/app.ts"); mark("import app.ts (routes)");
const { runSeed } = await import("${root}server/seed.ts");
const { startScheduler } = await import("${root}server/jobs/scheduler.ts");
const { startWhatsappSessions } = await import("${root}server/channels/whatsapp/boot.ts");
const { startEmailWatchers } = await import("${root}server/channels/email/watcher.ts"); mark("import the rest of main.ts");
const config = await loadConfig(); mark("loadConfig");
const deps = await compose.createDeps(config); mark("createDeps (database open, migrations checked)");
await runSeed(deps); mark("runSeed");
const app = createApp(deps); mark("createApp");
const scheduler = startScheduler(deps);
await startWhatsappSessions(deps); startEmailWatchers(deps); mark("scheduler, sessions, watchers started");
const server = Deno.serve({ port: Number(Deno.env.get("PORT")), onListen: () => {} }, app.fetch);
const r = await fetch("http://127.0.0.1:" + Deno.env.get("PORT") + "/api/health"); await r.text(); mark("listen + first /api/health");
console.log(JSON.stringify(marks));
Deno.exit(0);
`;

const large = Deno.env.get("IDLE_DB") !== "temp";
const dataDir = large ? LARGE_DIR : await Deno.makeTempDir({ prefix: "atende-boot-phases-" });
const file = await Deno.makeTempFile({ dir: root, prefix: ".boot_phases_", suffix: ".js" });
await Deno.writeTextFile(file, CHILD);
const runs: [string, number, number][][] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", file],
      cwd: root,
      env: { DATA_DIR: dataDir, PORT: Deno.env.get("BENCH_PORT") ?? "18193", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "inherit",
    }).output();
    const line = new TextDecoder().decode(out.stdout).trim().split("\n").pop() ?? "[]";
    const marks = JSON.parse(line) as [string, number, number][];
    marks.push(["(whole process, from spawn)", performance.now() - t0, NaN]);
    runs.push(marks);
  }
} finally {
  await Deno.remove(file);
  if (!large) await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
}
const rows = runs[0].map(([name], i) => [
  name,
  pct(runs.map((r) => r[i][1]), 0.5).toFixed(0),
  Number.isFinite(runs[0][i][2]) ? pct(runs.map((r) => r[i][2]), 0.5).toFixed(0) : "—",
]);
printTable(
  `Cold start by phase (${large ? "large database" : "fresh database"}, median of ${RUNS} processes)`,
  ["phase", "ms", "RSS after (MB)"],
  rows,
);
