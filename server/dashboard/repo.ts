/**
 * Dashboard reads, tenant-scoped (companyId first). Aggregates run over covering indexes
 * (ticket_traking_company_created_cover_idx, tickets_company_created_cover_idx) so a year of
 * rows is read from the index alone; every bound is a parameter, never interpolated text.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Reads } from "@db/read_pool.ts";
import { serviceMinutes, waitMinutes } from "@db/schema.ts";

/** `col IN (ids)`, where id 0 stands for "no queue" (NULL); no list means no filter. */
export function queueFilter(col: SQL, queueIds: number[] | undefined): SQL {
  if (!queueIds?.length) return sql`1`;
  const ids = JSON.stringify(queueIds.filter((n) => n > 0));
  const orNull = queueIds.includes(0) ? sql` OR ${col} IS NULL` : sql``;
  return sql`(${col} IN (SELECT value FROM json_each(${ids}))${orNull})`;
}

export type TrakingAgg = {
  rows: number;
  finished: number;
  rated: number;
  waitRating: number;
  waitSum: number | null;
  waitN: number;
  supportSum: number | null;
  supportN: number;
};

// The same expressions as the aggregate index (db/schema/tickets.ts), so SQLite reads the minutes
// from the index instead of parsing four timestamps per row.
const cycleAggregates = sql`json_array(
  count(*), coalesce(sum(finished_at IS NOT NULL), 0), coalesce(sum(rated), 0),
  coalesce(sum(closed_at IS NOT NULL AND finished_at IS NULL), 0),
  sum(${waitMinutes}), count(${waitMinutes}), sum(${serviceMinutes}), count(${serviceMinutes}))`;

const toAgg = (json: string): TrakingAgg => {
  const [rows, finished, rated, waitRating, waitSum, waitN, supportSum, supportN] = JSON.parse(json);
  return { rows, finished, rated, waitRating, waitSum, waitN, supportSum, supportN };
};

/**
 * Service cycles that began in [start, end), per attendant (null: never taken; deleted users
 * included). The attendants are enumerated from the index itself (a skip scan: one seek per
 * distinct user id) and each one's range is aggregated by a subquery, so nothing is sorted — a
 * GROUP BY over the created-at range sorted a year of rows. The totals are the sum of the groups.
 */
export async function trakingByUser(
  db: Reads,
  companyId: number,
  start: string,
  end: string,
  queueIds?: number[],
) {
  const range = sql`created_at >= ${start} AND created_at < ${end} AND ${
    queueFilter(sql`queue_id`, queueIds)
  }`;
  const rows = await db.all<{ userId: number | null; agg: string }>(sql`
    WITH RECURSIVE ids(id) AS (
      SELECT (SELECT min(user_id) FROM ticket_traking INDEXED BY ticket_traking_company_user_created_agg_idx
              WHERE company_id = ${companyId} AND user_id IS NOT NULL)
      UNION ALL
      SELECT (SELECT min(user_id) FROM ticket_traking INDEXED BY ticket_traking_company_user_created_agg_idx
              WHERE company_id = ${companyId} AND user_id > ids.id)
      FROM ids WHERE ids.id IS NOT NULL
    )
    SELECT ids.id AS userId, (
      SELECT ${cycleAggregates} FROM ticket_traking INDEXED BY ticket_traking_company_user_created_agg_idx
      WHERE company_id = ${companyId} AND user_id = ids.id AND ${range}
    ) AS agg
    FROM ids WHERE ids.id IS NOT NULL
    UNION ALL
    SELECT NULL, (
      SELECT ${cycleAggregates} FROM ticket_traking INDEXED BY ticket_traking_company_user_created_agg_idx
      WHERE company_id = ${companyId} AND user_id IS NULL AND ${range}
    )`);
  return rows.map((r) => ({ userId: r.userId, ...toAgg(r.agg) }));
}

export type RatingAgg = {
  userId: number | null;
  n: number;
  sum: number;
  promoters: number;
  passives: number;
  detractors: number;
};

/** NPS answers (0–10) given in [start, end), per rated attendant. */
export function ratingsByUser(db: Reads, companyId: number, start: string, end: string, queueIds?: number[]) {
  const byQueue = queueIds?.length
    ? sql`AND EXISTS (SELECT 1 FROM tickets t WHERE t.id = r.ticket_id AND ${
      queueFilter(sql`t.queue_id`, queueIds)
    })`
    : sql``;
  return db.all<RatingAgg>(sql`
    SELECT r.user_id AS userId, count(*) AS n, sum(r.rate) AS sum,
      sum(r.rate >= 9) AS promoters, sum(r.rate BETWEEN 7 AND 8) AS passives, sum(r.rate <= 6) AS detractors
    FROM user_ratings r INDEXED BY user_ratings_company_created_cover_idx
    WHERE r.company_id = ${companyId} AND r.created_at >= ${start} AND r.created_at < ${end} ${byQueue}
    GROUP BY r.user_id`);
}

export type TicketAgg = { groups: number; active: number; passive: number; created: number };

