/** Bulk campaigns: campaigns, their pacing settings, shippings and the contact lists they target. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, flag, id, json, timestamp, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";
import { whatsapps } from "./connections.ts";
import { tags } from "./contacts.ts";
import { queues } from "./queues.ts";

export const campaignStatuses = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;

/** A bulk send of one of five message variants to a contact list (or the contacts of a tag). */
export const campaigns = sqliteTable("campaigns", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  message1: text("message1"),
  message2: text("message2"),
  message3: text("message3"),
  message4: text("message4"),
  message5: text("message5"),
  confirmationMessage1: text("confirmation_message1"),
  confirmationMessage2: text("confirmation_message2"),
  confirmationMessage3: text("confirmation_message3"),
  confirmationMessage4: text("confirmation_message4"),
  confirmationMessage5: text("confirmation_message5"),
  status: text("status", { enum: campaignStatuses }).notNull().default("INATIVA"),
  /** Ask each contact to confirm before the real message is sent. */
  confirmation: bool("confirmation").notNull().default(false),
  /**
   * Hours a confirmation request waits for its answer; after them the shipment is `no_answer`
   * (a later reply goes to the normal automation) so the campaign can finish.
   */
  confirmationWindowHours: integer("confirmation_window_hours").notNull().default(24),
  scheduledAt: timestamp("scheduled_at"),
  completedAt: timestamp("completed_at"),
  contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
  /** Target the contacts carrying this tag instead of a list. */
  tagListId: integer("tag_list_id").references(() => tags.id, { onDelete: "set null" }),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
  statusTicket: text("status_ticket").notNull().default("closed"),
  openTicket: flag("open_ticket", "disabled"),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  ...timestamps(),
}, (t) => [
  index("campaigns_company_created_idx").on(t.companyId, t.createdAt),
  // The tick that starts scheduled campaigns.
  index("campaigns_status_scheduled_idx").on(t.status, t.scheduledAt),
]);

/**
 * Campaign pacing per company: messageInterval, longerIntervalAfter, greaterInterval, variables,
 * sabado, domingo, startHour, endHour. Values are JSON.
 */
export const campaignSettings = sqliteTable("campaign_settings", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  value: json<unknown>("value"),
  ...timestamps(),
}, (t) => [uniqueIndex("campaign_settings_company_key_uq").on(t.companyId, t.key)]);

/**
 * One campaign message to one list item: its rendered texts, confirmation state and the send
 * slot. A job tick claims due pending rows. `contactListItemId` has no FK: deleting a list would
 * scan this table once per item, and the number is copied here anyway.
 */
export const campaignShippings = sqliteTable("campaign_shippings", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  campaignId: integer("campaign_id").notNull().references(() => campaigns.id, { onDelete: "cascade" }),
  contactListItemId: integer("contact_list_item_id").notNull(),
  number: text("number").notNull(),
  message: text("message").notNull().default(""),
  confirmationMessage: text("confirmation_message"),
  confirmation: bool("confirmation").notNull().default(false),
  confirmationRequestedAt: timestamp("confirmation_requested_at"),
  confirmedAt: timestamp("confirmed_at"),
  deliveredAt: timestamp("delivered_at"),
  /**
   * pending → sending → delivered | failed; with confirmation, sending → awaiting → (reply) pending
   * again, or → no_answer when the window passes or the campaign is finished by hand; pending → cancelled
   * when an admin finishes the campaign.
   */
  status: text("status").notNull().default("pending"),
  /** When a pending row may be claimed (a retry's delay); for an awaiting row, the end of its window. */
  runAt: text("run_at"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  /**
   * The message stored for the current phase (confirmation request or the campaign message),
   * written in the same transaction as the message: a re-run after a crash re-hands that message
   * to the channel instead of storing and sending a second one.
   */
  messageId: integer("message_id"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("campaign_shippings_campaign_item_uq").on(t.campaignId, t.contactListItemId),
  index("campaign_shippings_status_run_at_idx").on(t.status, t.runAt),
  // The dispatcher's next pending row of a campaign, and the report's counts.
  index("campaign_shippings_campaign_status_idx").on(t.campaignId, t.status, t.id),
  // An inbound reply confirms a pending confirmation of that number.
  index("campaign_shippings_company_number_idx").on(t.companyId, t.number),
]);

/** A named list of numbers for campaigns (imported from a spreadsheet or built from a tag). */
export const contactLists = sqliteTable("contact_lists", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  ...timestamps(),
}, (t) => [index("contact_lists_company_name_idx").on(t.companyId, t.name)]);

export const contactListItems = sqliteTable("contact_list_items", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  contactListId: integer("contact_list_id").notNull().references(() => contactLists.id, {
    onDelete: "cascade",
  }),
  name: text("name").notNull().default(""),
  number: text("number").notNull(),
  email: text("email"),
  /** null until checked; campaigns send only to true. */
  isWhatsappValid: bool("is_whatsapp_valid"),
  ...timestamps(),
}, (t) => [uniqueIndex("contact_list_items_list_number_uq").on(t.contactListId, t.number)]);
