/**
 * How a running campaign moves toward its end and says so: the `entity.changed` record, the
 * throttled live counts of the report, the confirmation window (an `awaiting` shipment past it
 * becomes `no_answer`) and the FINALIZADA flip once no shipment is left open.
 * Shared by the dispatcher, the confirmation step and finish-now (finish.ts), so none of them
 * imports another.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { campaigns, campaignShippings } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { getCampaign, shippingCounts } from "./repo.ts";

const PROGRESS_EVERY_MS = 300;
const EXPIRE_BATCH = 1000;
/** Shipments that still keep their campaign running. */
export const OPEN_SHIPPING = ["pending", "sending", "awaiting"];

export async function emitCampaign(deps: Deps, companyId: number, id: number) {
  const record = await getCampaign(deps.db, companyId, id);
  deps.bus.emit("entity.changed", { companyId, entity: "campaign", action: "update", record });
}

/** The record as every screen gets it, then `campaign.finished` (for event webhooks) with its counts. */
export async function emitFinished(deps: Deps, companyId: number, id: number) {
  const record = await getCampaign(deps.db, companyId, id);
  deps.bus.emit("entity.changed", { companyId, entity: "campaign", action: "update", record });
  const counts = await shippingCounts(deps.db, companyId, id);
  deps.bus.emit("campaign.finished", {
    companyId,
    campaign: { id, name: record.name, status: record.status, completedAt: record.completedAt ?? null },
    counts,
  });
}

/** EM_ANDAMENTO → FINALIZADA (+ completedAt) when no shipment is pending, sending or awaiting. */
export async function finishIfDone(deps: Deps, c: { id: number; companyId: number }) {
  const [open] = await deps.db.select({ id: campaignShippings.id }).from(campaignShippings)
    .where(and(
      eq(campaignShippings.campaignId, c.id),
      inArray(campaignShippings.status, OPEN_SHIPPING),
    )).limit(1);
  if (open) return;
  const now = deps.clock.now().toISOString();
  const [row] = await deps.database.write((tx) =>
    tx.update(campaigns).set({ status: "FINALIZADA", completedAt: now, updatedAt: now })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO"))).returning()
  );
  if (!row) return;
  progress(deps, c.companyId, c.id, true);
  await emitFinished(deps, c.companyId, c.id);
}

/**
 * `awaiting` → `no_answer` for the confirmation requests whose window has passed: an awaiting row's
 * `run_at` is the end of its window (`confirmationWindowHours` after the request, by deps.clock; `now`
 * for a request that went out while the campaign was being finished), so the (status, run_at) index
 * finds them without reading the others. Rows asked before run_at was set this way (null) are judged
 * by their campaign's window. Then each running campaign touched finishes if nothing else is open.
 * Runs on every dispatcher tick: an indexed read decides first, the write lock is taken only when
 * something expired.
 */
export async function expireConfirmations(deps: Deps): Promise<void> {
  const now = deps.clock.now().toISOString();
  const due = sql`SELECT id FROM campaign_shippings WHERE status = 'awaiting' AND run_at <= ${now}
    UNION ALL
    SELECT s.id FROM campaign_shippings s JOIN campaigns c ON c.id = s.campaign_id
      WHERE s.status = 'awaiting' AND s.run_at IS NULL AND (c.status = 'FINALIZADA' OR (
        s.confirmation_requested_at IS NOT NULL
        AND strftime('%Y-%m-%dT%H:%M:%fZ', s.confirmation_requested_at, '+' || c.confirmation_window_hours || ' hours')
          <= ${now}))`;
  const [any] = await deps.db.all<{ id: number }>(sql`${due} LIMIT 1`);
  if (!any) return;
  const touched = new Map<number, number>();
  // In batches, so that a large campaign's expiry never holds the one write lock for long.
  for (;;) {
    const rows = await deps.database.write((tx) =>
      tx.all<{ company_id: number; campaign_id: number }>(sql`
        UPDATE campaign_shippings SET status = 'no_answer', run_at = NULL, updated_at = ${now}
        WHERE status = 'awaiting' AND id IN (${due} LIMIT ${EXPIRE_BATCH})
        RETURNING company_id, campaign_id`)
    );
    for (const r of rows) touched.set(r.campaign_id, r.company_id);
    if (rows.length < EXPIRE_BATCH) break;
  }
  for (const [id, companyId] of touched) {
    progress(deps, companyId, id, true);
    await finishIfDone(deps, { id, companyId });
  }
}

/**
 * Live counts for the report: at most one event per PROGRESS_EVERY_MS per campaign, the last
 * change always reported (a trailing event), and at once when forced (the finish).
 */
const lastProgress = new WeakMap<Deps, Map<number, number>>();
const trailing = new WeakMap<Deps, Map<number, ReturnType<typeof setTimeout>>>();
export function progress(deps: Deps, companyId: number, campaignId: number, force: boolean) {
  const last = lastProgress.get(deps) ?? new Map<number, number>();
  lastProgress.set(deps, last);
  const timers = trailing.get(deps) ?? new Map<number, ReturnType<typeof setTimeout>>();
  trailing.set(deps, timers);
  const emit = () => {
    timers.delete(campaignId);
    last.set(campaignId, Date.now());
    shippingCounts(deps.db, companyId, campaignId).then((counts) =>
      deps.bus.emit("campaign.progress", { companyId, campaignId, counts })
    ).catch(() => undefined);
  };
  const since = Date.now() - (last.get(campaignId) ?? 0);
  if (force || since >= PROGRESS_EVERY_MS) {
    clearTimeout(timers.get(campaignId));
    return emit();
  }
  if (!timers.has(campaignId)) timers.set(campaignId, setTimeout(emit, PROGRESS_EVERY_MS - since));
}
