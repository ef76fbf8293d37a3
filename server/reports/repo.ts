/**
 * The tickets report's reads (tenant-scoped). Filters are index terms of
 * tickets_company_created_cover_idx where they can be; pages for the screen use LIMIT/OFFSET,
 * exports walk the same order with a keyset (created_at, id), so a long export never re-reads.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Reads } from "@db/read_pool.ts";
import { queueFilter } from "../dashboard/repo.ts";
import type { ReportFilters } from "./schemas.ts";

export type ReportBounds = { start?: string; end?: string };

const inList = (col: SQL, ids: (number | string)[]) =>
  sql`${col} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

export function reportWhere(companyId: number, f: ReportFilters, b: ReportBounds): SQL {
  const terms: SQL[] = [sql`t.company_id = ${companyId}`];
  if (b.start) terms.push(sql`t.created_at >= ${b.start}`);
  if (b.end) terms.push(sql`t.created_at < ${b.end}`);
  if (f.status?.length) terms.push(inList(sql`t.status`, f.status));
  if (f.users?.length) terms.push(inList(sql`t.user_id`, f.users));
  if (f.whatsappId?.length) terms.push(inList(sql`t.whatsapp_id`, f.whatsappId));
  if (f.queueIds?.length) terms.push(queueFilter(sql`t.queue_id`, f.queueIds));
  if (f.contactId) terms.push(sql`t.contact_id = ${f.contactId}`);
  if (f.tags?.length) {
    terms.push(
      sql`EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = t.id AND ${
        inList(sql`tt.tag_id`, f.tags)
      })`,
    );
  }
  if (f.onlyRated) terms.push(sql`EXISTS (SELECT 1 FROM user_ratings r WHERE r.ticket_id = t.id)`);
  return sql.join(terms, sql` AND `);
}

export type ReportRow = {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string;
  createdAt: string;
  closedAt: string | null;
  contactId: number;
  contactName: string;
  whatsappName: string | null;
  userName: string | null;
  queueName: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  nps: number | null;
};

const select = sql`
  SELECT t.id, t.uuid, t.status, t.last_message AS lastMessage, t.created_at AS createdAt,
    t.closed_at AS closedAt, t.contact_id AS contactId, c.name AS contactName, w.name AS whatsappName,
    u.name AS userName, q.name AS queueName, tr.started_at AS startedAt, tr.finished_at AS finishedAt,
    (SELECT r.rate FROM user_ratings r WHERE r.ticket_id = t.id ORDER BY r.id DESC LIMIT 1) AS nps
  FROM tickets t INDEXED BY tickets_company_created_cover_idx
  JOIN contacts c ON c.id = t.contact_id
  LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
  LEFT JOIN users u ON u.id = t.user_id
  LEFT JOIN queues q ON q.id = t.queue_id
  LEFT JOIN ticket_traking tr ON tr.id = (SELECT max(x.id) FROM ticket_traking x WHERE x.ticket_id = t.id)`;

export function reportPage(db: Reads, where: SQL, limit: number, offset: number) {
  return db.all<ReportRow>(sql`${select} WHERE ${where}
    ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`);
}

export async function reportCount(db: Reads, where: SQL): Promise<number> {
  const [r] = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM tickets t INDEXED BY tickets_company_created_cover_idx WHERE ${where}`);
  return r.n;
}

/** The next `limit` rows after (createdAt, id) in report order; none given starts at the top. */
export function reportAfter(
  db: Reads,
  where: SQL,
  after: { createdAt: string; id: number } | null,
  limit: number,
) {
  const key = after ? sql`AND (t.created_at, t.id) < (${after.createdAt}, ${after.id})` : sql``;
  return db.all<ReportRow>(sql`${select} WHERE ${where} ${key}
    ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit}`);
}

/** Every row of the report, read `pageSize` at a time; only one page is held at once. */
export async function* reportRows(db: Reads, where: SQL, pageSize = 1000): AsyncGenerator<ReportRow[]> {
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const rows = await reportAfter(db, where, after, pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
