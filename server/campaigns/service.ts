/**
 * Campaigns (spec 3 §2 Campaigns page and dialog, §3, §4, §6): admins only, with the plan's
 * campaigns feature. Status machine: create → PROGRAMADA with a scheduledAt, else INATIVA; the
 * dispatcher starts PROGRAMADA at scheduledAt (EM_ANDAMENTO) and ends it (FINALIZADA); a running
 * or scheduled campaign can be cancelled (CANCELADA) and a cancelled one restarted (EM_ANDAMENTO,
 * resuming its pending shipments); a running one can be finished at once (FINALIZADA, finish.ts). Editable only when INATIVA, CANCELADA, or PROGRAMADA more than
 * one hour before its start.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { pageOf } from "../lib/paging.ts";
import { allItems, getList, type ItemRow } from "../contact_lists/repo.ts";
import { requireCampaigns } from "../contact_lists/service.ts";
import { ATTACHMENT_TYPES } from "../messages/service.ts";
import { downloadLimit } from "../channels/download.ts";
import { assertOwned } from "../lib/owned.ts";
import * as repo from "./repo.ts";
import type { CreateCampaignInput, ListCampaignsQuery, UpdateCampaignInput } from "./schemas.ts";
import { startCampaign } from "./dispatcher.ts";
import { emitCampaign } from "./lifecycle.ts";
import { finishNow } from "./finish.ts";
import { assertSendable } from "./start.ts";

const PAGE = 20;
const HOUR = 3600_000;

async function checkRefs(deps: Deps, companyId: number, v: Partial<CreateCampaignInput>) {
  if (v.contactListId) await getList(deps.db, companyId, v.contactListId);
  // 0 means "none" in the dialog's selects.
  await assertOwned(deps.db, companyId, {
    whatsapp: v.whatsappId || null,
    tag: v.tagListId || null,
    user: v.userId || null,
    queue: v.queueId || null,
  });
}

function requireAudienceAndMessage(
  v:
    & { contactListId?: number | null; tagListId?: number | null; message1?: string | null }
    & Record<string, unknown>,
) {
  const details = [];
  if (!v.contactListId && !v.tagListId) {
    details.push({ path: "contactListId", message: "a contact list or a tag" });
  }
  if (![1, 2, 3, 4, 5].some((i) => v[`message${i}`])) {
    details.push({ path: "message1", message: "at least one message" });
  }
  if (details.length) throw new AppError("ERR_VALIDATION", { details });
}

export function isEditable(c: { status: string; scheduledAt: string | null }, now: Date): boolean {
  if (c.status === "INATIVA" || c.status === "CANCELADA") return true;
  return c.status === "PROGRAMADA" && !!c.scheduledAt && Date.parse(c.scheduledAt) - now.getTime() > HOUR;
}

export async function listCampaigns(deps: Deps, actor: Actor, q: ListCampaignsQuery) {
  requireCampaigns(actor);
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listCampaigns(deps.db, actor.companyId, {
    search: q.searchParam,
    ...page,
  });
  return { records: rows, count, hasMore: page.hasMore(count) };
}

/**
 * One campaign in both shapes: today's fields (contactList {id, name}, whatsapp, tagList) and the
 * spec's — `shipping` (every shipment, as the spec's report reads it) and `contactList.contacts`
 * (the list's items). Our own report pages through /report instead.
 */
export async function showCampaign(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  const campaign = await repo.getCampaign(deps.db, actor.companyId, id);
  const shipping = await repo.allShippings(deps.db, actor.companyId, id);
  const contactList = campaign.contactList as { id: number; name: string } | null;
  if (!contactList) return { ...campaign, shipping };
  const contacts: ItemRow[] = [];
  for (let batch = await allItems(deps.db, actor.companyId, contactList.id); batch.length;) {
    contacts.push(...batch);
    batch = await allItems(deps.db, actor.companyId, contactList.id, batch[batch.length - 1].id);
  }
  return { ...campaign, contactList: { ...contactList, contacts }, shipping };
}

export async function createCampaign(deps: Deps, actor: Actor, input: CreateCampaignInput) {
  requireCampaigns(actor);
  requireAudienceAndMessage(input);
  await checkRefs(deps, actor.companyId, input);
  // A start means "send then": refuse one that would send nothing, and say why.
  if (input.scheduledAt) {
    await assertSendable(deps, { ...input, companyId: actor.companyId } as repo.CampaignRow);
  }
  const row = await deps.database.write((tx) =>
    repo.insertCampaign(tx, {
      ...input,
      companyId: actor.companyId,
      status: input.scheduledAt ? "PROGRAMADA" : "INATIVA",
    })
  );
  const record = await repo.getCampaign(deps.db, actor.companyId, row.id);
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "campaign",
    action: "create",
    record,
  });
  return record;
}

