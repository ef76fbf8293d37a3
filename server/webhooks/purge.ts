/**
 * The delivery log's retention: events older than WEBHOOK_LOG_DAYS (30) go, with their deliveries
 * and attempts (foreign keys), and the queue's finished `webhooks.deliver` rows after a day. In
 * short batches, so no transaction holds the write lock for long. Safe to run twice.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../deps.ts";
import { DELIVER_JOB } from "./delivery.ts";

const LOG_DAYS = 30;
const BATCH = 2000;

export async function purgeWebhookLog(deps: Deps, now: Date): Promise<void> {
  const events = new Date(now.getTime() - LOG_DAYS * 24 * 3600_000).toISOString();
  const jobsBefore = new Date(now.getTime() - 24 * 3600_000).toISOString();
  for (;;) {
    const r = await deps.database.write((tx) =>
      tx.run(sql`DELETE FROM webhook_events WHERE id IN (
        SELECT id FROM webhook_events WHERE created_at < ${events} LIMIT ${BATCH})`)
    );
    if (r.rowsAffected < BATCH) break;
  }
  for (;;) {
    const r = await deps.database.write((tx) =>
      tx.run(sql`DELETE FROM jobs WHERE id IN (
        SELECT id FROM jobs WHERE status IN ('done', 'failed') AND run_at < ${jobsBefore}
          AND name = ${DELIVER_JOB} LIMIT ${BATCH})`)
    );
    if (r.rowsAffected < BATCH) break;
  }
}
