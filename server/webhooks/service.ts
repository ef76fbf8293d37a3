/**
 * The webhooks feature's rules for admins: subscriptions (the signing secret generated here, sealed
 * at rest and shown once — on create and on rotation), the delivery log, and "send again" (a new,
 * single attempt of the same event id). Every change is audited in its own transaction.
 */
import { and, eq } from "drizzle-orm";
import { webhookSubscriptions } from "@db/schema.ts";
import type {
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookSubscriptionDTO,
  WebhookSubscriptionWithSecret,
} from "@contract/webhooks.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { randomString } from "../lib/crypto.ts";
import { checkUrl } from "../lib/safe_fetch.ts";
import { requireAdmin } from "../auth/permissions.ts";
import { audit, changes, snapshot } from "../audit/audit.ts";
import * as repo from "./repo.ts";
import { enqueueDelivery } from "./delivery.ts";
import type { z } from "zod";
import type { createSubscriptionInput, RotateSecretInput, updateSubscriptionInput } from "./schemas.ts";

/** Subscriptions per company, at most. */
export const MAX_SUBSCRIPTIONS = 20;

const newSecret = () => `whsec_${randomString(40)}`;

async function sealed(deps: Deps, secret: string) {
  return { secret: await deps.secrets.seal(secret), secretHint: `…${secret.slice(-4)}` };
}

async function mustFind(deps: Deps, actor: Actor, id: number) {
  requireAdmin(actor);
  const row = await repo.findSubscription(deps.db, actor.companyId, id);
  if (!row) throw notFound("webhook");
  return row;
}

export async function listSubscriptions(deps: Deps, actor: Actor): Promise<WebhookSubscriptionDTO[]> {
  requireAdmin(actor);
  return (await repo.listSubscriptions(deps.db, actor.companyId)).map(repo.subscriptionDTO);
}

export async function getSubscription(deps: Deps, actor: Actor, id: number): Promise<WebhookSubscriptionDTO> {
  return repo.subscriptionDTO(await mustFind(deps, actor, id));
}

export async function createSubscription(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof createSubscriptionInput>,
): Promise<WebhookSubscriptionWithSecret> {
  requireAdmin(actor);
  // A target the fetch guard would refuse (loopback, private, metadata) is refused now, not at send.
  await checkUrl(deps.fetchGuard, input.url);
  const secret = newSecret();
  const now = deps.clock.now().toISOString();
  const row = await deps.database.write(async (tx) => {
    const existing = await repo.listSubscriptions(tx, actor.companyId);
    if (existing.length >= MAX_SUBSCRIPTIONS) {
      throw new AppError("ERR_VALIDATION", {
        details: [{
          path: "url",
          message: "too many subscriptions",
          code: "too_big",
          maximum: MAX_SUBSCRIPTIONS,
        }],
      });
    }
    const [row] = await tx.insert(webhookSubscriptions).values({
      companyId: actor.companyId,
      url: input.url,
      description: input.description,
      events: input.events,
      ...await sealed(deps, secret),
      createdAt: now,
      updatedAt: now,
    }).returning();
    await audit(tx, actor, {
      action: "webhook.create",
      entity: "webhook",
      entityId: row.id,
      summary: row.url,
      diff: snapshot({ url: row.url, description: row.description, events: row.events }),
    });
    return row;
  });
  return { ...repo.subscriptionDTO(row), secret };
}

export async function updateSubscription(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.infer<typeof updateSubscriptionInput>,
): Promise<WebhookSubscriptionDTO> {
  const before = await mustFind(deps, actor, id);
  if (input.url && input.url !== before.url) await checkUrl(deps.fetchGuard, input.url);
  const now = deps.clock.now().toISOString();
  // Resuming starts a new health record: the next failure starts a new 24 h streak.
  const resume = input.status === "active" && before.status !== "active"
    ? { failingSince: null, pausedAt: null }
    : {};
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.update(webhookSubscriptions).set({ ...input, ...resume, updatedAt: now })
      .where(and(eq(webhookSubscriptions.companyId, actor.companyId), eq(webhookSubscriptions.id, id)))
      .returning();
    if (!row) throw notFound("webhook");
    await audit(tx, actor, {
      action: "webhook.update",
      entity: "webhook",
      entityId: id,
      summary: row.url,
      diff: changes(before, input),
    });
    return row;
  });
  return repo.subscriptionDTO(row);
}

