/**
 * The number check of a contact list (isWhatsappValid): where the company has a connected channel
 * whose adapter can tell (`checkNumber`, WhatsApp's onWhatsApp), the list's unchecked items are
 * asked about in the background. A durable job handles one batch and enqueues the next, so a
 * restart resumes where it stopped and no job runs past the queue's stale-lock time; a batch run
 * twice only re-asks numbers still unchecked. Each verdict goes out as a ContactListItem update
 * and each batch as a progress frame. Without such a channel the items stay unchecked (null).
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import type { Tx } from "@db/client.ts";
import { listConnections } from "../connections/repo.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import { enqueue, registerQueuedJob } from "../jobs/queue.ts";
import * as repo from "./repo.ts";
import { requireAdmin, requirePlan } from "../auth/permissions.ts";
import type { NumberCheckStatus } from "@contract/contact_lists.ts";

export const NUMBER_CHECK_JOB = "contactLists.checkNumbers";
const BATCH = 50;

const requireCampaigns = (actor: Actor) => {
  requireAdmin(actor);
  requirePlan(actor.plan, "useCampaigns");
};

/** `chain` names one run over the list (its start time), so a batch run twice enqueues its successor once. */
type Payload = { companyId: number; contactListId: number; afterId: number; chain: number };

/** The company's connection that can check numbers: the default one first, connected only. */
export async function numberChecker(deps: Deps, companyId: number) {
  const conns = (await listConnections(deps.db, companyId))
    .filter((c) => c.status === "CONNECTED" && hasAdapter(c.channel) && adapterFor(c.channel).checkNumber)
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const conn: ConnectionRow | undefined = conns[0];
  return conn ? { conn, check: adapterFor(conn.channel).checkNumber! } : null;
}

/** Starts (or restarts) the check of a list's unchecked items; false when no channel can tell. */
export async function scheduleNumberCheck(deps: Deps, tx: Tx, companyId: number, contactListId: number) {
  const chain = deps.clock.now().getTime();
  await enqueue(tx, {
    name: NUMBER_CHECK_JOB,
    payload: { companyId, contactListId, afterId: 0, chain } satisfies Payload,
    runAt: new Date(chain),
    companyId,
    dedupeKey: `${NUMBER_CHECK_JOB}:${contactListId}:${chain}:0`,
    // One chain at a time per list: a second import's check waits for the first one's batches.
    orderKey: `${NUMBER_CHECK_JOB}:${contactListId}`,
    maxAttempts: 5,
  });
}

export type { NumberCheckStatus };

export async function numberCheckStatus(
  deps: Deps,
  actor: Actor,
  listId: number,
): Promise<NumberCheckStatus> {
  requireCampaigns(actor);
  await repo.getList(deps.db, actor.companyId, listId);
  const checker = await numberChecker(deps, actor.companyId);
  return {
    available: !!checker,
    connectionName: checker?.conn.name ?? null,
    ...(await repo.validityCounts(deps.db, actor.companyId, listId)),
  };
}

/** POST …/number-check: checks the list's unchecked items now (e.g. after connecting a phone). */
export async function startNumberCheck(deps: Deps, actor: Actor, listId: number): Promise<NumberCheckStatus> {
  requireCampaigns(actor);
  await repo.getList(deps.db, actor.companyId, listId);
  if (await numberChecker(deps, actor.companyId)) {
    await deps.database.write((tx) => scheduleNumberCheck(deps, tx, actor.companyId, listId));
    deps.jobs.kick();
  }
  return await numberCheckStatus(deps, actor, listId);
}

async function runBatch(deps: Deps, raw: unknown): Promise<void> {
  const p = raw as Payload;
  if (!(await repo.findList(deps.db, p.companyId, p.contactListId))) return;
  const checker = await numberChecker(deps, p.companyId);
  if (!checker) return; // the channel went away: what is left stays unchecked
  const batch = await repo.uncheckedItems(deps.db, p.companyId, p.contactListId, p.afterId, BATCH);
  for (const item of batch) {
    // A failure (session dropped mid-batch) throws: the job retries with backoff from here on.
    const valid = await checker.check(deps, checker.conn, item.number);
    const record = await deps.database.write(async (tx) => {
      await repo.setValidity(tx, p.companyId, item.id, valid);
      return await repo.findItem(tx, p.companyId, item.id);
    });
    if (record) {
      deps.bus.emit("entity.changed", {
        companyId: p.companyId,
        entity: "contactListItem",
        action: "update",
        record,
      });
    }
  }
  const counts = await repo.validityCounts(deps.db, p.companyId, p.contactListId);
  const more = batch.length === BATCH;
  deps.bus.emit("contactList.numberCheck", {
    companyId: p.companyId,
    contactListId: p.contactListId,
    ...counts,
    done: !more,
  });
  if (!more) return;
  const afterId = batch[batch.length - 1].id;
  await deps.database.write((tx) =>
    enqueue(tx, {
      name: NUMBER_CHECK_JOB,
      payload: { ...p, afterId } satisfies Payload,
      runAt: deps.clock.now(),
      companyId: p.companyId,
      dedupeKey: `${NUMBER_CHECK_JOB}:${p.contactListId}:${p.chain}:${afterId}`,
      orderKey: `${NUMBER_CHECK_JOB}:${p.contactListId}`,
      maxAttempts: 5,
    })
  );
}

registerQueuedJob({ name: NUMBER_CHECK_JOB, handle: runBatch });
