/**
 * The `webhooks` section of the OpenAPI document: one entry per event a company can subscribe to
 * (OpenAPI 3.1 Path Item objects keyed by event name, e.g. `ticket.updated`), the body being the
 * very zod envelope the deliveries are built from (webhooks/schemas.ts), so the two cannot drift.
 */
import type { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@contract/webhooks.ts";
import { REPLAY_WINDOW_S, WEBHOOK_HEADERS, webhookEventSchemas } from "../webhooks/schemas.ts";

type Json = Record<string, unknown>;

const SIGNING =
  `Each delivery is a POST with the JSON body below and the headers ${WEBHOOK_HEADERS.signature} ` +
  `(\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the subscription's secret>\`; ` +
  `during a secret rotation's overlap one v1 per secret, \`t=…,v1=<new>,v1=<old>\`: accept when any v1 matches), ` +
  `${WEBHOOK_HEADERS.eventId}, ${WEBHOOK_HEADERS.eventType} and ${WEBHOOK_HEADERS.attempt}. Refuse a ` +
  `signature whose t is more than ${REPLAY_WINDOW_S} s from your clock; dedupe on the event id (a retry ` +
  `or a "send again" carries the same id). Answer 2xx within 10 s; anything else is retried with ` +
  `backoff for 24 h, in order per ticket.`;

export function webhooksSection(toSchema: (s: z.ZodType) => Json): Record<string, unknown> {
  return Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, {
    post: {
      operationId: `webhook_${type.replace(/\W/g, "_")}`,
      summary: `${type} (version 1)`,
      description: SIGNING,
      requestBody: {
        required: true,
        content: { "application/json": { schema: toSchema(webhookEventSchemas[type] as z.ZodType) } },
      },
      responses: { "200": { description: "Received (any 2xx)." } },
    },
  }]));
}
