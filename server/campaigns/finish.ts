/**
 * "Finish now": an admin ends a running campaign at once instead of waiting for its last
 * confirmation window. In one transaction the campaign becomes FINALIZADA (only from EM_ANDAMENTO, so
 * a tick finishing it at the same moment makes this a conflict, not a second finish), its pending
 * shipments — and any left in `sending` by a dead holder — become `cancelled` (the dispatcher claims
 * only for running campaigns, so nothing more goes out) and its awaiting ones `no_answer`. A
 * confirmation request in flight at that moment lands as `awaiting` with its window ending now
 * (dispatcher.ts), and the next tick's expireConfirmations turns it into `no_answer`.
 */
import { and, eq, sql } from "drizzle-orm";
import { campaigns } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { staleAfter } from "../jobs/lease.ts";
import { STALE_MS } from "./dispatcher.ts";
import { emitFinished, progress } from "./lifecycle.ts";

export async function finishNow(deps: Deps, companyId: number, id: number): Promise<void> {
  const at = deps.clock.now();
  const now = at.toISOString();
  const stale = new Date(at.getTime() - staleAfter(deps.config, STALE_MS)).toISOString();
  const finished = await deps.database.write(async (tx) => {
    const [row] = await tx.update(campaigns).set({ status: "FINALIZADA", completedAt: now, updatedAt: now })
      .where(
        and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, "EM_ANDAMENTO")),
      )
      .returning({ id: campaigns.id });
    if (!row) return false;
    await tx.run(sql`
      UPDATE campaign_shippings SET status = 'cancelled', run_at = NULL, updated_at = ${now}
      WHERE company_id = ${companyId} AND campaign_id = ${id}
        AND (status = 'pending' OR (status = 'sending' AND updated_at < ${stale}))`);
    await tx.run(sql`
      UPDATE campaign_shippings SET status = 'no_answer', run_at = NULL, updated_at = ${now}
      WHERE company_id = ${companyId} AND campaign_id = ${id} AND status = 'awaiting'`);
    return true;
  });
  if (!finished) {
    throw new AppError("ERR_CONFLICT", { message: "only a running campaign can be finished" });
  }
  progress(deps, companyId, id, true);
  await emitFinished(deps, companyId, id);
}