export async function updateCampaign(deps: Deps, actor: Actor, id: number, input: UpdateCampaignInput) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  if (!isEditable(cur, deps.clock.now())) {
    throw new AppError("ERR_CONFLICT", {
      message: "campaign is not editable in its status",
      details: { status: cur.status },
    });
  }
  const merged = { ...cur, ...input };
  requireAudienceAndMessage(merged);
  await checkRefs(deps, actor.companyId, input);
  if (merged.userId && !merged.queueId) {
    throw new AppError("ERR_VALIDATION", {
      details: [{ path: "queueId", message: "queue required with a user" }],
    });
  }
  if (input.scheduledAt && cur.status !== "CANCELADA") {
    await assertSendable(deps, { ...merged } as repo.CampaignRow);
  }
  // A cancelled campaign stays cancelled until restarted; otherwise the start decides the status.
  const status = cur.status === "CANCELADA" ? cur.status : merged.scheduledAt ? "PROGRAMADA" : "INATIVA";
  await deps.database.write((tx) => repo.updateCampaign(tx, actor.companyId, id, { ...input, status }));
  const record = await repo.getCampaign(deps.db, actor.companyId, id);
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "campaign",
    action: "update",
    record,
  });
  return record;
}

export async function deleteCampaign(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  await deps.database.write((tx) => repo.deleteCampaign(tx, actor.companyId, id));
  if (cur.mediaPath) await deps.media.remove(cur.mediaPath).catch(() => undefined);
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "campaign", action: "delete", id });
}

export async function cancelCampaign(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  if (cur.status !== "EM_ANDAMENTO" && cur.status !== "PROGRAMADA") {
    throw new AppError("ERR_CONFLICT", {
      message: "only a running or scheduled campaign can be cancelled",
      details: { status: cur.status },
    });
  }
  await deps.database.write((tx) => repo.updateCampaign(tx, actor.companyId, id, { status: "CANCELADA" }));
  await emitCampaign(deps, actor.companyId, id);
  return await repo.getCampaign(deps.db, actor.companyId, id);
}

/** EM_ANDAMENTO → FINALIZADA at once (finish.ts): pending shipments cancelled, awaiting ones no answer. */
export async function finishCampaign(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  if (cur.status !== "EM_ANDAMENTO") {
    throw new AppError("ERR_CONFLICT", {
      message: "only a running campaign can be finished",
      details: { status: cur.status },
    });
  }
  await finishNow(deps, actor.companyId, id);
  return await repo.getCampaign(deps.db, actor.companyId, id);
}

/** CANCELADA → EM_ANDAMENTO: plans what is missing (a campaign cancelled before it started). */
export async function restartCampaign(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  if (cur.status !== "CANCELADA") {
    throw new AppError("ERR_CONFLICT", {
      message: "only a cancelled campaign can be restarted",
      details: { status: cur.status },
    });
  }
  await startCampaign(deps, cur, "CANCELADA");
  deps.jobs.kick();
  return await repo.getCampaign(deps.db, actor.companyId, id);
}

export async function uploadMedia(deps: Deps, actor: Actor, id: number, file: File) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  const stored = await deps.media.save(actor.companyId, "campaigns", file, {
    maxBytes: await downloadLimit(deps),
    accept: ATTACHMENT_TYPES,
  });
  await deps.database.write((tx) =>
    repo.updateCampaign(tx, actor.companyId, id, { mediaPath: stored.path, mediaName: stored.name })
  );
  if (cur.mediaPath) await deps.media.remove(cur.mediaPath).catch(() => undefined);
  await emitCampaign(deps, actor.companyId, id);
  return await repo.getCampaign(deps.db, actor.companyId, id);
}

export async function deleteMedia(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  const cur = await repo.getCampaign(deps.db, actor.companyId, id);
  await deps.database.write((tx) =>
    repo.updateCampaign(tx, actor.companyId, id, { mediaPath: null, mediaName: null })
  );
  if (cur.mediaPath) await deps.media.remove(cur.mediaPath).catch(() => undefined);
  await emitCampaign(deps, actor.companyId, id);
  return await repo.getCampaign(deps.db, actor.companyId, id);
}

/** The report: the campaign, its live counts and a page of shipments (one row per contact). */
export async function report(
  deps: Deps,
  actor: Actor,
  id: number,
  q: { pageNumber: number; searchParam?: string },
) {
  requireCampaigns(actor);
  const campaign = await repo.getCampaign(deps.db, actor.companyId, id);
  const page = pageOf(q.pageNumber, 50);
  const counts = await repo.shippingCounts(deps.db, actor.companyId, id);
  const { rows, count } = await repo.shippingsPage(deps.db, actor.companyId, id, {
    search: q.searchParam,
    ...page,
  });
  const listCount = campaign.contactListId
    ? (await getList(deps.db, actor.companyId, campaign.contactListId)).contactsCount
    : 0;
  return {
    campaign,
    counts: { ...counts, contacts: listCount },
    records: rows,
    count,
    hasMore: page.hasMore(count),
  };
}
