/**
 * Builds the dashboard's per-day rollups (db/schema/dashboard.ts) from the raw tables: a day is
 * recomputed whole (its rows deleted and written again), so a rebuild, the nightly job and the
 * listeners all share one function and a recompute is always exact for the data it read. The raw
 * reads run outside the write lock; each write holds the lock for one chunk of days only.
 */
import { sql } from "drizzle-orm";
import type { Reads } from "@db/read_pool.ts";
import { serviceMinutes, waitMinutes } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { addDays, dayStartUtc, zonedParts } from "../lib/time.ts";

/** Days per read + write round of a rebuild (bounds the write lock and the rows held in memory). */
const CHUNK_DAYS = 31;

type Bucket = [day: string, start: string, end: string];

const bucketsOf = (days: string[], zone: string): Bucket[] =>
  days.map((d) => [d, dayStartUtc(d, zone), dayStartUtc(addDays(d, 1), zone)]);

type CycleRow = {
  queueId: number;
  day: string;
  userId: number;
  cycles: number;
  finished: number;
  rated: number;
  waitRating: number;
  waitSum: number;
  waitN: number;
  supportSum: number;
  supportN: number;
  ratings: number;
  rateSum: number;
  promoters: number;
  passives: number;
  detractors: number;
};
const CYCLE_SUMS = [
  "cycles",
  "finished",
  "rated",
  "waitRating",
  "waitSum",
  "waitN",
  "supportSum",
  "supportN",
  "ratings",
  "rateSum",
  "promoters",
  "passives",
  "detractors",
] as const;

type TicketRow = { queueId: number; day: string; created: number; groups: number; active: number };
type MessageRow = { day: string; total: number; fromMe: number };

export type DayRows = { cycles: CycleRow[]; tickets: TicketRow[]; messages: MessageRow[] };

/** The rollup rows of the given local days, read from the raw tables (no write). */
export async function computeDays(
  db: Reads,
  companyId: number,
  days: string[],
  zone: string,
): Promise<DayRows> {
  const b = JSON.stringify(bucketsOf(days, zone));
  const [cycles, ratings, tickets, messages] = await Promise.all([
    db.all<Omit<CycleRow, "ratings" | "rateSum" | "promoters" | "passives" | "detractors">>(sql`
      SELECT coalesce(t.queue_id, 0) AS queueId, b.value ->> 0 AS day, coalesce(t.user_id, 0) AS userId,
        count(*) AS cycles, coalesce(sum(t.finished_at IS NOT NULL), 0) AS finished,
        coalesce(sum(t.rated), 0) AS rated,
        coalesce(sum(t.closed_at IS NOT NULL AND t.finished_at IS NULL), 0) AS waitRating,
        coalesce(sum(${waitMinutes}), 0) AS waitSum, count(${waitMinutes}) AS waitN,
        coalesce(sum(${serviceMinutes}), 0) AS supportSum, count(${serviceMinutes}) AS supportN
      FROM json_each(${b}) b
      JOIN ticket_traking t INDEXED BY ticket_traking_company_created_idx
        ON t.company_id = ${companyId} AND t.created_at >= b.value ->> 1 AND t.created_at < b.value ->> 2
      GROUP BY b.key, t.queue_id, t.user_id`),
    db.all<{ queueId: number; day: string; userId: number } & Record<string, number>>(sql`
      SELECT coalesce(t.queue_id, 0) AS queueId, b.value ->> 0 AS day, coalesce(r.user_id, 0) AS userId,
        count(*) AS ratings, sum(r.rate) AS rateSum, sum(r.rate >= 9) AS promoters,
        sum(r.rate BETWEEN 7 AND 8) AS passives, sum(r.rate <= 6) AS detractors
      FROM json_each(${b}) b
      JOIN user_ratings r INDEXED BY user_ratings_company_created_cover_idx
        ON r.company_id = ${companyId} AND r.created_at >= b.value ->> 1 AND r.created_at < b.value ->> 2
      LEFT JOIN tickets t ON t.id = r.ticket_id
      GROUP BY b.key, t.queue_id, r.user_id`),
    db.all<TicketRow>(sql`
      SELECT coalesce(t.queue_id, 0) AS queueId, b.value ->> 0 AS day, count(*) AS created,
        coalesce(sum(t.is_group), 0) AS groups, coalesce(sum(t.is_active_demand), 0) AS active
      FROM json_each(${b}) b
      JOIN tickets t INDEXED BY tickets_company_created_cover_idx
        ON t.company_id = ${companyId} AND t.created_at >= b.value ->> 1 AND t.created_at < b.value ->> 2
      GROUP BY b.key, t.queue_id`),
    db.all<MessageRow>(sql`
      SELECT b.value ->> 0 AS day, (
        SELECT count(*) FROM messages m INDEXED BY messages_company_created_idx
        WHERE m.company_id = ${companyId} AND m.created_at >= b.value ->> 1 AND m.created_at < b.value ->> 2
      ) AS total, (
        SELECT count(*) FROM messages m INDEXED BY messages_company_created_idx
        WHERE m.company_id = ${companyId} AND m.created_at >= b.value ->> 1 AND m.created_at < b.value ->> 2
          AND m.from_me = 1
      ) AS fromMe
      FROM json_each(${b}) b`),
  ]);
  // Cycles and answers share a row per (queue, day, user); the queue -1 rows are the sums over queues.
  const rows = new Map<string, CycleRow>();
  const row = (queueId: number, day: string, userId: number) => {
    const k = `${queueId}|${day}|${userId}`;
    let r = rows.get(k);
    if (!r) {
      r = { queueId, day, userId } as CycleRow;
      for (const f of CYCLE_SUMS) r[f] = 0;
      rows.set(k, r);
    }
    return r;
  };
  for (const src of [...cycles, ...ratings] as Record<string, number | string>[]) {
    for (const q of [Number(src.queueId), -1]) {
      const r = row(q, String(src.day), Number(src.userId));
      for (const f of CYCLE_SUMS) if (src[f] != null) r[f] += Number(src[f]);
    }
  }
  const perDay = new Map<string, TicketRow>();
  for (const t of tickets) {
    const all = perDay.get(t.day) ?? { queueId: -1, day: t.day, created: 0, groups: 0, active: 0 };
    all.created += t.created;
    all.groups += t.groups;
    all.active += t.active;
    perDay.set(t.day, all);
  }
  return {
    cycles: [...rows.values()],
    tickets: [...tickets, ...perDay.values()],
    messages: messages.filter((m) => m.total > 0),
  };
}

