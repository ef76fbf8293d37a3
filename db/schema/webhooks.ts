/**
 * Event webhooks: a company's subscriptions (URL, events, sealed signing secret, health), the events
 * they are sent (one row per event, its exact body), one delivery per (subscription, event) — unique,
 * so an event reaches a subscription once from our side — and every attempt of a delivery (the log).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, json, timestamps } from "./_columns.ts";
import { companies } from "./core.ts";

export const webhookSubscriptions = sqliteTable("webhook_subscriptions", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The event types it receives (`message.created`, …). */
  events: json<string[]>("events").notNull(),
  /** The signing secret, sealed with APP_SECRET (lib/crypto.ts SecretBox); shown once. */
  secret: text("secret").notNull(),
  /** The secret's last characters, so the screen can tell two secrets apart. */
  secretHint: text("secret_hint").notNull(),
  /**
   * After a rotation with an overlap: the former secret (sealed), its hint and until when deliveries
   * are signed with it too, so receivers can switch without losing a delivery. Null otherwise.
   */
  previousSecret: text("previous_secret"),
  previousSecretHint: text("previous_secret_hint"),
  previousSecretUntil: text("previous_secret_until"),
  /** active; paused (failing for a day: nothing is sent until an admin resumes it); disabled (by an admin). */
  status: text("status", { enum: ["active", "paused", "disabled"] }).notNull().default("active"),
  /** The first failed attempt since the last success (null while healthy). */
  failingSince: text("failing_since"),
  lastSuccessAt: text("last_success_at"),
  lastFailureAt: text("last_failure_at"),
  pausedAt: text("paused_at"),
  ...timestamps(),
}, (t) => [index("webhook_subscriptions_company_idx").on(t.companyId)]);

export const webhookEvents = sqliteTable("webhook_events", {
  /** The event id receivers dedupe on (a UUID). */
  id: text("id").primaryKey(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  /** Natural key of events that must exist once (`message.created:<id>`, `ticket.created:<id>`). */
  dedupeKey: text("dedupe_key"),
  /** What its deliveries keep in order (`ticket:<id>`), or null. */
  orderKey: text("order_key"),
  /** The exact JSON body every attempt sends. */
  body: text("body").notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex("webhook_events_dedupe_uq").on(t.dedupeKey),
  index("webhook_events_company_created_idx").on(t.companyId, t.createdAt),
]);

export const webhookDeliveries = sqliteTable("webhook_deliveries", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  subscriptionId: integer("subscription_id").notNull()
    .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
  eventId: text("event_id").notNull().references(() => webhookEvents.id, { onDelete: "cascade" }),
  /** The event's order key (`ticket:<id>`): only the oldest pending delivery of a key has a job. */
  orderKey: text("order_key"),
  /** pending (waiting or retrying), delivered, failed (gave up). */
  status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  lastStatusCode: integer("last_status_code"),
  lastError: text("last_error"),
  lastAttemptAt: text("last_attempt_at"),
  nextAttemptAt: text("next_attempt_at"),
  deliveredAt: text("delivered_at"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("webhook_deliveries_sub_event_uq").on(t.subscriptionId, t.eventId),
  index("webhook_deliveries_sub_id_idx").on(t.subscriptionId, t.id),
  index("webhook_deliveries_order_idx").on(t.subscriptionId, t.orderKey, t.status, t.id),
  // The retention purge deletes events; their deliveries go by this index.
  index("webhook_deliveries_event_idx").on(t.eventId),
]);

export const webhookAttempts = sqliteTable("webhook_attempts", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  deliveryId: integer("delivery_id").notNull()
    .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
  /** 1, 2, … per delivery. */
  attempt: integer("attempt").notNull(),
  /** Sent again by an admin ("send again"). */
  manual: bool("manual").notNull().default(false),
  at: text("at").notNull(),
  durationMs: integer("duration_ms").notNull(),
  /** The receiver's answer code; null when no answer came (timeout, refused, network). */
  statusCode: integer("status_code"),
  /** The answer's first bytes. */
  responseBody: text("response_body"),
  error: text("error"),
}, (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)]);
