/**
 * Dashboard and report benchmarks on the large company of bench/seed.ts:
 *
 *   BENCH_LARGE_DIR=/tmp/<copy> BENCH_PORT=… deno task bench:dashboard
 *
 * The seed writes tickets and messages only; this script first gives the large company what the
 * inbox writes beside them (once, into the copy it is pointed at): one service cycle per ticket
 * (ticket_traking: queued, started 1–30 min later, finished at the ticket's close) and an NPS
 * answer (0–10) for every third closed ticket. Then, against the server as a separate process:
 * - GET /dashboard for the last 30 days and the last 365 days (N sequential requests each, p50/p95),
 *   plus ticketsDay, ticketsUsers and messages-allMe for the same ranges;
 * - GET /ticketreport/reports pages (10 rows; the month, a status+user filter, deep pages);
 * - GET /ticketreport/reports.xlsx of ≥ 100,000 rows: wall time and the server's RSS growth
 *   (sampled every 50 ms), and the same for the PDF.
 * Env: N (default 100), BENCH_DENO_ARGS as elsewhere. Writes into BENCH_LARGE_DIR: use a copy.
 */
import { sql } from "drizzle-orm";
import { createClient } from "@libsql/client";
import { openDatabase } from "@db/client.ts";
import {
  cpuSeconds,
  LARGE_DIR,
  login,
  ms,
  pct,
  printTable,
  rssMb,
  sampleRss,
  sleep,
  startServer,
  stopServer,
  warmPageCache,
} from "./_lib.ts";
import { readSeedInfo } from "./seed.ts";

const info = await readSeedInfo();
if (!info) {
  console.error(`No large company at ${LARGE_DIR}: run \`deno task bench:seed\` first.`);
  Deno.exit(1);
}
const N = Number(Deno.env.get("N") ?? 100);
const denoArgs = (Deno.env.get("BENCH_DENO_ARGS") ?? "").split(" ").filter(Boolean);
const cid = info.companyId;

// --- service cycles and ratings, once (migrates the copy first: the 0004 indexes) ---
{
  const t0 = performance.now();
  const database = await openDatabase(`file:${LARGE_DIR}/atende.db`);
  const { client } = database;
  console.error(`migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const n = Number(
    (await client.execute({
      sql: "SELECT count(*) AS n FROM ticket_traking WHERE company_id = ?",
      args: [cid],
    })).rows[0].n,
  );
  if (n === 0) {
    const t1 = performance.now();
    await database.write(async (tx) => {
      await tx.run(sql.raw(`
        INSERT INTO ticket_traking (company_id, ticket_id, whatsapp_id, user_id, queue_id, queued_at, started_at,
          finished_at, closed_at, rated, created_at, updated_at)
        SELECT company_id, id, whatsapp_id, user_id, queue_id, created_at,
          CASE WHEN user_id IS NOT NULL
            THEN strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+' || (1 + id % 30) || ' minutes') END,
          closed_at, closed_at, (status = 'closed' AND id % 3 = 0), created_at, coalesce(closed_at, updated_at)
        FROM tickets WHERE company_id = ${cid}`));
      await tx.run(sql.raw(`
        INSERT INTO user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at)
        SELECT company_id, id, user_id, id % 11, closed_at, closed_at
        FROM tickets WHERE company_id = ${cid} AND status = 'closed' AND id % 3 = 0`));
    });
    await client.execute("PRAGMA optimize=0x10002");
    console.error(`tracking rows and ratings written in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  }
  database.close();
}

console.error(`page cache warmed in ${(await warmPageCache(LARGE_DIR)).toFixed(1)} s`);
const server = await startServer({ dataDir: LARGE_DIR, denoArgs });
await sleep(1_000);
await waitForRollup();

/**
 * A server with the dashboard's per-day rollups builds them at its first start on a database
 * (in the background): the reads are measured once the large company's is there. A server
 * without them (BENCH_SERVER_DIR on an older checkout) has no such table and is measured at once.
 */
async function waitForRollup() {
  const serverDir = Deno.env.get("BENCH_SERVER_DIR") ?? new URL("..", import.meta.url).pathname;
  const builds = await Deno.stat(`${serverDir}/server/dashboard/rollup_build.ts`).then(
    () => true,
    () => false,
  );
  if (!builds) return console.error("no dashboard rollups on this server");
  const client = createClient({ url: `file:${LARGE_DIR}/atende.db` });
  const t0 = performance.now();
  try {
    for (;;) {
      const r = await client.execute({
        sql: "SELECT built_until FROM dashboard_rollup_state WHERE company_id = ?",
        args: [cid],
      });
      if (r.rows.length) break;
      if (performance.now() - t0 > 600_000) throw new Error("no rollup after 10 min");
      await sleep(250);
    }
    console.error(
      `dashboard rollup of the large company ready ${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s after start`,
    );
  } finally {
    client.close();
  }
}
const token = await login(server.base, info.adminEmail);
const headers = { authorization: `Bearer ${token}` };

