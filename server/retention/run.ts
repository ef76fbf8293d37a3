/**
 * The retention job ("retention.run", daily on the scheduler lease holder): for each company with
 * a rule in force, messages older than N months purged (or only their media files removed, the
 * text kept), the media of tickets closed more than N days ago removed, audit entries older than
 * N days purged — each in batches of 500 rows per short write transaction, so the one writer is
 * never held long. Exactly once a day per company across instances: a company's run first claims
 * the day on its `retention_stats` row with a conditional UPDATE; a second instance (or a re-run)
 * that finds the day taken does nothing. What each run removed is added to the company's counts.
 * Finished exports past their keeping time are removed by the same job.
 */
import { sql } from "drizzle-orm";
import type { RetentionRule } from "@contract/data_rules.ts";
import type { Deps } from "../deps.ts";
import { expireExports } from "../exports/service.ts";
import { companiesWithRules } from "./rules.ts";

const BATCH = 500;
export type RetentionCounts = { messages: number; media: number; audit: number };

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
};
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** Takes today's run for the company; false when another run (here or elsewhere) has it. */
async function claimDay(deps: Deps, companyId: number, day: string, at: string): Promise<boolean> {
  const rows = await deps.database.write(async (tx) => {
    await tx.run(sql`INSERT INTO retention_stats (company_id) VALUES (${companyId}) ON CONFLICT DO NOTHING`);
    return await tx.all<{ company_id: number }>(sql`
      UPDATE retention_stats SET last_run_on = ${day}, last_run_at = ${at}, updated_at = ${at}
      WHERE company_id = ${companyId} AND (last_run_on IS NULL OR last_run_on < ${day})
      RETURNING company_id`);
  });
  return rows.length === 1;
}

/** Deletes the media files of a batch of messages and clears their media; returns how many. */
async function dropMedia(deps: Deps, companyId: number, where: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await deps.db.all<{ id: number; media_url: string }>(sql`
      SELECT m.id, m.media_url FROM messages m WHERE m.company_id = ${companyId} AND m.media_url IS NOT NULL
        AND ${where} LIMIT ${BATCH}`);
    if (!batch.length) return total;
    for (const m of batch) {
      // Only our own files (a path in the company's folder), never a provider's link.
      if (m.media_url.startsWith(`company${companyId}/`)) await deps.media.remove(m.media_url);
    }
    await deps.database.write((tx) =>
      tx.run(sql`UPDATE messages SET media_url = NULL, media_status = 'unavailable'
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(batch.map((m) => m.id))}))`)
    );
    total += batch.length;
  }
}

async function deleteBatches(deps: Deps, table: string, where: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deps.database.write(async (tx) => {
      const r = await tx.run(sql`DELETE FROM ${sql.raw(table)} WHERE rowid IN (
        SELECT rowid FROM ${sql.raw(table)} WHERE ${where} LIMIT ${BATCH})`);
      return Number(r.rowsAffected ?? 0);
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Applies one company's rule at `now`. */
export async function applyRule(
  deps: Deps,
  companyId: number,
  rule: RetentionRule,
  now: Date,
): Promise<RetentionCounts> {
  const counts: RetentionCounts = { messages: 0, media: 0, audit: 0 };
  if (rule.messagesMonths) {
    const before = monthsBefore(now, rule.messagesMonths);
    counts.media += await dropMedia(deps, companyId, sql`m.created_at < ${before}`);
    if (!rule.mediaOnly) {
      counts.messages += await deleteBatches(
        deps,
        "messages",
        sql`company_id = ${companyId} AND created_at < ${before}`,
      );
    }
  }
  if (rule.closedMediaDays) {
    const before = daysBefore(now, rule.closedMediaDays);
    counts.media += await dropMedia(
      deps,
      companyId,
      sql`m.ticket_id IN (SELECT id FROM tickets WHERE company_id = ${companyId} AND status = 'closed'
        AND updated_at < ${before})`,
    );
  }
  if (rule.auditDays) {
    counts.audit += await deleteBatches(
      deps,
      "audit_logs",
      sql`company_id = ${companyId} AND created_at < ${daysBefore(now, rule.auditDays)}`,
    );
  }
  return counts;
}

/** The daily job. Returns what it removed per company it ran for. */
export async function runRetention(
  deps: Deps,
  now = deps.clock.now(),
): Promise<Map<number, RetentionCounts>> {
  const day = now.toISOString().slice(0, 10);
  const at = now.toISOString();
  const out = new Map<number, RetentionCounts>();
  for (const c of await companiesWithRules(deps)) {
    const r = c.effective;
    if (!r.messagesMonths && !r.closedMediaDays && !r.auditDays) continue;
    if (!await claimDay(deps, c.id, day, at)) continue;
    const counts = await applyRule(deps, c.id, r, now);
    out.set(c.id, counts);
    await deps.database.write((tx) =>
      tx.run(sql`UPDATE retention_stats SET messages_deleted = messages_deleted + ${counts.messages},
        media_deleted = media_deleted + ${counts.media}, audit_deleted = audit_deleted + ${counts.audit},
        last_run = ${JSON.stringify(counts)}, updated_at = ${at}
        WHERE company_id = ${c.id}`)
    );
  }
  await expireExports(deps, now);
  return out;
}