/** Replaces the rollup rows of `days` with `rows` (one write transaction). */
export async function writeDays(deps: Deps, companyId: number, days: string[], rows: DayRows) {
  if (!days.length) return;
  const list = JSON.stringify(days);
  await deps.database.write(async (tx) => {
    for (const table of ["dashboard_day_cycles", "dashboard_day_tickets", "dashboard_day_messages"]) {
      await tx.run(sql`DELETE FROM ${sql.identifier(table)}
        WHERE company_id = ${companyId} AND day IN (SELECT value FROM json_each(${list}))`);
    }
    // One statement per table: the rows go in as a JSON array (no bound-parameter limit).
    await tx.run(sql`
      INSERT INTO dashboard_day_cycles (company_id, queue_id, day, user_id, cycles, finished, rated,
        wait_rating, wait_sum, wait_n, support_sum, support_n, ratings, rate_sum, promoters, passives, detractors)
      SELECT ${companyId}, v ->> 0, v ->> 1, v ->> 2, v ->> 3, v ->> 4, v ->> 5, v ->> 6, v ->> 7, v ->> 8,
        v ->> 9, v ->> 10, v ->> 11, v ->> 12, v ->> 13, v ->> 14, v ->> 15
      FROM (SELECT value AS v FROM json_each(${
      JSON.stringify(rows.cycles.map((r) => [r.queueId, r.day, r.userId, ...CYCLE_SUMS.map((f) => r[f])]))
    }))`);
    // Each touched month's `M` rows: the sum of its day rows, written with them.
    for (const month of new Set(days.map((d) => d.slice(0, 7)))) {
      await tx.run(
        sql`DELETE FROM dashboard_day_cycles WHERE company_id = ${companyId} AND day = ${`M${month}`}`,
      );
      await tx.run(sql`
        INSERT INTO dashboard_day_cycles (company_id, queue_id, day, user_id, cycles, finished, rated,
          wait_rating, wait_sum, wait_n, support_sum, support_n, ratings, rate_sum, promoters, passives, detractors)
        SELECT company_id, queue_id, ${`M${month}`}, user_id, sum(cycles), sum(finished), sum(rated),
          sum(wait_rating), sum(wait_sum), sum(wait_n), sum(support_sum), sum(support_n), sum(ratings),
          sum(rate_sum), sum(promoters), sum(passives), sum(detractors)
        FROM dashboard_day_cycles
        WHERE company_id = ${companyId} AND day >= ${`${month}-01`} AND day <= ${`${month}-31`}
        GROUP BY queue_id, user_id`);
    }
    await tx.run(sql`
      INSERT INTO dashboard_day_tickets (company_id, queue_id, day, created, groups, active)
      SELECT ${companyId}, v ->> 0, v ->> 1, v ->> 2, v ->> 3, v ->> 4
      FROM (SELECT value AS v FROM json_each(${
      JSON.stringify(rows.tickets.map((r) => [r.queueId, r.day, r.created, r.groups, r.active]))
    }))`);
    await tx.run(sql`
      INSERT INTO dashboard_day_messages (company_id, day, total, from_me)
      SELECT ${companyId}, v ->> 0, v ->> 1, v ->> 2
      FROM (SELECT value AS v FROM json_each(${
      JSON.stringify(rows.messages.map((r) => [r.day, r.total, r.fromMe]))
    }))`);
  });
}

