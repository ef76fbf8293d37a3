/** Contacts, their custom fields, tags (also the kanban lanes) and the tag links. */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { bool, id, timestamp, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";
import { type ChannelKind, whatsapps } from "./connections.ts";
import { tickets } from "./tickets.ts";

/**
 * A person or group a company talks to. `number` is the channel address (phone digits, group id,
 * page-scoped id); `lid` is WhatsApp's @lid identity, mapped to the phone number when known.
 */
export const contacts = sqliteTable("contacts", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  number: text("number").notNull(),
  email: text("email"),
  /** false = blocked. */
  active: bool("active").notNull().default(true),
  acceptAudioMessage: bool("accept_audio_message").notNull().default(true),
  disableBot: bool("disable_bot").notNull().default(false),
  lgpdAcceptedAt: timestamp("lgpd_accepted_at"),
  urlPicture: text("url_picture"),
  channel: text("channel").$type<ChannelKind>().notNull().default("whatsapp"),
  isGroup: bool("is_group").notNull().default(false),
  /** The connection the contact first wrote to (origin connection). */
  whatsappId: integer("whatsapp_id").references((): AnySQLiteColumn => whatsapps.id, {
    onDelete: "set null",
  }),
  remoteJid: text("remote_jid"),
  lid: text("lid"),
  /** Wallet owner (DirectTicketsToWallets): new tickets open assigned to this user. */
  walletUserId: integer("wallet_user_id").references(() => users.id, { onDelete: "set null" }),
  profilePicUpdatedAt: timestamp("profile_pic_updated_at"),
  /**
   * When the channel last refused a send because the customer blocked us (Telegram 403 "bot was
   * blocked by the user"); cleared when the customer writes again.
   */
  unreachableAt: timestamp("unreachable_at"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("contacts_company_number_uq").on(t.companyId, t.number),
  uniqueIndex("contacts_company_lid_uq").on(t.companyId, t.lid).where(sql`lid is not null`),
  index("contacts_company_name_idx").on(t.companyId, t.name),
  // The e-mail channel finds the person behind a sender's address (one person, one contact).
  index("contacts_company_email_idx").on(t.companyId, t.email),
  // The dashboard's new contacts in a range.
  index("contacts_company_created_idx").on(t.companyId, t.createdAt),
]);

/** A contact's extra information: free name/value pairs. */
export const contactCustomFields = sqliteTable("contact_custom_fields", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  value: text("value").notNull().default(""),
  ...timestamps(),
}, (t) => [index("contact_custom_fields_contact_idx").on(t.contactId)]);

/**
 * A label on contacts and tickets. With kanban = 1 it is a board lane: tickets move on to
 * `nextLaneId` after `timeLane` hours and back to `rollbackLaneId` on an inbound message.
 */
export const tags = sqliteTable("tags", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  color: text("color").notNull(),
  kanban: integer("kanban").notNull().default(0),
  timeLane: integer("time_lane").notNull().default(0),
  nextLaneId: integer("next_lane_id").references((): AnySQLiteColumn => tags.id, { onDelete: "set null" }),
  rollbackLaneId: integer("rollback_lane_id").references((): AnySQLiteColumn => tags.id, {
    onDelete: "set null",
  }),
  greetingMessageLane: text("greeting_message_lane"),
  /** A lane's place on the board, set by the admin; new lanes go last. Plain tags keep 0. */
  kanbanOrder: integer("kanban_order").notNull().default(0),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
}, (t) => [uniqueIndex("tags_company_name_kanban_uq").on(t.companyId, t.name, t.kanban)]);

export const contactTags = sqliteTable("contact_tags", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
  tagId: integer("tag_id").notNull().references(() => tags.id, { onDelete: "cascade" }),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.contactId, t.tagId] }),
  index("contact_tags_tag_idx").on(t.tagId),
]);

export const ticketTags = sqliteTable("ticket_tags", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").notNull().references((): AnySQLiteColumn => tickets.id, {
    onDelete: "cascade",
  }),
  tagId: integer("tag_id").notNull().references(() => tags.id, { onDelete: "cascade" }),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.ticketId, t.tagId] }),
  index("ticket_tags_tag_idx").on(t.tagId),
]);
