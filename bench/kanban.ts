/**
 * GET /ticket/kanban's query on the large database (diagnosis, not a budget): EXPLAIN QUERY PLAN and
 * the time of the board's ticket query plus ticketDTOs for an admin and an attendant, over one day
 * and over 30 days. Copy the seeded database first (it is migrated on open):
 *
 *   cp -r /tmp/atende-bench-large /tmp/h18-large && BENCH_LARGE_DIR=/tmp/h18-large deno run -A bench/kanban.ts
 * POOL=n (2): each board also through a read pool of n Workers (what the route does); N runs (15).
 */
import { and, eq, max } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { openDatabase } from "@db/client.ts";
import { readAll } from "@db/prepared.ts";
import { ReadPool } from "@db/read_pool.ts";
import { tickets, userQueues, users } from "@db/schema.ts";
import { viewerOf } from "@/lib/context.ts";
import { ticketDTOs } from "@/tickets/dto.ts";
import { boardRows } from "@/kanban/board.ts";
import { LARGE_DIR, ms, pct, printTable } from "./_lib.ts";
import { readSeedInfo } from "./seed.ts";

const info = await readSeedInfo();
if (!info) throw new Error("run deno task bench:seed first");
const database = await openDatabase(`file:${LARGE_DIR}/atende.db`);
const { db, client } = database;
const companyId = info.companyId;
const dialect = new SQLiteSyncDialect();
// POOL=n (default 2): also run the board through a read pool of n Workers, as GET /ticket/kanban does.
const POOL = Number(Deno.env.get("POOL") ?? 2);
const pool = POOL > 0 ? new ReadPool(`${LARGE_DIR}/atende.db`, POOL) : null;
const N = Number(Deno.env.get("N") ?? 15);

async function viewerFor(email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email));
  const qs = (await db.select({ id: userQueues.queueId }).from(userQueues).where(
    and(eq(userQueues.companyId, companyId), eq(userQueues.userId, u.id)),
  )).map((r) => r.id);
  return viewerOf(u, qs);
}
const viewers = { admin: await viewerFor(info.adminEmail), user: await viewerFor(info.userEmail) };
const [{ newest }] = await db.select({ newest: max(tickets.updatedAt) }).from(tickets)
  .where(eq(tickets.companyId, companyId));
const end = new Date(newest!);
const day = (n: number) => new Date(end.getTime() - n * 86400_000).toISOString();

const rows: string[][] = [];
for (const [who, viewer] of Object.entries(viewers)) {
  for (const [label, from] of [["1 day", day(1)], ["30 days", day(30)]] as const) {
    const f = { queueIds: [], updatedFrom: from, updatedTo: new Date(end.getTime() + 1).toISOString() };
    const q = boardRows(db, companyId, viewer, f);
    if (Deno.env.get("PLANS") !== "0") {
      const { sql: text, params } = dialect.sqlToQuery(q.getSQL());
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: params as never });
      console.log(`\n${who}, ${label}:`);
      for (const r of plan.rows) console.log(`  ${r.detail}`);
    }
    for (const on of pool ? ["main", "pool"] as const : ["main"] as const) {
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < N; i++) {
        const t0 = performance.now();
        const page = on === "pool"
          ? await readAll(pool!, boardRows(db, companyId, viewer, f).prepare())
          : await boardRows(db, companyId, viewer, f);
        await ticketDTOs(db, companyId, page, on === "pool" ? { reads: pool! } : {});
        times.push(performance.now() - t0);
        n = page.length;
      }
      rows.push([`${who} ${label}`, on, String(n), ms(pct(times, 0.5)), ms(pct(times, 0.95))]);
    }
  }
}
printTable(
  `GET /ticket/kanban (query + ticketDTOs), load ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
  ["board", "reads on", "cards", "p50", "p95"],
  rows,
);
pool?.close();
database.close();
