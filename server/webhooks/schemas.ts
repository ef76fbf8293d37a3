/**
 * What the webhooks feature accepts and sends, as zod: the subscription inputs the routes validate
 * and the versioned event payloads (`{id, type, version: 1, createdAt, companyId, data}`) that
 * receivers get — exported so the OpenAPI document can list them in its `webhooks` section. The
 * payload shapes are our own, not the internal DTOs, so a refactor inside cannot change version 1.
 */
import { z } from "zod";
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  type WebhookSubscriptionDTO,
  type WebhookSubscriptionWithSecret,
} from "@contract/webhooks.ts";
import { int, nullableInt, nullableText, nullableTimestamp, timestamp } from "../lib/answers.ts";

// ---- inputs --------------------------------------------------------------------------------

const eventList = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length)
  .transform((l) => [...new Set(l)]);
const url = z.string().trim().max(2000).url().refine((u) => /^https?:\/\//i.test(u), "not_http");

export const createSubscriptionInput = z.object({
  url,
  description: z.string().trim().max(200).default(""),
  events: eventList,
});

export const updateSubscriptionInput = z.object({
  url: url.optional(),
  description: z.string().trim().max(200).optional(),
  events: eventList.optional(),
  /** "active" resumes a paused or disabled subscription; "disabled" stops it. */
  status: z.enum(["active", "disabled"]).optional(),
});

export const deliveriesQuery = z.object({
  /** Deliveries older than this id (the next page). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  status: z.enum(["pending", "delivered", "failed"]).optional(),
});

/** Hours the former secret keeps signing after a rotation (0: it stops at once, e.g. when leaked). */
export const MAX_SECRET_OVERLAP_HOURS = 168;
export const rotateSecretInput = z.object({
  overlapHours: z.number().int().min(0).max(MAX_SECRET_OVERLAP_HOURS).default(24)
    .describe("How long deliveries are signed with the former secret too (default 24; 0 = stop now)."),
});
export type RotateSecretInput = z.infer<typeof rotateSecretInput>;

// ---- answers (the OpenAPI document and the contract test read them; see lib/answers.ts) --------

export const subscriptionAnswer = z.object({
  id: int,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(["active", "paused", "disabled"]).describe("paused: failing for 24 h; resume with PUT"),
  secretHint: z.string().describe("The secret's last characters; the secret is shown once."),
  previousSecretHint: nullableText.describe(
    "After a rotation with an overlap: the former secret's last characters.",
  ),
  previousSecretUntil: nullableTimestamp.describe(
    "Until then deliveries carry a second v1 signature made with the former secret.",
  ),
  failingSince: nullableTimestamp,
  lastSuccessAt: nullableTimestamp,
  lastFailureAt: nullableTimestamp,
  pausedAt: nullableTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ id: "WebhookSubscription" }) satisfies z.ZodType<WebhookSubscriptionDTO>;

export const subscriptionListAnswer = z.array(subscriptionAnswer);

export const subscriptionWithSecretAnswer = subscriptionAnswer.extend({
  secret: z.string().describe("whsec_…: the signing secret, shown only here"),
}).meta({ id: "WebhookSubscriptionWithSecret" }) satisfies z.ZodType<WebhookSubscriptionWithSecret>;

const deliveryAnswer = z.object({
  id: int,
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: int,
  lastStatusCode: nullableInt,
  lastError: nullableText,
  lastAttemptAt: nullableTimestamp,
  nextAttemptAt: nullableTimestamp,
  deliveredAt: nullableTimestamp,
  createdAt: timestamp,
}).meta({ id: "WebhookDelivery" });

export const deliveryPageAnswer = z.object({
  deliveries: z.array(deliveryAnswer),
  hasMore: z.boolean(),
}) satisfies z.ZodType<WebhookDeliveryPage>;

export const deliveryDetailAnswer = deliveryAnswer.extend({
  requestBody: z.string().describe("The body as sent"),
  log: z.array(z.object({
    id: int,
    attempt: int,
    manual: z.boolean().describe("a 'send again'"),
    at: timestamp,
    durationMs: int,
    statusCode: nullableInt,
    responseBody: nullableText,
    error: nullableText,
  })).describe("Every attempt, newest first."),
}).meta({ id: "WebhookDeliveryDetail" }) satisfies z.ZodType<WebhookDeliveryDetail>;

// ---- payloads (version 1) --------------------------------------------------------------------

const isoDate = z.string().describe("ISO 8601 instant");

export const webhookTicketSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.string().describe("pending, open, closed, group, nps, lgpd"),
  queueId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  contactId: z.number().int(),
  whatsappId: z.number().int().nullable(),
  channel: z.string().nullable(),
  isGroup: z.boolean(),
  lastMessage: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  closedAt: isoDate.nullable(),
});

export const webhookMessageSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  contactId: z.number().int().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  isPrivate: z.boolean(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable().describe("a signed link that expires"),
  ack: z.number().int().describe("0 clock, 1 sent, 2 delivered, 3/4 read, 5 played"),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  quotedMsgId: z.number().int().nullable(),
  userId: z.number().int().nullable().describe("the attendant who sent it"),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const webhookContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  email: z.string().nullable(),
  isGroup: z.boolean(),
  channel: z.string().nullable(),
  createdAt: isoDate.nullable(),
  updatedAt: isoDate.nullable(),
});

