/**
 * Diagnosis helper (not a budget): builds the SQL that GET /api/tickets runs — with the server's
 * own listWhere() — for the benchmark variants, then prints EXPLAIN QUERY PLAN and the time of the
 * page query and of the count query separately, directly on the large database.
 *
 *   deno task bench:explain              (server must not be writing to the database)
 *   PRAGMAS="PRAGMA cache_size=-65536; PRAGMA mmap_size=1073741824" deno task bench:explain
 */
import { and, count, desc, eq } from "drizzle-orm";
import { openDatabase } from "@db/client.ts";
import { tickets, userQueues, users } from "@db/schema.ts";
import { viewerOf } from "@/lib/context.ts";
import { type ListCriteria, listWhere, searchTerms } from "@/tickets/list_where.ts";
import { LARGE_DIR, ms, pct, printTable } from "./_lib.ts";
import { readSeedInfo } from "./seed.ts";

const info = await readSeedInfo();
if (!info) throw new Error("run deno task bench:seed first");
const database = await openDatabase(`file:${LARGE_DIR}/atende.db`);
const { db, client } = database;
for (const p of (Deno.env.get("PRAGMAS") ?? "").split(";").map((s) => s.trim()).filter(Boolean)) {
  await client.execute(p);
}
const companyId = info.companyId;

async function viewerFor(email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email));
  const qs = (await db.select({ id: userQueues.queueId }).from(userQueues).where(
    and(eq(userQueues.companyId, companyId), eq(userQueues.userId, u.id)),
  )).map((r) => r.id);
  return viewerOf(u, qs);
}
const viewers = { admin: await viewerFor(info.adminEmail), user: await viewerFor(info.userEmail) };

type Case = {
  name: string;
  who: keyof typeof viewers;
  mode: ListCriteria["mode"];
  showAll?: boolean;
  queueIds?: number[];
};
const st = (status: "open" | "pending" | "closed") => ({ kind: "status" as const, status });
const search = (s: string, onMessages = false) => ({
  kind: "search" as const,
  ...searchTerms(s, { namesOnly: false, onMessages }),
});
const cases: Case[] = [
  { name: "pending tab", who: "admin", mode: st("pending") },
  { name: "pending tab", who: "user", mode: st("pending") },
  { name: "open tab", who: "admin", mode: st("open") },
  { name: "open tab", who: "user", mode: st("open") },
  { name: "open tab showAll", who: "admin", mode: st("open"), showAll: true },
  { name: "pending + queues", who: "user", mode: st("pending"), queueIds: info.userQueueIds.slice(0, 2) },
  { name: "closed tab", who: "admin", mode: st("closed") },
  { name: "closed tab", who: "user", mode: st("closed") },
  { name: "contact search 'Ana'", who: "admin", mode: search("Ana") },
  { name: "contact search 'Ana'", who: "user", mode: search("Ana") },
  { name: "contact search 'Silva'", who: "user", mode: search("Silva") },
  { name: "message search 'pedido'", who: "admin", mode: search("pedido", true) },
  { name: "message search 'pedido'", who: "user", mode: search("pedido", true) },
  { name: "message search 'garantia'", who: "admin", mode: search("garantia", true) },
  { name: "message search rare 'sku1a'", who: "admin", mode: search("sku1a", true) },
];

const rows: string[][] = [];
for (const c of cases) {
  const where = listWhere({
    companyId,
    viewer: viewers[c.who],
    showAll: !!c.showAll,
    mode: c.mode,
    queueIds: c.queueIds,
  });
  const page = db.select().from(tickets).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(40);
  const cnt = db.select({ n: count() }).from(tickets).where(where);
  const time = async (q: { toSQL(): { sql: string; params: unknown[] } }, n = 5) => {
    const { sql, params } = q.toSQL();
    const stmt = { sql, args: params as never[] };
    const xs: number[] = [];
    let result = 0;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const r = await client.execute(stmt);
      xs.push(performance.now() - t0);
      result = r.rows.length === 1 ? Number(Object.values(r.rows[0])[0]) : r.rows.length;
    }
    return { ms: pct(xs, 0.5), result };
  };
  const a = await time(page), b = await time(cnt);
  rows.push([c.name, c.who, ms(a.ms), ms(b.ms), String(b.result)]);
  if (Deno.env.get("PLANS") !== "0") {
    const { sql, params } = cnt.toSQL();
    const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never[] });
    const { sql: psql, params: pparams } = page.toSQL();
    const pplan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${psql}`, args: pparams as never[] });
    console.log(`\n#### ${c.name} (${c.who})\npage plan:`);
    for (const r of pplan.rows) console.log(`  ${r.id}/${r.parent} ${r.detail}`);
    console.log("count plan:");
    for (const r of plan.rows) console.log(`  ${r.id}/${r.parent} ${r.detail}`);
  }
}
printTable("GET /api/tickets SQL on the large database (median of 5, direct)", [
  "case",
  "viewer",
  "page query (LIMIT 40)",
  "count(*) query",
  "count",
], rows);
database.close();
