/**
 * Audit-log reads on a large log: N entries (default 300,000) spread over 20 companies
 * and ~30 actions, then through the real server (its own process):
 * - GET /api/audit-logs first page + count: the operator over every company, one company, one company
 *   and one action, one company and a one-week date range (50 sequential requests each, p50/p95);
 * - GET /api/audit-logs/export of one company (≈ N/20 rows): time and the server's peak RSS.
 *
 *   BENCH_PORT=18207 deno run -A bench/audit_log.ts      (N=… to change the size)
 */
import Database from "libsql";
import {
  login,
  ms,
  pct,
  printTable,
  rng,
  rssMb,
  sampleRss,
  startServer,
  stopServer,
  timeSequential,
} from "./_lib.ts";
import { AUDIT_ACTIONS } from "../server/audit/service.ts";

const N = Number(Deno.env.get("N") ?? 300_000);
const COMPANIES = 20;
const dataDir = await Deno.makeTempDir({ prefix: "atende-bench-audit-" });
const rand = rng(13);

// 1. A migrated, seeded database (the server does it), then the log written directly.
let server = await startServer({ dataDir });
await stopServer(server);
const db = new Database(`${dataDir}/atende.db`);
db.exec("BEGIN");
for (let c = 2; c <= COMPANIES + 1; c++) {
  db.prepare("INSERT INTO companies (id, name, plan_id) VALUES (?, ?, 1)").run(c, `Company ${c}`);
}
const insert = db.prepare(
  `INSERT INTO audit_logs (company_id, user_id, user_name, user_email, action, entity, entity_id, summary, diff, ip,
   user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const start = Date.parse("2026-01-01T00:00:00Z");
const span = 300 * 24 * 3600_000;
for (let i = 0; i < N; i++) {
  const company = 2 + Math.floor(rand() * COMPANIES);
  const user = company * 100 + Math.floor(rand() * 20);
  const action = AUDIT_ACTIONS[Math.floor(rand() * AUDIT_ACTIONS.length)];
  insert.run(
    company,
    user,
    `User ${user}`,
    `u${user}@bench.local`,
    action,
    action.split(".")[0],
    String(Math.floor(rand() * 5000)),
    `record ${i}`,
    JSON.stringify({ name: [`old ${i}`, `new ${i}`], profile: ["user", "admin"] }),
    "10.0.0.1",
    "bench",
    new Date(start + Math.floor((i / N) * span)).toISOString(),
  );
}
db.exec("COMMIT");
db.close();

// 2. The reads, through the server.
server = await startServer({ dataDir });
const token = await login(server.base, "bench@atende.local");
const get = async (q: string) => {
  const r = await fetch(`${server.base}/api/audit-logs${q}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!r.ok) throw new Error(`${q}: ${r.status} ${await r.text()}`);
  return (await r.json()) as { count: number };
};
const variants: [string, string][] = [
  ["operator, every company", ""],
  ["one company", "?companyId=7"],
  ["one company + action", "?companyId=7&action=user.update"],
  ["one company + one week", "?companyId=7&dateFrom=2026-06-01&dateTo=2026-06-07"],
  ["one company + user", `?companyId=7&userId=705`],
];
const rows: (string | number)[][] = [];
for (const [name, q] of variants) {
  const { count } = await get(q);
  const t = await timeSequential(50, () => get(q).then(() => undefined));
  rows.push([name, count, ms(pct(t, 0.5)), ms(pct(t, 0.95))]);
}
const rssBefore = rssMb(server.child.pid);
const sampler = sampleRss(server.child.pid, 50);
const t0 = performance.now();
const res = await fetch(`${server.base}/api/audit-logs/export?companyId=7`, {
  headers: { authorization: `Bearer ${token}` },
});
const bytes = (await res.arrayBuffer()).byteLength;
const exportMs = performance.now() - t0;
const peak = sampler.stop().peak;
await stopServer(server);
await Deno.remove(dataDir, { recursive: true });

printTable(
  `Audit log, ${N.toLocaleString("en")} entries over ${COMPANIES} companies`,
  [
    "GET /api/audit-logs (page of 50 + count)",
    "rows matched",
    "p50",
    "p95",
  ],
  rows,
  [
    `Export of company 7 (≈ ${Math.round(N / COMPANIES).toLocaleString("en")} rows): ${ms(exportMs, 0)}, ` +
    `${(bytes / 1024).toFixed(0)} KB, server RSS ${rssBefore.toFixed(0)} MB before, peak ${
      peak.toFixed(0)
    } MB.`,
  ],
);