/** Tickets created in [start, end): groups, opened by us (active) or by the customer (passive). */
export async function ticketsCreated(
  db: Reads,
  companyId: number,
  start: string,
  end: string,
  queueIds?: number[],
) {
  const [r] = await db.all<TicketAgg>(sql`
    SELECT count(*) AS created, coalesce(sum(is_group), 0) AS groups,
      coalesce(sum(is_active_demand), 0) AS active, coalesce(sum(NOT is_active_demand), 0) AS passive
    FROM tickets INDEXED BY tickets_company_created_cover_idx
    WHERE company_id = ${companyId} AND created_at >= ${start} AND created_at < ${end}
      AND ${queueFilter(sql`queue_id`, queueIds)}`);
  return r;
}

/** Open and pending tickets now (not limited by the range, as in the reference). */
export async function activeNow(db: Reads, companyId: number, queueIds?: number[]) {
  const [r] = await db.all<{ open: number; pending: number }>(sql`
    SELECT coalesce(sum(status = 'open'), 0) AS open, coalesce(sum(status = 'pending'), 0) AS pending
    FROM tickets
    WHERE company_id = ${companyId} AND status IN ('open', 'pending') AND ${
    queueFilter(sql`queue_id`, queueIds)
  }`);
  return r;
}

/** Contacts first seen in [start, end). */
export async function newContacts(db: Reads, companyId: number, start: string, end: string) {
  const [r] = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM contacts
    WHERE company_id = ${companyId} AND created_at >= ${start} AND created_at < ${end} AND is_group = 0`);
  return r.n;
}

export function companyUsers(db: Reads, companyId: number) {
  return db.all<{ id: number; name: string; online: number; profile: string }>(sql`
    SELECT id, name, online, profile FROM users WHERE company_id = ${companyId} ORDER BY name, id`);
}

/** Tickets created per bucket: one index range count per local day (or hour) of the range. */
export async function ticketsPerBucket(
  db: Reads,
  companyId: number,
  buckets: { start: string; end: string }[],
  queueIds?: number[],
): Promise<number[]> {
  const rows = await db.all<{ i: number; n: number }>(sql`
    SELECT CAST(b.key AS INTEGER) AS i, (
      SELECT count(*) FROM tickets t INDEXED BY tickets_company_created_cover_idx
      WHERE t.company_id = ${companyId} AND t.created_at >= b.value ->> 0 AND t.created_at < b.value ->> 1
        AND ${queueFilter(sql`t.queue_id`, queueIds)}
    ) AS n
    FROM json_each(${JSON.stringify(buckets.map((b) => [b.start, b.end]))}) b`);
  const out = new Array<number>(buckets.length).fill(0);
  for (const r of rows) out[r.i] = r.n;
  return out;
}

/** Messages in [start, end), optionally only ours. */
export async function messagesCount(
  db: Reads,
  companyId: number,
  start: string,
  end: string,
  fromMe?: boolean,
) {
  const mine = fromMe === undefined ? sql`` : sql`AND from_me = ${fromMe ? 1 : 0}`;
  const [r] = await db.all<{ count: number }>(sql`
    SELECT count(*) AS count FROM messages INDEXED BY messages_company_created_idx
    WHERE company_id = ${companyId} AND created_at >= ${start} AND created_at < ${end} ${mine}`);
  return r.count;
}

export type MomentRow = {
  id: number;
  uuid: string;
  status: "open" | "pending";
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  contactId: number;
  isGroup: number;
  createdAt: string;
  updatedAt: string;
  contactName: string;
  contactNumber: string;
  lastMessage: string;
  unreadMessages: number;
  userName: string | null;
  queueName: string | null;
  queueColor: string | null;
  whatsappName: string | null;
  queuedAt: string | null;
  startedAt: string | null;
};

/** Open and pending tickets created since `since`, with their current service cycle. */
export function activeTickets(db: Reads, companyId: number, since: string, until: string) {
  return db.all<MomentRow>(sql`
    SELECT t.id, t.uuid, t.status, t.user_id AS userId, t.queue_id AS queueId, t.whatsapp_id AS whatsappId,
      t.contact_id AS contactId, t.is_group AS isGroup, t.created_at AS createdAt, t.updated_at AS updatedAt,
      c.name AS contactName, c.number AS contactNumber, t.last_message AS lastMessage,
      t.unread_messages AS unreadMessages, u.name AS userName, q.name AS queueName, q.color AS queueColor,
      w.name AS whatsappName, tr.queued_at AS queuedAt, tr.started_at AS startedAt
    FROM tickets t
    JOIN contacts c ON c.id = t.contact_id
    LEFT JOIN users u ON u.id = t.user_id
    LEFT JOIN queues q ON q.id = t.queue_id
    LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
    LEFT JOIN ticket_traking tr ON tr.id = (
      SELECT max(x.id) FROM ticket_traking x WHERE x.ticket_id = t.id AND x.finished_at IS NULL)
    WHERE t.company_id = ${companyId} AND t.status IN ('open', 'pending')
      AND t.created_at >= ${since} AND t.created_at < ${until}
    ORDER BY t.created_at`);
}
