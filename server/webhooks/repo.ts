/**
 * Tenant-scoped queries of the webhooks feature: subscriptions, the delivery log and its attempts.
 * Every function takes the company first; another company's row reads as missing.
 */
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEvents, webhookSubscriptions } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import type {
  WebhookAttemptDTO,
  WebhookDeliveryDTO,
  WebhookEventType,
  WebhookSubscriptionDTO,
} from "@contract/webhooks.ts";

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const subscriptionDTO = (r: SubscriptionRow): WebhookSubscriptionDTO => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events as WebhookEventType[],
  status: r.status,
  secretHint: r.secretHint,
  previousSecretHint: r.previousSecretHint,
  previousSecretUntil: r.previousSecretUntil,
  failingSince: r.failingSince,
  lastSuccessAt: r.lastSuccessAt,
  lastFailureAt: r.lastFailureAt,
  pausedAt: r.pausedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const listSubscriptions = (db: Db | Tx, companyId: number) =>
  db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, companyId))
    .orderBy(webhookSubscriptions.id);

export async function findSubscription(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db.select().from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.id, id)));
  return row ?? null;
}

/** The active subscriptions of these companies (the outbox matches events against them). */
export const activeSubscriptionsOf = (db: Db | Tx, companyIds: number[]) =>
  db.select({
    id: webhookSubscriptions.id,
    companyId: webhookSubscriptions.companyId,
    events: webhookSubscriptions.events,
    createdAt: webhookSubscriptions.createdAt,
  }).from(webhookSubscriptions)
    .where(
      and(inArray(webhookSubscriptions.companyId, companyIds), eq(webhookSubscriptions.status, "active")),
    );

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

/** A subscription's deliveries, newest first, `limit + 1` rows (the caller tells hasMore). */
export function listDeliveries(
  db: Db,
  companyId: number,
  subscriptionId: number,
  q: { before?: number; limit: number; status?: "pending" | "delivered" | "failed" },
): Promise<WebhookDeliveryDTO[]> {
  return db.select(deliveryColumns).from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(
      eq(webhookDeliveries.companyId, companyId),
      eq(webhookDeliveries.subscriptionId, subscriptionId),
      q.before ? lt(webhookDeliveries.id, q.before) : undefined,
      q.status ? eq(webhookDeliveries.status, q.status) : undefined,
    ))
    .orderBy(desc(webhookDeliveries.id)).limit(q.limit + 1);
}

export async function findDelivery(db: Db | Tx, companyId: number, subscriptionId: number, id: number) {
  const [row] = await db.select({
    ...deliveryColumns,
    body: webhookEvents.body,
    orderKey: webhookEvents.orderKey,
  })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(
      eq(webhookDeliveries.companyId, companyId),
      eq(webhookDeliveries.subscriptionId, subscriptionId),
      eq(webhookDeliveries.id, id),
    ));
  return row ?? null;
}

export const attemptsOf = (db: Db, companyId: number, deliveryId: number): Promise<WebhookAttemptDTO[]> =>
  db.select({
    id: webhookAttempts.id,
    attempt: webhookAttempts.attempt,
    manual: webhookAttempts.manual,
    at: webhookAttempts.at,
    durationMs: webhookAttempts.durationMs,
    statusCode: webhookAttempts.statusCode,
    responseBody: webhookAttempts.responseBody,
    error: webhookAttempts.error,
  }).from(webhookAttempts)
    .where(and(eq(webhookAttempts.companyId, companyId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(desc(webhookAttempts.id));

/** What one attempt needs: the delivery, its event's body and its subscription. */
export async function deliveryForAttempt(db: Db, companyId: number, deliveryId: number) {
  const [row] = await db.select({
    delivery: webhookDeliveries,
    eventType: webhookEvents.type,
    body: webhookEvents.body,
    sub: webhookSubscriptions,
  }).from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, deliveryId)));
  return row ?? null;
}