async function get(path: string): Promise<unknown> {
  const r = await fetch(`${server.base}/api${path}`, { headers });
  const text = await r.text();
  if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function measure(make: (i: number) => string) {
  for (let i = 0; i < 5; i++) await get(make(i)); // warm-up
  const lat: number[] = [];
  const cpu0 = cpuSeconds(server.child.pid);
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await get(make(i));
    lat.push(performance.now() - t0);
  }
  return {
    p50: pct(lat, 0.5),
    p95: pct(lat, 0.95),
    max: Math.max(...lat),
    cpuMs: (cpuSeconds(server.child.pid) - cpu0) * 1000 / N,
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ranges = { "30 days": [day(-29), day(0)], "365 days": [day(-364), day(0)] } as const;

const ONLY = Deno.env.get("ONLY") ?? ""; // "exports": skip the read benchmarks
const rows: string[][] = [];
for (const [label, [from, to]] of Object.entries(ONLY === "exports" ? {} : ranges)) {
  const d = await get(`/dashboard?date_from=${from}&date_to=${to}`) as { counters: Record<string, number> };
  console.error(`  ${label}: ${JSON.stringify(d.counters).slice(0, 200)}`);
  const variants: [string, string][] = [
    ["GET /dashboard", `/dashboard?date_from=${from}&date_to=${to}`],
    ["GET /dashboard + 3 queues", `/dashboard?date_from=${from}&date_to=${to}&queueIds=[1,2,3]`],
    ["GET /dashboard/ticketsDay", `/dashboard/ticketsDay?initialDate=${from}&finalDate=${to}`],
    ["GET /dashboard/ticketsUsers", `/dashboard/ticketsUsers?initialDate=${from}&finalDate=${to}`],
    ["GET /messages-allMe", `/messages-allMe?dateStart=${from}&dateEnd=${to}`],
  ];
  for (const [name, path] of variants) {
    const r = await measure(() => path);
    console.error(`  ${name} (${label}): p95 ${ms(r.p95)}`);
    rows.push([name, label, ms(r.p50), `**${ms(r.p95)}**`, ms(r.max), ms(r.cpuMs)]);
  }
}

const [mFrom, mTo] = ranges["30 days"];
const reportVariants: [string, (i: number) => string][] = [
  [
    "report page 1, 30 days",
    () => `/ticketreport/reports?dateFrom=${mFrom}&dateTo=${mTo}&page=1&pageSize=10`,
  ],
  [
    "report, 30 days, pages 1–50",
    (i) => `/ticketreport/reports?dateFrom=${mFrom}&dateTo=${mTo}&page=${1 + (i % 50)}&pageSize=10`,
  ],
  [
    "report, closed + 2 users + queue, 365 days",
    () =>
      `/ticketreport/reports?dateFrom=${
        ranges["365 days"][0]
      }&dateTo=${mTo}&status=["closed"]&users=[10,20]&queueIds=[1,2,3,4,5]&page=1&pageSize=10`,
  ],
  ["report, rated only, no dates", () => `/ticketreport/reports?onlyRated=true&page=1&pageSize=50`],
];
for (const [name, make] of ONLY === "exports" ? [] : reportVariants) {
  const r = await measure(make);
  console.error(`  ${name}: p95 ${ms(r.p95)}`);
  rows.push([name, "", ms(r.p50), `**${ms(r.p95)}**`, ms(r.max), ms(r.cpuMs)]);
}

if (rows.length) {
  printTable(
    `Dashboard and report reads — large company, ${N} sequential requests each`,
    ["request", "range", "p50", "p95", "max", "server CPU / req"],
    rows,
  );
}

// --- exports: ≥ 100,000 rows streamed ---
const exportRows: string[][] = [];
const exportFrom = day(-400);
for (const kind of (Deno.env.get("EXPORTS") ?? "xlsx,pdf").split(",") as ("xlsx" | "pdf")[]) {
  const path = `/ticketreport/reports.${kind}?dateFrom=${exportFrom}&dateTo=${mTo}&lang=pt`;
  await sleep(2_000);
  const rss0 = rssMb(server.child.pid);
  const sampler = sampleRss(server.child.pid, 50);
  const cpu0 = cpuSeconds(server.child.pid);
  const t0 = performance.now();
  const r = await fetch(`${server.base}/api${path}`, { headers });
  const total = Number(r.headers.get("x-report-rows"));
  let bytes = 0;
  const reader = r.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const secs = (performance.now() - t0) / 1000;
  const { peak } = sampler.stop();
  const cpu = cpuSeconds(server.child.pid) - cpu0;
  console.error(
    `  ${kind}: ${total} rows, ${(bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(1)} s, CPU ${
      cpu.toFixed(1)
    } s, ` +
      `RSS ${rss0.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
  );
  exportRows.push([
    `reporte.${kind}`,
    total.toLocaleString("en"),
    `${(bytes / 1_048_576).toFixed(1)} MB`,
    `**${secs.toFixed(1)} s**`,
    `${cpu.toFixed(1)} s`,
    `${rss0.toFixed(0)} MB`,
    `${peak.toFixed(0)} MB`,
    `**${(peak - rss0).toFixed(0)} MB**`,
  ]);
}
printTable(
  "Streamed exports — rows read 250 at a time with a keyset",
  ["file", "rows", "size", "wall time", "server CPU", "RSS before", "RSS peak", "RSS growth"],
  exportRows,
);
await stopServer(server);
