/**
 * Phrase campaigns (spec 3 §2 /phrase-lists, §3 Flow campaign, §7 /flowcampaign): a phrase on a
 * connection (or on every connection when none is chosen) that starts a flow. Admins only; the
 * list's delete follows the delete-contact permission, which only admins hold.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { requireAdmin } from "../auth/permissions.ts";
import { assertOwned } from "../lib/owned.ts";
import { audit } from "../audit/audit.ts";
import { flowCampaigns } from "@db/schema.ts";
import { and, eq } from "drizzle-orm";
import * as repo from "./repo.ts";
import { publishChange } from "./events.ts";
import type { CreateCampaignInput, UpdateCampaignInput } from "./schemas.ts";

async function checkRefs(deps: Deps, actor: Actor, input: CreateCampaignInput) {
  const flow = await repo.findFlow(deps.db, actor.companyId, input.flowId);
  if (!flow) throw notFound("flow");
  await assertOwned(deps.db, actor.companyId, { whatsapp: input.whatsappId });
}

export async function listCampaigns(deps: Deps, actor: Actor) {
  requireAdmin(actor);
  return await repo.listCampaigns(deps.db, actor.companyId);
}

export async function showCampaign(deps: Deps, actor: Actor, id: number) {
  requireAdmin(actor);
  const c = await repo.findCampaign(deps.db, actor.companyId, id);
  if (!c) throw notFound("flowCampaign");
  return { details: { ...c, name: c.name, phrase: c.phrase, flowId: c.flowId, status: c.status } };
}

export async function createCampaign(deps: Deps, actor: Actor, input: CreateCampaignInput) {
  requireAdmin(actor);
  await checkRefs(deps, actor, input);
  const created = await deps.database.write(async (tx) => {
    const [row] = await tx.insert(flowCampaigns).values({
      companyId: actor.companyId,
      userId: actor.user.id,
      name: input.name,
      flowId: input.flowId,
      whatsappId: input.whatsappId ?? null,
      phrase: input.phrase,
      status: input.status ?? true,
    }).returning();
    await audit(tx, actor, {
      action: "flowCampaign.create",
      entity: "flowCampaign",
      entityId: row.id,
      summary: row.name,
    });
    return row;
  });
  publishChange(deps, actor.companyId, "flowcampaign", { action: "create", record: created });
  return created;
}

export async function updateCampaign(deps: Deps, actor: Actor, input: UpdateCampaignInput) {
  requireAdmin(actor);
  if (!(await repo.findCampaign(deps.db, actor.companyId, input.id))) throw notFound("flowCampaign");
  await checkRefs(deps, actor, input);
  const updated = await deps.database.write(async (tx) => {
    const [row] = await tx.update(flowCampaigns).set({
      name: input.name,
      flowId: input.flowId,
      whatsappId: input.whatsappId ?? null,
      phrase: input.phrase,
      ...(input.status !== undefined ? { status: input.status } : {}),
      updatedAt: new Date().toISOString(),
    }).where(and(eq(flowCampaigns.companyId, actor.companyId), eq(flowCampaigns.id, input.id))).returning();
    await audit(tx, actor, {
      action: "flowCampaign.update",
      entity: "flowCampaign",
      entityId: row.id,
      summary: row.name,
    });
    return row;
  });
  publishChange(deps, actor.companyId, "flowcampaign", { action: "update", record: updated });
  return updated;
}

export async function deleteCampaign(deps: Deps, actor: Actor, id: number) {
  requireAdmin(actor);
  const c = await repo.findCampaign(deps.db, actor.companyId, id);
  if (!c) throw notFound("flowCampaign");
  await deps.database.write(async (tx) => {
    await tx.delete(flowCampaigns).where(
      and(eq(flowCampaigns.companyId, actor.companyId), eq(flowCampaigns.id, id)),
    );
    await audit(tx, actor, {
      action: "flowCampaign.delete",
      entity: "flowCampaign",
      entityId: id,
      summary: c.name,
    });
  });
  publishChange(deps, actor.companyId, "flowcampaign", { action: "delete", id });
}
