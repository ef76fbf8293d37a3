/** Tickets (conversations) and what hangs off them: tracking, log, ratings and notes. */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { bool, id, json, timestamp, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";
import { type ChannelKind, whatsapps } from "./connections.ts";
import { contacts } from "./contacts.ts";
import { queues } from "./queues.ts";
import { prompts, queueIntegrations } from "./admin.ts";
import { TICKET_LOG_TYPES } from "@contract/tickets.ts";

export const ticketStatuses = ["open", "pending", "closed", "group", "nps", "lgpd"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
/** Statuses that hold the (company, contact, connection) slot; keep in step with tickets_one_active_uq. */
export const activeTicketStatuses = ["open", "pending", "group", "nps", "lgpd"] as const;

/** Flow-builder run state kept on the ticket; `variables` holds the answers to question nodes. */
export type FlowRunData = { variables?: Record<string, string>; [key: string]: unknown };

/**
 * One conversation with a contact on one connection. At most one active ticket exists per
 * (company, contact, connection): find-or-create relies on tickets_one_active_uq, not on a lock.
 */
export const tickets = sqliteTable("tickets", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  uuid: text("uuid").notNull().$defaultFn(() => crypto.randomUUID()),
  /** Per-company ticket number shown to people; assigned max+1 by the service under the write lock. */
  number: integer("number"),
  status: text("status", { enum: ticketStatuses }).notNull().default("pending"),
  contactId: integer("contact_id").notNull().references((): AnySQLiteColumn => contacts.id, {
    onDelete: "cascade",
  }),
  whatsappId: integer("whatsapp_id").references((): AnySQLiteColumn => whatsapps.id, {
    onDelete: "set null",
  }),
  queueId: integer("queue_id").references((): AnySQLiteColumn => queues.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  channel: text("channel").$type<ChannelKind>().notNull().default("whatsapp"),
  lastMessage: text("last_message").notNull().default(""),
  /** The subject of the conversation (e-mail: the first mail's Subject, replies go out as "Re:" it). */
  subject: text("subject"),
  unreadMessages: integer("unread_messages").notNull().default(0),
  isGroup: bool("is_group").notNull().default(false),
  isBot: bool("is_bot").notNull().default(false),
  useIntegration: bool("use_integration").notNull().default(false),
  integrationId: integer("integration_id").references((): AnySQLiteColumn => queueIntegrations.id, {
    onDelete: "set null",
  }),
  promptId: integer("prompt_id").references((): AnySQLiteColumn => prompts.id, { onDelete: "set null" }),
  isTransfered: bool("is_transfered").notNull().default(false),
  /** Prospecting value. */
  amount: real("amount").notNull().default(0),
  /** Direction of the last message (whenExpiresTicket uses it). */
  fromMe: bool("from_me").notNull().default(false),
  isOutOfHour: bool("is_out_of_hour").notNull().default(false),
  /** When the out-of-hours reply was sent: it is not repeated until the hours have opened since. */
  outOfHourAt: timestamp("out_of_hour_at"),
  amountUsedBotQueues: integer("amount_used_bot_queues").notNull().default(0),
  amountUsedBotQueuesNPS: integer("amount_used_bot_queues_nps").notNull().default(0),
  /**
   * Chatbot option last chosen (chatbots.id). No FK: the option tree is rewritten when a queue is
   * saved, and each deleted option would scan this table.
   */
  queueOptionId: integer("queue_option_id"),
  lgpdSendMessageAt: timestamp("lgpd_send_message_at"),
  lgpdAcceptedAt: timestamp("lgpd_accepted_at"),
  imported: bool("imported").notNull().default(false),
  /** Opened by us (attendant, API, campaign) rather than by an inbound message. */
  isActiveDemand: bool("is_active_demand").notNull().default(false),
  sendInactiveMessage: bool("send_inactive_message").notNull().default(false),
  /** Flow run: parked waiting for a reply, at node `lastFlowId` of flow `flowStopped`. */
  flowWebhook: bool("flow_webhook").notNull().default(false),
  lastFlowId: text("last_flow_id"),
  flowStopped: text("flow_stopped"),
  hashFlowId: text("hash_flow_id"),
  dataWebhook: json<FlowRunData>("data_webhook"),
  typebotSessionId: text("typebot_session_id"),
  typebotStatus: bool("typebot_status").notNull().default(false),
  typebotSessionTime: timestamp("typebot_session_time"),
  closedAt: timestamp("closed_at"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("tickets_one_active_uq").on(t.companyId, t.contactId, t.whatsappId)
    .where(sql`status in ('open', 'pending', 'group', 'nps', 'lgpd')`),
  uniqueIndex("tickets_uuid_uq").on(t.uuid),
  uniqueIndex("tickets_company_number_uq").on(t.companyId, t.number),
  index("tickets_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt),
  index("tickets_company_queue_status_updated_idx").on(t.companyId, t.queueId, t.status, t.updatedAt),
  index("tickets_company_user_status_updated_idx").on(t.companyId, t.userId, t.status, t.updatedAt),
  // Latest ticket per (contact, connection): the closed tab, search, history, find-or-create.
  // Covering: updated_at and the columns of the list's visibility and filters ride along, so
  // the closed tab's "later ticket" probe and contact search read no table rows (migration 0003).
  index("tickets_company_contact_whatsapp_cover_idx").on(
    t.companyId,
    t.contactId,
    t.whatsappId,
    t.id,
    t.updatedAt,
    t.status,
    t.userId,
    t.queueId,
    t.isGroup,
  ),
  // Newest first across the company; covering for the same columns, so a dense contact search walks
  // it by recency and stops after a page (server/tickets/list_queries.ts).
  index("tickets_company_updated_cover_idx").on(
    t.companyId,
    t.updatedAt,
    t.contactId,
    t.whatsappId,
    t.status,
    t.userId,
    t.queueId,
    t.isGroup,
  ),
  // Deleting a contact cascades here; without it every contact delete scans all tickets.
  index("tickets_contact_idx").on(t.contactId),
  // Dashboard charts and the tickets report: tickets by creation time, covering the
  // report's filters and the dashboard's counters, so a year's range is read from the index alone.
  index("tickets_company_created_cover_idx").on(
    t.companyId,
    t.createdAt,
    t.status,
    t.userId,
    t.queueId,
    t.whatsappId,
    t.contactId,
    t.isGroup,
    t.isActiveDemand,
  ),
]);

/** Minutes from queued to taken, and from taken to finished (null when not a positive span). */
export const waitMinutes =
  sql`(CASE WHEN started_at >= queued_at THEN (julianday(started_at) - julianday(queued_at)) * 1440 END)`;
export const serviceMinutes =
  sql`(CASE WHEN finished_at > started_at THEN (julianday(finished_at) - julianday(started_at)) * 1440 END)`;

/**
 * One service cycle of a ticket (queued → started → closed → rated); the dashboard and reports
 * read these. user/queue/connection ids are a snapshot, without FKs.
 */
export const ticketTraking = sqliteTable("ticket_traking", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  whatsappId: integer("whatsapp_id"),
  userId: integer("user_id"),
  queueId: integer("queue_id"),
  queuedAt: timestamp("queued_at"),
  startedAt: timestamp("started_at"),
  closedAt: timestamp("closed_at"),
  finishedAt: timestamp("finished_at"),
  ratingAt: timestamp("rating_at"),
  chatbotAt: timestamp("chatbot_at"),
  rated: bool("rated").notNull().default(false),
  ...timestamps(),
}, (t) => [
  index("ticket_traking_company_created_idx").on(t.companyId, t.createdAt),
  index("ticket_traking_ticket_idx").on(t.ticketId),
  // The dashboard's aggregates: the wait and service minutes are index expressions
  // (server/dashboard/repo.ts uses the same text), so a year of cycles is summed from the index
  // without parsing a timestamp; user first, so each attendant's range is one seek.
  index("ticket_traking_company_user_created_agg_idx").on(
    t.companyId,
    t.userId,
    t.createdAt,
    t.queueId,
    t.rated,
    t.finishedAt,
    t.closedAt,
    waitMinutes,
    serviceMinutes,
  ),
]);

/** The log's types: the contract's list (the web names each). */
export const ticketLogTypes = TICKET_LOG_TYPES;

/** What happened to a ticket and who did it (the ticket's history panel). */
export const ticketLogs = sqliteTable("ticket_logs", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  /** Snapshots, no FKs (like ticket_traking): the log outlives users and queues. */
  userId: integer("user_id"),
  queueId: integer("queue_id"),
  type: text("type", { enum: ticketLogTypes }).notNull(),
  /** A readable line for the history panel (e.g. which provider failed and why). */
  detail: text("detail"),
  ...timestamps(),
}, (t) => [index("ticket_logs_ticket_created_idx").on(t.ticketId, t.createdAt)]);

/** NPS answer (0–10) given to the attendant who closed the ticket. */
export const userRatings = sqliteTable("user_ratings", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  /** Snapshot, no FK: ratings outlive the user for the reports. */
  userId: integer("user_id"),
  rate: integer("rate").notNull(),
  ...timestamps(),
}, (t) => [
  index("user_ratings_company_created_idx").on(t.companyId, t.createdAt),
  index("user_ratings_ticket_idx").on(t.ticketId),
  // The dashboard's NPS per attendant, read from the index alone.
  index("user_ratings_company_created_cover_idx").on(t.companyId, t.createdAt, t.userId, t.rate),
]);

/** Internal notes attendants leave on a ticket (shown with the contact's history). */
export const ticketNotes = sqliteTable("ticket_notes", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  contactId: integer("contact_id").notNull().references((): AnySQLiteColumn => contacts.id, {
    onDelete: "cascade",
  }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  note: text("note").notNull(),
  ...timestamps(),
}, (t) => [
  index("ticket_notes_ticket_idx").on(t.ticketId),
  index("ticket_notes_contact_idx").on(t.contactId, t.createdAt),
]);

/** autoClose (expiresTicket), inactive (timeInactiveMessage), npsExpiry (expiresTicketNPS),
 * redirect (timeSendQueue), rotation (queue tempoRoteador), stale (spec 1 §9's 24-hour close). */
export const ticketTimerKinds = [
  "autoClose",
  "inactive",
  "npsExpiry",
  "redirect",
  "rotation",
  "stale",
  /** A Typebot session's end (typebotExpires minutes after the customer's last message). */
  "typebotExpiry",
] as const;
export type TicketTimerKind = (typeof ticketTimerKinds)[number];

/**
 * Durable ticket timers (DESIGN §8, §11): one row per (ticket, kind) with its due time. Arming
 * replaces the row (and bumps `generation`); the transition that makes it moot deletes it. The
 * lease holder's tick claims due rows with a conditional UPDATE; a handler finishes by deleting
 * the row only if its generation is still the one it claimed, so a re-arm during the run survives.
 */
export const ticketTimers = sqliteTable("ticket_timers", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ticketTimerKinds }).notNull(),
  dueAt: text("due_at").notNull(),
  generation: integer("generation").notNull().default(0),
  /** Set by the claim; a claim older than the lease window is taken again (a crashed holder). */
  claimedAt: text("claimed_at"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("ticket_timers_ticket_kind_uq").on(t.ticketId, t.kind),
  index("ticket_timers_due_idx").on(t.dueAt),
]);