const change = <T extends z.ZodType>(t: T) => z.object({ from: t, to: t });

export const webhookDataSchemas = {
  "message.created": z.object({ message: webhookMessageSchema, ticket: webhookTicketSchema }),
  "message.updated": z.object({ message: webhookMessageSchema, ticket: webhookTicketSchema }),
  "ticket.created": z.object({ ticket: webhookTicketSchema }),
  "ticket.updated": z.object({
    ticket: webhookTicketSchema,
    /** Only what changed among status, queue and assignee. */
    changes: z.object({
      status: change(z.string()).optional(),
      queueId: change(z.number().int().nullable()).optional(),
      userId: change(z.number().int().nullable()).optional(),
    }),
  }),
  "contact.created": z.object({ contact: webhookContactSchema }),
  "contact.updated": z.object({ contact: webhookContactSchema }),
  "campaign.finished": z.object({
    campaign: z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      completedAt: isoDate.nullable(),
      /** Shipments per status (delivered, failed, confirmed, …). */
      counts: z.record(z.string(), z.number()),
    }),
  }),
  "schedule.sent": z.object({
    schedule: z.object({
      id: z.number().int(),
      body: z.string(),
      contactId: z.number().int(),
      ticketId: z.number().int().nullable(),
      messageId: z.number().int().nullable(),
      /** The slot that was sent (a recurring schedule sends one per slot). */
      sendAt: isoDate,
      sentAt: isoDate,
    }),
  }),
} as const;

export type WebhookData = { [K in keyof typeof webhookDataSchemas]: z.infer<(typeof webhookDataSchemas)[K]> };

/** The envelope of one event type: what a receiver gets as the request body. */
export const webhookEventSchema = <K extends keyof typeof webhookDataSchemas>(type: K) =>
  z.object({
    id: z.string().describe("the event id: the same on every attempt and on a 'send again'; dedupe on it"),
    type: z.literal(type),
    version: z.literal(1),
    createdAt: isoDate,
    companyId: z.number().int(),
    data: webhookDataSchemas[type],
  });

/** Every event's envelope, by type (for the OpenAPI document's `webhooks` section). */
export const webhookEventSchemas = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((t) => [t, webhookEventSchema(t)]),
) as { [K in keyof typeof webhookDataSchemas]: ReturnType<typeof webhookEventSchema<K>> };

/** The headers every delivery carries (documented with the signature recipe in ARCHITECTURE.md). */
export const WEBHOOK_HEADERS = {
  signature: "Atende-Signature",
  eventId: "Atende-Event-Id",
  eventType: "Atende-Event-Type",
  attempt: "Atende-Attempt",
} as const;

/** A receiver should refuse a signature whose `t` is further than this from its own clock. */
export const REPLAY_WINDOW_S = 300;
