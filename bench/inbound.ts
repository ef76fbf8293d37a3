/**
 * Inbound benchmarks (budgets 1, 2 and 5-under-load):
 *
 *   deno task bench:inbound   budget 1 — api-channel POSTs at 500 msg/s for 60 s from 200
 *                             contacts with 100 admin sockets connected: POST answered → the
 *                             `company-{id}-appMessage` create frame on each socket (p50/p99),
 *                             lost and duplicated frames, peak RSS.
 *   deno task bench:ingest    budget 2 — offered rate stepped 500…3000 msg/s (20 s each), no
 *                             sockets: POST p50/p99 per step and where p99 passes 100 ms.
 *
 * Options (env): BENCH_DB=large|fresh (default: large when bench/seed.ts has run, else fresh),
 * RATE, SECONDS, SOCKETS, STEPS (comma list), STEP_SECONDS, BENCH_DENO_ARGS (extra `deno run`
 * flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), BENCH_SERVER_DIR (run another
 * checkout's server/main.ts, e.g. a prototype copy).
 * The server is a separate process; this client (with its socket workers) shares the same cores.
 */
import {
  cpuSeconds,
  cpuTimes,
  LARGE_DIR,
  login,
  ms,
  pct,
  printTable,
  rng,
  rssMb,
  sampleRss,
  type Server,
  sleep,
  startServer,
  stopServer,
  warmPageCache,
} from "./_lib.ts";
import { prepareInboundCompany } from "./_inbound_setup.ts";
import { bodyMaker } from "./_words.ts";
import { inboundLoad } from "./_offer.ts";
import { readSeedInfo } from "./seed.ts";

const mode = Deno.args[0] === "ingest" ? "ingest" : "screen";
const env = (k: string, d: string) => Deno.env.get(k) ?? d;
const large = (await readSeedInfo()) !== null;
const dbKind = env("BENCH_DB", large ? "large" : "fresh");
const dataDir = dbKind === "large" ? LARGE_DIR : await Deno.makeTempDir({ prefix: "atende-bench-inbound-" });
const nSockets = Number(env("SOCKETS", mode === "screen" ? "100" : "0"));
const nContacts = 200;
const rand = rng(Number(env("BENCH_SEED", "7")));
const { body } = bodyMaker(rand);

if (dbKind === "large") console.error(`page cache warmed in ${(await warmPageCache(dataDir)).toFixed(1)} s`);
const company = await prepareInboundCompany(dataDir, Math.max(nSockets, 1));
const server = await startServer({
  dataDir,
  denoArgs: env("BENCH_DENO_ARGS", "").split(" ").filter(Boolean),
});
const offer = inboundLoad({ base: server.base, apiToken: company.apiToken, contacts: nContacts, body });

async function warmup(seconds = 2) {
  // So the JIT, the caches and the page cache are warm and the 200 contacts and tickets exist.
  await offer(200, seconds);
  await sleep(500);
}

