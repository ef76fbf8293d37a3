/**
 * Deleting a company (durable job "companies.purge"): its files first, then its big tables in
 * batches of short write transactions (the one writer is never held for long), then the company
 * row, whose foreign keys cascade to everything left. Progress goes to the operator after each
 * step. Safe to run twice: every step deletes what is still there.
 */
import { eq, sql } from "drizzle-orm";
import { companies } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { registerQueuedJob } from "../jobs/queue.ts";
import { invalidate } from "../caches.ts";
import { removeCompanyExports } from "../exports/service.ts";

export const PURGE_JOB = "companies.purge";
const BATCH = 2_000;

/** Child tables before parents; all have company_id. The rest go with the company row. */
const BIG_TABLES = [
  "messages",
  "ticket_logs",
  "ticket_traking",
  "ticket_tags",
  "ticket_notes",
  "user_ratings",
  "tickets",
  "contact_tags",
  "contact_custom_fields",
  "campaign_shippings",
  "contact_list_items",
  "contacts",
] as const;

export async function purgeCompany(deps: Deps, companyId: number): Promise<void> {
  const total = BIG_TABLES.length + 2;
  let done = 0;
  const progress = (finished = false) =>
    deps.bus.emit("company.purge_progress", { companyId, done, total, finished });

  await deps.media.removeCompany(companyId);
  await removeCompanyExports(deps, companyId);
  done++;
  progress();
  for (const table of BIG_TABLES) {
    for (;;) {
      const n = await deps.database.write(async (tx) => {
        const r = await tx.run(sql.raw(
          `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE company_id = ${companyId} LIMIT ${BATCH})`,
        ));
        return Number(r.rowsAffected ?? 0);
      });
      if (n < BATCH) break;
    }
    done++;
    progress();
  }
  await deps.database.write((tx) => tx.delete(companies).where(eq(companies.id, companyId)));
  invalidate(deps, { kind: "company", companyId });
  done++;
  progress(true);
  deps.bus.emit("company.changed", { action: "delete", companyId });
}

registerQueuedJob({
  name: PURGE_JOB,
  handle: (deps, payload) => purgeCompany(deps, Number((payload as { companyId: number }).companyId)),
});