/** Recomputes the given days of a company (the listeners' path); days at or after built_until are skipped. */
export async function recomputeDays(deps: Deps, companyId: number, days: string[]) {
  const st = await rollupState(deps.db, companyId);
  if (!st) return;
  const old = [...new Set(days)].filter((d) => d < st.builtUntil).sort();
  if (!old.length) return;
  await writeDays(deps, companyId, old, await computeDays(deps.reads, companyId, old, st.zone));
}

export type RollupState = { zone: string; builtUntil: string; builtAt: string };

export async function rollupState(db: Reads, companyId: number): Promise<RollupState | null> {
  const [r] = await db.all<RollupState>(sql`
    SELECT zone, built_until AS builtUntil, built_at AS builtAt FROM dashboard_rollup_state
    WHERE company_id = ${companyId}`);
  return r ?? null;
}

/** Forgets a company's rollup (reads go to the raw tables until the next build). */
export async function dropRollup(deps: Deps, companyId: number) {
  await deps.database.write(async (tx) => {
    await tx.run(sql`DELETE FROM dashboard_rollup_state WHERE company_id = ${companyId}`);
  });
}

/** The first local day with any data of the company, or null. */
async function firstDay(db: Reads, companyId: number, zone: string): Promise<string | null> {
  const [r] = await db.all<{ at: string | null }>(sql`
    SELECT min(x) AS at FROM (
      SELECT min(created_at) AS x FROM tickets WHERE company_id = ${companyId}
      UNION ALL SELECT min(created_at) FROM ticket_traking WHERE company_id = ${companyId}
      UNION ALL SELECT min(created_at) FROM user_ratings WHERE company_id = ${companyId}
      UNION ALL SELECT min(created_at) FROM messages WHERE company_id = ${companyId})`);
  return r?.at ? zonedParts(new Date(r.at), zone).date : null;
}

/**
 * Builds a company's rollup for every day before today in `zone`: all of it when `full` (or when
 * the zone changed or there is none yet), else only the days since the last build. The state row
 * is written last, so until a build finishes the reads use the previous state (or the raw tables).
 */
export async function buildCompany(deps: Deps, companyId: number, zone: string, now: Date, full: boolean) {
  const today = zonedParts(now, zone).date;
  const st = await rollupState(deps.db, companyId);
  const fresh = full || !st || st.zone !== zone;
  const first = fresh ? await firstDay(deps.reads, companyId, zone) : st!.builtUntil;
  if (fresh && st) await dropRollup(deps, companyId);
  if (fresh) {
    await deps.database.write(async (tx) => {
      for (const table of ["dashboard_day_cycles", "dashboard_day_tickets", "dashboard_day_messages"]) {
        await tx.run(sql`DELETE FROM ${sql.identifier(table)} WHERE company_id = ${companyId}`);
      }
    });
  }
  const days: string[] = [];
  for (let d = first ?? today; d < today; d = addDays(d, 1)) days.push(d);
  for (let i = 0; i < days.length; i += CHUNK_DAYS) {
    const chunk = days.slice(i, i + CHUNK_DAYS);
    await writeDays(deps, companyId, chunk, await computeDays(deps.reads, companyId, chunk, zone));
  }
  const at = now.toISOString();
  await deps.database.write(async (tx) => {
    await tx.run(sql`
      INSERT INTO dashboard_rollup_state (company_id, zone, built_until, built_at)
      VALUES (${companyId}, ${zone}, ${today}, ${at})
      ON CONFLICT (company_id) DO UPDATE SET zone = excluded.zone, built_until = excluded.built_until,
        built_at = excluded.built_at`);
  });
  return { days: days.length };
}

/**
 * The job "dashboard.rollups" (nightly, after retention): every company rebuilt whole in its
 * current zone, which also corrects what no event announced (retention purges, imported history,
 * deleted tickets, a changed zone). `full: false` only rolls the days since the last build.
 */
export async function buildAllRollups(deps: Deps, now: Date, full = true): Promise<void> {
  const companies = await deps.db.all<{ id: number; timezone: string }>(sql`
    SELECT id, timezone FROM companies ORDER BY id`);
  for (const c of companies) await buildCompany(deps, c.id, c.timezone, now, full);
}

/** Rolls the days that ended since the last build, for the companies that have a rollup. */
export async function advanceRollups(deps: Deps, now: Date) {
  const rows = await deps.db.all<{ id: number; timezone: string }>(sql`
    SELECT c.id, c.timezone FROM companies c JOIN dashboard_rollup_state s ON s.company_id = c.id
    ORDER BY c.id`);
  for (const c of rows) await buildCompany(deps, c.id, c.timezone, now, false);
}
