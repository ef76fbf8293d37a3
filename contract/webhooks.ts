/**
 * Event webhooks on the wire: the event types an admin may subscribe to and the shapes the
 * subscriptions screen and /api/webhook-subscriptions exchange (the server's zod payload schemas
 * live in server/webhooks/schemas.ts).
 */

export const WEBHOOK_EVENT_TYPES = [
  "message.created",
  "message.updated",
  "ticket.created",
  "ticket.updated",
  "contact.created",
  "contact.updated",
  "campaign.finished",
  "schedule.sent",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export type WebhookSubscriptionStatus = "active" | "paused" | "disabled";

export type WebhookSubscriptionDTO = {
  id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  status: WebhookSubscriptionStatus;
  /** The secret's last characters (`…a1b2`); the secret itself is shown once. */
  secretHint: string;
  /** After a rotation with an overlap: the former secret's hint, and until when it still signs. */
  previousSecretHint: string | null;
  previousSecretUntil: string | null;
  failingSince: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  pausedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The answer of a create and of a secret rotation: the only time the secret is shown. */
export type WebhookSubscriptionWithSecret = WebhookSubscriptionDTO & { secret: string };

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

export type WebhookDeliveryDTO = {
  id: number;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
};

export type WebhookAttemptDTO = {
  id: number;
  attempt: number;
  manual: boolean;
  at: string;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
};

export type WebhookDeliveryPage = { deliveries: WebhookDeliveryDTO[]; hasMore: boolean };

/** One delivery with what was sent (the request body) and every attempt, newest first. */
export type WebhookDeliveryDetail = WebhookDeliveryDTO & { requestBody: string; log: WebhookAttemptDTO[] };
