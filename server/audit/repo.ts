/**
 * Audit-log reads. `companyId` first as everywhere; the operator's cross-company view passes
 * `null` (every company) explicitly, so an unscoped read is visible at the call site.
 */
import { and, desc, eq, gte, isNotNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { auditLogs, companies } from "@db/schema.ts";
import type { Db } from "@db/client.ts";
import type { AuditRow } from "@contract/audit.ts";

export type AuditFilter = {
  userId?: number;
  action?: string;
  entity?: string;
  /** ISO instants (UTC), from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Keyset paging for the export: rows before this one in (createdAt, id) order. */
  before?: { createdAt: string; id: number };
};

function where(companyId: number | null, f: AuditFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (companyId !== null) c.push(eq(auditLogs.companyId, companyId));
  if (f.userId) c.push(eq(auditLogs.userId, f.userId));
  if (f.action) c.push(eq(auditLogs.action, f.action));
  if (f.entity) c.push(eq(auditLogs.entity, f.entity));
  if (f.from) c.push(gte(auditLogs.createdAt, f.from));
  if (f.to) c.push(lt(auditLogs.createdAt, f.to));
  if (f.before) {
    // Written so the (company_id, created_at) index bounds the scan: created_at <= x AND (… or …).
    c.push(lte(auditLogs.createdAt, f.before.createdAt));
    c.push(or(lt(auditLogs.createdAt, f.before.createdAt), lt(auditLogs.id, f.before.id)));
  }
  return c.length ? and(...c) : undefined;
}

const columns = {
  id: auditLogs.id,
  companyId: auditLogs.companyId,
  companyName: companies.name,
  userId: auditLogs.userId,
  userName: auditLogs.userName,
  userEmail: auditLogs.userEmail,
  action: auditLogs.action,
  entity: auditLogs.entity,
  entityId: auditLogs.entityId,
  summary: auditLogs.summary,
  diff: auditLogs.diff,
  ip: auditLogs.ip,
  userAgent: auditLogs.userAgent,
  createdAt: auditLogs.createdAt,
};
export type { AuditRow };

/** Newest first. */
export async function listAudit(
  db: Db,
  companyId: number | null,
  f: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; count: number }> {
  const w = where(companyId, f);
  const rows = await db.select(columns).from(auditLogs).leftJoin(
    companies,
    eq(companies.id, auditLogs.companyId),
  )
    .where(w).orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(page.limit).offset(page.offset);
  const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(auditLogs).where(w);
  return { rows, count: Number(n) };
}

/** One keyset page for the export, newest first (the list's order). */
export async function auditBatch(db: Db, companyId: number | null, f: AuditFilter, limit: number) {
  return await db.select(columns).from(auditLogs).leftJoin(companies, eq(companies.id, auditLogs.companyId))
    .where(where(companyId, f)).orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(limit);
}

/** The people who appear in a company's log (for the user filter), by their latest name. */
export async function auditUsers(db: Db, companyId: number | null) {
  const rows = await db.select({ id: auditLogs.userId, name: sql<string>`max(${auditLogs.userName})` })
    .from(auditLogs).where(and(
      companyId === null ? undefined : eq(auditLogs.companyId, companyId),
      isNotNull(auditLogs.userId),
    )).groupBy(auditLogs.userId).orderBy(sql`2`).limit(500);
  return rows.map((r) => ({ id: r.id as number, name: r.name }));
}

/** Every company (operator's company filter). */
export async function auditCompanies(db: Db) {
  return await db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(companies.name);
}
