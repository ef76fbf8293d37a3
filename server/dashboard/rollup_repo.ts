/**
 * Reads of the dashboard's per-day rollups (db/schema/dashboard.ts) over a range of local days,
 * inclusive; cycles also have per-month rows (day key `M` + YYYY-MM, the sum of that month's days). Every read is a key range per queue (queue -1: all queues), so its cost follows the
 * number of days × attendants, not the number of cycles or messages in them.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Reads } from "@db/read_pool.ts";
import type { RatingAgg, TicketAgg, TrakingAgg } from "./repo.ts";
import { addDays } from "../lib/time.ts";

export type DayKeys = { from: string; to: string };

const queueKeys = (queueIds: number[] | undefined): SQL =>
  queueIds?.length
    ? sql`queue_id IN (SELECT value FROM json_each(${JSON.stringify(queueIds.filter((q) => q >= 0))}))`
    : sql`queue_id = -1`;

/** First day of the month after `month` (YYYY-MM). */
const monthAfter = (month: string) => addMonths(month, 1);
function addMonths(month: string, n: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
}

/**
 * The range as whole calendar months (their `M` rows) and the days at its edges: a year reads 12
 * month rows and at most ~60 day rows per attendant.
 */
export function monthPieces(d: DayKeys): { days: DayKeys[]; months: DayKeys | null } {
  const first = d.from.endsWith("-01") ? d.from.slice(0, 7) : monthAfter(d.from.slice(0, 7));
  const lastFull = addDays(`${monthAfter(d.to.slice(0, 7))}-01`, -1) === d.to;
  const last = lastFull ? d.to.slice(0, 7) : addMonths(d.to.slice(0, 7), -1);
  if (first > last) return { days: [d], months: null };
  const days: DayKeys[] = [];
  if (d.from < `${first}-01`) days.push({ from: d.from, to: addDays(`${first}-01`, -1) });
  const afterLast = `${monthAfter(last)}-01`;
  if (d.to >= afterLast) days.push({ from: afterLast, to: d.to });
  return { days, months: { from: `M${first}`, to: `M${last}` } };
}

/** Cycles and NPS answers per attendant (null: nobody), the two shapes repo.ts answers. */
export async function cyclesByUser(db: Reads, companyId: number, d: DayKeys, queueIds?: number[]) {
  const p = monthPieces(d);
  const ranges = [...p.days, ...(p.months ? [p.months] : [])].map((r) =>
    sql`SELECT * FROM dashboard_day_cycles
      WHERE company_id = ${companyId} AND ${queueKeys(queueIds)} AND day >= ${r.from} AND day <= ${r.to}`
  );
  const rows = await db.all<
    { userId: number } & Omit<TrakingAgg, "rows"> & { cycles: number } & Record<string, number>
  >(sql`
    SELECT user_id AS userId, sum(cycles) AS cycles, sum(finished) AS finished, sum(rated) AS rated,
      sum(wait_rating) AS waitRating, sum(wait_sum) AS waitSum, sum(wait_n) AS waitN,
      sum(support_sum) AS supportSum, sum(support_n) AS supportN, sum(ratings) AS n, sum(rate_sum) AS rateSum,
      sum(promoters) AS promoters, sum(passives) AS passives, sum(detractors) AS detractors
    FROM (${sql.join(ranges, sql` UNION ALL `)})
    GROUP BY user_id`);
  const userId = (id: number) => (id === 0 ? null : id);
  const traking = rows.filter((r) => r.cycles > 0).map((r) => ({
    userId: userId(r.userId),
    rows: r.cycles,
    finished: r.finished,
    rated: r.rated,
    waitRating: r.waitRating,
    waitSum: r.waitSum,
    waitN: r.waitN,
    supportSum: r.supportSum,
    supportN: r.supportN,
  }));
  const ratings: RatingAgg[] = rows.filter((r) => r.n > 0).map((r) => ({
    userId: userId(r.userId),
    n: r.n,
    sum: r.rateSum,
    promoters: r.promoters,
    passives: r.passives,
    detractors: r.detractors,
  }));
  return { traking, ratings };
}

/** Tickets created in the days: groups, active, passive. */
export async function ticketsCreated(db: Reads, companyId: number, d: DayKeys, queueIds?: number[]) {
  const [r] = await db.all<TicketAgg>(sql`
    SELECT coalesce(sum(created), 0) AS created, coalesce(sum(groups), 0) AS groups,
      coalesce(sum(active), 0) AS active, coalesce(sum(created - active), 0) AS passive
    FROM dashboard_day_tickets
    WHERE company_id = ${companyId} AND ${queueKeys(queueIds)} AND day >= ${d.from} AND day <= ${d.to}`);
  return r;
}

/** Tickets created per day of the range (days without any are absent). */
export async function ticketsPerDay(db: Reads, companyId: number, d: DayKeys, queueIds?: number[]) {
  const rows = await db.all<{ day: string; n: number }>(sql`
    SELECT day, sum(created) AS n FROM dashboard_day_tickets
    WHERE company_id = ${companyId} AND ${queueKeys(queueIds)} AND day >= ${d.from} AND day <= ${d.to}
    GROUP BY day`);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** Messages of the days, optionally only ours or only theirs. */
export async function messagesCount(db: Reads, companyId: number, d: DayKeys, fromMe?: boolean) {
  const col = fromMe === undefined ? sql`total` : fromMe ? sql`from_me` : sql`total - from_me`;
  const [r] = await db.all<{ n: number }>(sql`
    SELECT coalesce(sum(${col}), 0) AS n FROM dashboard_day_messages
    WHERE company_id = ${companyId} AND day >= ${d.from} AND day <= ${d.to}`);
  return r.n;
}