async function screen() {
  const rate = Number(env("RATE", "500"));
  const seconds = Number(env("SECONDS", "60"));
  const rssStart = rssMb(server.child.pid);
  const tokens: string[] = [];
  for (const email of company.adminEmails.slice(0, nSockets)) tokens.push(await login(server.base, email));
  const rssLogins = rssMb(server.child.pid);
  const nWorkers = Math.min(4, Math.max(1, Math.ceil(nSockets / 25)));
  const workers = Array.from(
    { length: nWorkers },
    () => new Worker(new URL("./_ws_worker.ts", import.meta.url).href, { type: "module" }),
  );
  const ask = (w: Worker, m: unknown) =>
    new Promise<{ kind: string; sockets?: { ids: Int32Array; at: Float64Array; frames: number }[] }>(
      (res) => {
        w.onmessage = (e) => res(e.data);
        w.postMessage(m);
      },
    );
  await Promise.all(workers.map((w, i) =>
    ask(w, {
      kind: "start",
      wsUrl: server.wsBase,
      tokens: tokens.filter((_, k) => k % nWorkers === i),
      companyId: company.companyId,
    })
  ));
  const rssSockets = rssMb(server.child.pid);
  await warmup();
  const idleRss = rssMb(server.child.pid);
  const cpu0 = cpuSeconds(server.child.pid), own0 = cpuSeconds(Deno.pid);
  const rss = sampleRss(server.child.pid, 100);
  const r = await offer(rate, seconds);
  await sleep(2_000); // let the last frames land
  const cpu1 = cpuSeconds(server.child.pid), own1 = cpuSeconds(Deno.pid);
  const mem = rss.stop();
  const results = (await Promise.all(workers.map((w) => ask(w, { kind: "finish" })))).flatMap((x) =>
    x.sockets!
  );
  for (const w of workers) w.terminate();

  const answered = new Map<number, number>();
  for (const s of r.ok) answered.set(s.messageId, s.answered);
  const sentAt = new Map<number, number>();
  for (const s of r.ok) sentAt.set(s.messageId, s.sent);
  const toScreen: number[] = [];
  const fromSend: number[] = [];
  let lost = 0, dup = 0, frames = 0;
  for (const sock of results) {
    frames += sock.frames;
    const seen = new Map<number, number>();
    for (let i = 0; i < sock.ids.length; i++) {
      const id = sock.ids[i];
      const a = answered.get(id);
      if (a === undefined) continue; // a warm-up message
      const c = (seen.get(id) ?? 0) + 1;
      seen.set(id, c);
      if (c > 1) {
        dup++;
        continue;
      }
      toScreen.push(sock.at[i] - a);
      fromSend.push(sock.at[i] - sentAt.get(id)!);
    }
    for (const id of answered.keys()) if (!seen.has(id)) lost++;
  }
  const early = toScreen.filter((x) => x < 0).length;
  printTable(
    `Budget 1 — inbound to screen (${dbKind} database, ${rate} msg/s × ${seconds} s, ${nContacts} contacts, ${results.length} admin sockets)`,
    ["measure", "value", "target"],
    [
      [
        "POSTs offered / answered 200 / errors / skipped",
        `${r.total} / ${r.ok.length} / ${r.errors} / ${r.skipped}`,
        "",
      ],
      ["achieved rate", `${(r.ok.length / (r.wallMs / 1000)).toFixed(0)} msg/s`, "500 msg/s"],
      ["POST latency p50 / p99", `${ms(pct(r.lat, 0.5))} / ${ms(pct(r.lat, 0.99))}`, ""],
      [
        "**POST answered → frame on socket p50 / p99**",
        `**${ms(pct(toScreen, 0.5))} / ${ms(pct(toScreen, 0.99))}**`,
        "≤ 5 ms / ≤ 30 ms",
      ],
      ["… max; frames that arrived before the answer", `${ms(pct(toScreen, 1))}; ${early}`, ""],
      ["POST sent → frame on socket p50 / p99", `${ms(pct(fromSend, 0.5))} / ${ms(pct(fromSend, 0.99))}`, ""],
      [
        "lost / duplicated (message × socket)",
        `${lost} / ${dup} of ${r.ok.length * results.length}`,
        "0 / 0",
      ],
      ["frames received (all events)", frames.toLocaleString(), ""],
      ["client lag p99 (send behind schedule)", ms(pct(r.lag, 0.99)), ""],
      [
        "load client CPU (POSTs + 4 socket workers, same machine)",
        `${((own1 - own0) / ((r.wallMs + 2000) / 1000) * 100).toFixed(0)} % of one core`,
        "",
      ],
      [
        "server CPU during the run; per message",
        `${((cpu1 - cpu0) / ((r.wallMs + 2000) / 1000) * 100).toFixed(0)} % of one core; ${
          ((cpu1 - cpu0) * 1000 / r.ok.length).toFixed(2)
        } ms`,
        "",
      ],
      [
        "server RSS: started / after 100 logins / sockets open",
        `${rssStart.toFixed(0)} / ${rssLogins.toFixed(0)} / ${rssSockets.toFixed(0)} MB`,
        "",
      ],
      [
        "server RSS idle (before, after warm-up) / peak under load",
        `${idleRss.toFixed(0)} MB / ${mem.peak.toFixed(0)} MB`,
        "≤ 150 / ≤ 400 MB",
      ],
    ],
  );
}

async function ingest() {
  const steps = env("STEPS", "500,1000,1500,2000,3000").split(",").map(Number);
  const seconds = Number(env("STEP_SECONDS", "20"));
  await warmup(10); // "sustained": the steps measure a server that has been taking traffic
  const rows: string[][] = [];
  let knee = "";
  for (const rate of steps) {
    const t0 = cpuTimes(server.child.pid), own0 = cpuSeconds(Deno.pid);
    const r = await offer(rate, seconds);
    const t1 = cpuTimes(server.child.pid), own1 = cpuSeconds(Deno.pid);
    const cpu0 = t0.user + t0.sys, cpu1 = t1.user + t1.sys;
    const kernel = (t1.sys - t0.sys) / (cpu1 - cpu0);
    const p99 = pct(r.lat, 0.99);
    if (!knee && (p99 > 100 || r.skipped > 0)) knee = `${rate} msg/s`;
    rows.push([
      String(rate),
      (r.ok.length / (r.wallMs / 1000)).toFixed(0),
      ms(pct(r.lat, 0.5)),
      ms(p99),
      `${r.errors} / ${r.skipped}`,
      `${((cpu1 - cpu0) / (r.wallMs / 1000) * 100).toFixed(0)} % (${
        ((cpu1 - cpu0) * 1000 / r.ok.length).toFixed(2)
      } ms; kernel ${(kernel * 100).toFixed(0)} %)`,
      `${((own1 - own0) / (r.wallMs / 1000) * 100).toFixed(0)} %`,
      `${rssMb(server.child.pid).toFixed(0)} MB`,
    ]);
    await sleep(1_000);
    if (p99 > 2_000) break; // far past the knee: stop stepping
  }
  printTable(
    `Budget 2 — ingest throughput (${dbKind} database, ${nContacts} contacts, ${nSockets} sockets, ${seconds} s per step)`,
    [
      "offered msg/s",
      "achieved msg/s",
      "POST p50",
      "POST p99",
      "errors / skipped",
      "server CPU (per message; kernel share)",
      "load client CPU",
      "server RSS",
    ],
    rows,
    [`p99 passes 100 ms at: **${knee || `not reached (≥ ${steps.at(-1)} msg/s)`}** (target ≥ 2,000 msg/s)`],
  );
}

let srv: Server | undefined = server;
try {
  if (mode === "screen") await screen();
  else await ingest();
} finally {
  if (srv) await stopServer(srv);
  srv = undefined;
  if (dbKind === "fresh") await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
}
