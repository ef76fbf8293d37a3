/** Webchat visitors: one row per browser that opened a connection's widget. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./_columns.ts";
import { companies } from "./core.ts";
import { whatsapps } from "./connections.ts";

/**
 * `number` is the visitor's channel address and so the contact's number (`wc-<hex>`); the visitor
 * token the browser keeps is stored only as its sha256.
 */
export const webchatVisitors = sqliteTable("webchat_visitors", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  number: text("number").notNull(),
  tokenHash: text("token_hash").notNull(),
  /** The page origin that opened it (for the attendant's information). */
  origin: text("origin"),
  lastSeenAt: timestamp("last_seen_at"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("webchat_visitors_token_uq").on(t.tokenHash),
  uniqueIndex("webchat_visitors_company_number_uq").on(t.companyId, t.number),
  index("webchat_visitors_connection_idx").on(t.whatsappId),
]);
