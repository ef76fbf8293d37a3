/**
 * Diagnosis helper (not a budget): builds the SQL that GET /api/tickets runs — with the server's
 * own listWhere() / countStatement() / searchStatement() — for the benchmark variants, then prints
 * EXPLAIN QUERY PLAN and the time of each statement, directly on the large database, plus the
 * reads of ticketDTOs for the page (in-process, the same function the route calls).
 *
 *   deno task bench:explain              (server must not be writing to the database)
 *   PLANS=0 deno task bench:explain      (timings only)
 *   PRAGMAS="PRAGMA cache_size=-65536; PRAGMA mmap_size=1073741824" deno task bench:explain
 */
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { openDatabase } from "@db/client.ts";
import { tickets, userQueues, users } from "@db/schema.ts";
import { viewerOf } from "@/lib/context.ts";
import { ticketDTOs } from "@/tickets/dto.ts";
import { type ListCriteria, listWhere, MESSAGE_SEARCH_WINDOW, searchTerms } from "@/tickets/list_where.ts";
import { countStatement, searchStatement } from "@/tickets/list_queries.ts";
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
const dialect = new SQLiteSyncDialect();

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
  { name: "contact search 'Ana' (dense)", who: "admin", mode: search("Ana") },
  { name: "contact search 'Ana' (dense)", who: "user", mode: search("Ana") },
  { name: "contact search 'Silv' (dense)", who: "user", mode: search("Silv") },
  { name: "contact search 'Ana Silva' (sparse)", who: "admin", mode: search("Ana Silva") },
  { name: "contact search digits '0395891'", who: "admin", mode: search("0395891") },
  { name: "message search 'pedido'", who: "admin", mode: search("pedido", true) },
  { name: "message search 'pedido'", who: "user", mode: search("pedido", true) },
  { name: "message search 'garantia'", who: "admin", mode: search("garantia", true) },
  { name: "message search rare 'sku1a'", who: "admin", mode: search("sku1a", true) },
  { name: "message search 'hola nota'", who: "admin", mode: search("hola nota", true) },
];

const N = Number(Deno.env.get("N") ?? 7);
async function timed(q: SQL, n = N) {
  const { sql: text, params } = dialect.sqlToQuery(q);
  const stmt = { sql: text, args: params as never[] };
  const xs: number[] = [];
  let rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    rows = (await client.execute(stmt)).rows as unknown as Record<string, unknown>[];
    xs.push(performance.now() - t0);
  }
  return { ms: pct(xs, 0.5), rows, stmt };
}
async function plan(title: string, stmt: { sql: string; args: never[] }) {
  if (Deno.env.get("PLANS") === "0") return;
  const p = await client.execute({ sql: `EXPLAIN QUERY PLAN ${stmt.sql}`, args: stmt.args });
  console.log(`${title}:`);
  for (const r of p.rows) console.log(`  ${r.id}/${r.parent} ${r.detail}`);
}

const order = [desc(tickets.updatedAt), desc(tickets.id)];
const rows: string[][] = [];
for (const c of cases) {
  const criteria: ListCriteria = {
    companyId,
    viewer: viewers[c.who],
    showAll: !!c.showAll,
    mode: c.mode,
    queueIds: c.queueIds,
    messageWindow: MESSAGE_SEARCH_WINDOW,
  };
  console.log(`\n#### ${c.name} (${c.who})`);
  let first: string, second: string, count: string, ids: number[];
  if (c.mode.kind === "search") {
    // What list.ts runs: one statement (count + page ids), then the page's rows by id.
    const s = await timed(searchStatement(criteria, { asc: false, limit: 41, offset: 0 }));
    await plan("search statement plan", s.stmt);
    ids = JSON.parse(String(s.rows[0].ids)) as number[];
    const byId = await timed(
      db.select().from(tickets).where(
        and(sql`+${tickets.companyId} = ${companyId}`, inArray(tickets.id, ids)),
      )
        .getSQL(),
    );
    first = `search statement ${ms(s.ms)}`;
    second = `rows by id ${ms(byId.ms)}`;
    count = String(s.rows[0].n);
  } else {
    const where = listWhere(criteria);
    const page = await timed(db.select().from(tickets).where(where).orderBy(...order).limit(41).getSQL());
    await plan("page plan", page.stmt);
    const cnt = countStatement(criteria, where);
    const n = await timed(cnt.sql);
    await plan("count plan", n.stmt);
    ids = page.rows.map((r) => Number(r.id));
    first = `page (LIMIT 41) ${ms(page.ms)}`;
    second = `count ${ms(n.ms)}`;
    count = String(n.rows[0].n);
  }
  // ticketDTOs for the page (6 reads), in-process as the route runs it.
  const pageRows = ids.length
    ? await db.select().from(tickets).where(inArray(tickets.id, ids.slice(0, 40))).orderBy(...order)
    : [];
  const dto: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await ticketDTOs(db, companyId, pageRows);
    dto.push(performance.now() - t0);
  }
  rows.push([c.name, c.who, first, second, ms(pct(dto, 0.5)), count]);
}
printTable(`GET /api/tickets SQL on the large database (median of ${N}, direct)`, [
  "case",
  "viewer",
  "statement 1",
  "statement 2",
  "ticketDTOs (40 rows)",
  "count",
], rows);
database.close();