export async function deleteSubscription(deps: Deps, actor: Actor, id: number): Promise<void> {
  const before = await mustFind(deps, actor, id);
  await deps.database.write(async (tx) => {
    await tx.delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.companyId, actor.companyId), eq(webhookSubscriptions.id, id)));
    await audit(tx, actor, {
      action: "webhook.delete",
      entity: "webhook",
      entityId: id,
      summary: before.url,
    });
  });
}

/**
 * A new secret, shown this once. With an overlap, the current one keeps signing beside it (a second
 * `v1` in Atende-Signature) until `overlapHours` from now, so a receiver can deploy the new secret
 * without refusing a delivery; with 0 it stops at once. Rotating again during an overlap replaces
 * the former secret with the current one (never three at a time).
 */
export async function rotateSecret(
  deps: Deps,
  actor: Actor,
  id: number,
  input: RotateSecretInput = { overlapHours: 24 },
): Promise<WebhookSubscriptionWithSecret> {
  const before = await mustFind(deps, actor, id);
  const secret = newSecret();
  const nowDate = deps.clock.now();
  const now = nowDate.toISOString();
  const overlap = input.overlapHours > 0
    ? {
      previousSecret: before.secret,
      previousSecretHint: before.secretHint,
      previousSecretUntil: new Date(nowDate.getTime() + input.overlapHours * 3_600_000).toISOString(),
    }
    : { previousSecret: null, previousSecretHint: null, previousSecretUntil: null };
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.update(webhookSubscriptions)
      .set({ ...await sealed(deps, secret), ...overlap, updatedAt: now })
      .where(and(eq(webhookSubscriptions.companyId, actor.companyId), eq(webhookSubscriptions.id, id)))
      .returning();
    await audit(tx, actor, {
      action: "webhook.rotate_secret",
      entity: "webhook",
      entityId: id,
      summary: before.url,
      diff: { overlapHours: input.overlapHours },
    });
    return row;
  });
  return { ...repo.subscriptionDTO(row), secret };
}

export async function listDeliveries(
  deps: Deps,
  actor: Actor,
  id: number,
  q: { before?: number; limit: number; status?: "pending" | "delivered" | "failed" },
): Promise<WebhookDeliveryPage> {
  await mustFind(deps, actor, id);
  const rows = await repo.listDeliveries(deps.db, actor.companyId, id, q);
  return { deliveries: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}

export async function getDelivery(
  deps: Deps,
  actor: Actor,
  id: number,
  deliveryId: number,
): Promise<WebhookDeliveryDetail> {
  await mustFind(deps, actor, id);
  const d = await repo.findDelivery(deps.db, actor.companyId, id, deliveryId);
  if (!d) throw notFound("webhookDelivery");
  const { body, orderKey: _o, ...delivery } = d;
  return { ...delivery, requestBody: body, log: await repo.attemptsOf(deps.db, actor.companyId, deliveryId) };
}

/** "Send again": one more attempt of the same event id, now, whatever the delivery's state. */
export async function resendDelivery(
  deps: Deps,
  actor: Actor,
  id: number,
  deliveryId: number,
): Promise<WebhookDeliveryDetail> {
  await mustFind(deps, actor, id);
  const d = await repo.findDelivery(deps.db, actor.companyId, id, deliveryId);
  if (!d) throw notFound("webhookDelivery");
  await deps.database.write(async (tx) => {
    await enqueueDelivery(tx, deps, { companyId: actor.companyId, deliveryId, manual: true });
    await audit(tx, actor, {
      action: "webhook.resend",
      entity: "webhook",
      entityId: id,
      summary: `${d.eventType} ${d.eventId}`,
    });
  });
  deps.jobs.kick();
  return await getDelivery(deps, actor, id, deliveryId);
}
