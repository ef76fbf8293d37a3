/**
 * What the read pool (db/read_pool.ts) adds, on the large company of bench/seed.ts:
 *
 *   BENCH_LARGE_DIR=/tmp/<copy> deno run -A bench/read_pool.ts
 *   READS=lists …  (the throughput part reads ticket-list pages instead of reports)
 *
 * For READ_WORKERS = 0 (every read on the main thread) and the default pool, each against a fresh
 * server process:
 * - throughput of heavy reads with CLIENTS concurrent clients (default 10) for SECONDS (default 20):
 *   report pages over a year (closed + users + queues) and the rated-only report;
 * - the inbox (GET /tickets pending tab) p50/p99 over INBOX_N sequential requests, idle and while a
 *   reporte.xlsx of every ticket (≥ 100,000 rows) streams to another client.
 * Run bench/dashboard.ts on the copy first (it adds the service cycles and NPS answers).
 */
import { readSeedInfo } from "./seed.ts";
import {
  LARGE_DIR,
  login,
  ms,
  pct,
  printTable,
  sleep,
  startServer,
  stopServer,
  warmPageCache,
} from "./_lib.ts";

const info = await readSeedInfo();
if (!info) {
  console.error(`No large company at ${LARGE_DIR}: run \`deno task bench:seed\` first.`);
  Deno.exit(1);
}
const CLIENTS = Number(Deno.env.get("CLIENTS") ?? 10);
const SECONDS = Number(Deno.env.get("SECONDS") ?? 20);
const INBOX_N = Number(Deno.env.get("INBOX_N") ?? 200);
const POOLS = (Deno.env.get("POOLS") ?? "0,2").split(",");

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// READS=lists: the ticket lists and the board instead of the reports (the same 10 clients).
const READS = Deno.env.get("READS") ?? "reports";
const HEAVY = READS === "lists"
  ? [
    "/tickets?status=pending&pageNumber=1",
    "/tickets?status=open&showAll=true&pageNumber=1",
    "/tickets?status=closed&pageNumber=2",
    "/tickets?status=open&pageNumber=1",
  ]
  : [
    `/ticketreport/reports?dateFrom=${day(-364)}&dateTo=${
      day(0)
    }&status=["closed"]&users=[10,20]&queueIds=[1,2,3,4,5]&page=1&pageSize=10`,
    `/ticketreport/reports?onlyRated=true&page=1&pageSize=50`,
  ];
const load = () => (Deno.loadavg?.() ?? []).map((x) => x.toFixed(2)).join(" ");

const rows: string[][] = [];
console.error(`page cache warmed in ${(await warmPageCache(LARGE_DIR)).toFixed(1)} s`);
for (const workers of POOLS) {
  const server = await startServer({ dataDir: LARGE_DIR, env: { READ_WORKERS: workers } });
  await sleep(1_000);
  const token = await login(server.base, info.adminEmail);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const r = await fetch(`${server.base}/api${path}`, { headers });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`GET ${path}: ${r.status}`);
  };
  for (const p of HEAVY) for (let i = 0; i < 3; i++) await get(p); // warm-up
  const loadStart = load();

  // Throughput: CLIENTS loops, each request the next heavy read.
  let done = 0;
  const lat: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; performance.now() < until; i++) {
      const t0 = performance.now();
      await get(HEAVY[i % HEAVY.length]);
      lat.push(performance.now() - t0);
      done++;
    }
  }));
  const rps = done / SECONDS;

  // The inbox, idle and during an export.
  const inbox = async () => {
    const out: number[] = [];
    for (let i = 0; i < INBOX_N; i++) {
      const t0 = performance.now();
      await get("/tickets?status=pending&pageNumber=1");
      out.push(performance.now() - t0);
    }
    return out;
  };
  const idle = await inbox();
  // EXPORT=0: no export run (throughput and idle inbox only).
  let exportDone = Deno.env.get("EXPORT") === "0";
  const exporting = exportDone ? Promise.resolve("—") : (async () => {
    const r = await fetch(
      `${server.base}/api/ticketreport/reports.xlsx?dateFrom=${day(-800)}&dateTo=${day(0)}`,
      {
        headers,
      },
    );
    const n = r.headers.get("x-report-rows");
    await r.arrayBuffer();
    exportDone = true;
    return n;
  })();
  if (!exportDone) await sleep(300); // the export has started streaming
  const during: number[] = [];
  while (!exportDone && during.length < INBOX_N * 5) {
    const t0 = performance.now();
    await get("/tickets?status=pending&pageNumber=1");
    during.push(performance.now() - t0);
  }
  const exportRows = await exporting;
  rows.push([
    workers === "0" ? "main thread only" : `pool of ${workers}`,
    `**${rps.toFixed(1)} req/s**`,
    `${ms(pct(lat, 0.5))} / ${ms(pct(lat, 0.99))}`,
    `${ms(pct(idle, 0.5))} / **${ms(pct(idle, 0.99))}**`,
    `${ms(pct(during, 0.5))} / **${ms(pct(during, 0.99))}** (${during.length} req, ${exportRows} rows)`,
    `${loadStart} → ${load()}`,
  ]);
  console.error(rows.at(-1)!.join(" | "));
  await stopServer(server);
}
printTable(
  `Read pool — large company; ${CLIENTS} concurrent clients × ${SECONDS} s of ${
    READS === "lists" ? "ticket-list pages" : "heavy report reads"
  }; inbox = GET /tickets pending tab`,
  [
    "reads on",
    "heavy reads throughput",
    "heavy p50 / p99",
    "inbox idle p50 / p99",
    "inbox during a reporte.xlsx p50 / p99",
    "load average (1/5/15) start → end",
  ],
  rows,
);
