/**
 * Web Push: each browser (device) a user turned notifications on in, the user's quiet hours and
 * whether the app is in front of them now, and the server's VAPID key pair.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";

/** One row per (user, device): the push service's endpoint is the device's address. */
export const pushSubscriptions = sqliteTable("push_subscriptions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  endpoint: text("endpoint").notNull(),
  /** The browser's P-256 key and auth secret (base64url), RFC 8291. */
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  /** The device's language for the notification text. */
  lang: text("lang").notNull().default("pt"),
  userAgent: text("user_agent"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint),
  index("push_subscriptions_company_user_idx").on(t.companyId, t.userId),
]);

/** A user's push preferences and focus (one row, made on first use). */
export const pushPrefs = sqliteTable("push_prefs", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** "HH:MM" in the user's zone; both null = no quiet hours. An end before the start crosses midnight. */
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  /** The app is in front of the user until then (the socket's focus frames renew it). */
  focusedUntil: timestamp("focused_until"),
  ...timestamps(),
});

/** The VAPID key pair (one row, id 1): made once, the private key sealed with the app secret. */
export const pushKeys = sqliteTable("push_keys", {
  id: integer("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
});
