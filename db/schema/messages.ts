/** Messages of tickets, quick answers and scheduled messages. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, flag, id, timestamp, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";
import { type ChannelKind, whatsapps } from "./connections.ts";
import { contacts } from "./contacts.ts";
import { queues } from "./queues.ts";
import { tickets } from "./tickets.ts";

export type MediaStatus = "pending" | "ready" | "unavailable";

/**
 * One message of a ticket, inbound or outbound. `wid` is the provider's message id; unique per
 * company so ingest is idempotent (null for private notes and sends the provider has not
 * acknowledged yet). The largest table: only company and ticket are FKs, because a delete of any
 * other parent would scan it (contact, user, queue and quoted ids are plain integers; ids are
 * AUTOINCREMENT and never reused). Full-text search: messages_fts (migration 0001).
 */
export const messages = sqliteTable("messages", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  wid: text("wid"),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  /** The contact of the conversation; in groups, the participant who sent it. */
  contactId: integer("contact_id"),
  body: text("body").notNull().default(""),
  fromMe: bool("from_me").notNull().default(false),
  read: bool("read").notNull().default(false),
  /** image, audio, video, application, locationMessage, contactMessage, reactionMessage, call_log, chat… */
  mediaType: text("media_type"),
  /** Path relative to the company's media folder. */
  mediaUrl: text("media_url"),
  mediaName: text("media_name"),
  /**
   * Inbound media whose first download failed: `pending` while the media job retries it, then
   * `ready` (mediaUrl filled in) or `unavailable`. Null when there was nothing left to fetch.
   */
  mediaStatus: text("media_status").$type<MediaStatus>(),
  /** The provider's public link to the media (Messenger/Instagram CDN, an api channel URL), if any. */
  mediaLink: text("media_link"),
  /** 0 clock, 1 sent, 2 delivered, 3/4 read, 5 played; never decreases. */
  ack: integer("ack").notNull().default(0),
  /** Why the provider (or our send) failed to deliver one of ours; cleared by a retry. */
  sendError: text("send_error"),
  /**
   * When a dispatcher's send (campaign shipment, scheduled message, bot turn) was handed to the
   * provider. Written before the provider call: a re-run after a crash that finds it set and no ack
   * knows the provider may already have it (messages/send.ts deliverStored).
   */
  handedAt: text("handed_at"),
  isDeleted: bool("is_deleted").notNull().default(false),
  isEdited: bool("is_edited").notNull().default(false),
  isForwarded: bool("is_forwarded").notNull().default(false),
  isPrivate: bool("is_private").notNull().default(false),
  /** messages.id of the quoted message (no FK: a self-reference would scan per deleted message). */
  quotedMsgId: integer("quoted_msg_id"),
  queueId: integer("queue_id"),
  remoteJid: text("remote_jid"),
  participant: text("participant"),
  /** The provider's raw message (JSON text), for replies, reactions and re-downloads. */
  dataJson: text("data_json"),
  channel: text("channel").$type<ChannelKind>(),
  /** Attendant who sent it. */
  userId: integer("user_id"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("messages_company_wid_uq").on(t.companyId, t.wid),
  index("messages_ticket_created_idx").on(t.ticketId, t.createdAt),
  index("messages_company_contact_created_idx").on(t.companyId, t.contactId, t.createdAt),
  // GET /messages-allMe counts a date range.
  index("messages_company_created_idx").on(t.companyId, t.createdAt, t.fromMe),
]);

/** Canned answers typed with '/shortcode'; personal unless `geral`. */
export const quickMessages = sqliteTable("quick_messages", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  shortcode: text("shortcode").notNull(),
  message: text("message").notNull().default(""),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  /** Shared with every user of the company. */
  geral: bool("geral").notNull().default(false),
  /** Visible / active. */
  visao: bool("visao").notNull().default(true),
  status: text("status"),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
}, (t) => [index("quick_messages_company_shortcode_idx").on(t.companyId, t.shortcode)]);

export const scheduleStatuses = ["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"] as const;

/**
 * A message to send at `sendAt`, optionally recurring (`intervalo` unit: 1 days, 2 weeks,
 * 3 months, 4 minutes; `tipoDias` 4 keep, 5 previous weekday, 6 next weekday). The job tick claims
 * due PENDENTE rows; missed ones are caught up.
 */
export const schedules = sqliteTable("schedules", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  sendAt: text("send_at").notNull(),
  sentAt: timestamp("sent_at"),
  contactId: integer("contact_id").notNull().references(() => contacts.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  status: text("status", { enum: scheduleStatuses }).notNull().default("PENDENTE"),
  openTicket: flag("open_ticket", "disabled"),
  ticketUserId: integer("ticket_user_id").references(() => users.id, { onDelete: "set null" }),
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
  statusTicket: text("status_ticket").notNull().default("closed"),
  intervalo: integer("intervalo").notNull().default(1),
  valorIntervalo: integer("valor_intervalo").notNull().default(0),
  enviarQuantasVezes: integer("enviar_quantas_vezes").notNull().default(1),
  tipoDias: integer("tipo_dias").notNull().default(4),
  contadorEnvio: integer("contador_envio").notNull().default(0),
  /** Prefix the body with the user's name. */
  assinar: bool("assinar").notNull().default(false),
  whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  /** The message stored for the slot being sent (same transaction), so a re-run never sends it twice. */
  messageId: integer("message_id"),
  ...timestamps(),
}, (t) => [
  index("schedules_status_send_at_idx").on(t.status, t.sendAt),
  index("schedules_company_send_at_idx").on(t.companyId, t.sendAt),
  index("schedules_contact_idx").on(t.contactId),
]);
