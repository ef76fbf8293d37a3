/** Queues (departments), their members and the chatbot option tree with its per-contact state. */
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
import { bool, id, json, timestamps } from "./_columns.ts";
import { companies, users, type WorkingHours } from "./core.ts";
import { files, prompts, queueIntegrations } from "./admin.ts";
import { contacts } from "./contacts.ts";
import { tickets } from "./tickets.ts";

/** A department tickets wait in; it can greet, keep hours, rotate attendants and run a chatbot tree. */
export const queues = sqliteTable("queues", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** Hex with '#'; unique per company (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
  color: text("color").notNull(),
  orderQueue: integer("order_queue"),
  greetingMessage: text("greeting_message"),
  outOfHoursMessage: text("out_of_hours_message"),
  /** Working hours (scheduleType = queue). */
  schedules: json<WorkingHours[]>("schedules").notNull().default(sql`'[]'`),
  closeTicket: bool("close_ticket").notNull().default(false),
  /** Rotation: reassign pending tickets among online members every `tempoRoteador` minutes. */
  ativarRoteador: bool("ativar_roteador").notNull().default(false),
  tempoRoteador: integer("tempo_roteador").notNull().default(0),
  integrationId: integer("integration_id").references((): AnySQLiteColumn => queueIntegrations.id, {
    onDelete: "set null",
  }),
  fileListId: integer("file_list_id").references((): AnySQLiteColumn => files.id, { onDelete: "set null" }),
  promptId: integer("prompt_id").references((): AnySQLiteColumn => prompts.id, { onDelete: "set null" }),
  ...timestamps(),
}, (t) => [
  uniqueIndex("queues_company_color_uq").on(t.companyId, t.color),
  uniqueIndex("queues_company_name_uq").on(t.companyId, t.name),
]);

/** Which queues a user attends; drives ticket visibility and event fan-out. */
export const userQueues = sqliteTable("user_queues", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  queueId: integer("queue_id").notNull().references(() => queues.id, { onDelete: "cascade" }),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.queueId] }),
  // Members of a queue (rotation, fan-out).
  index("user_queues_queue_idx").on(t.queueId),
]);

/**
 * One option of a queue's chatbot tree. Top-level options have `queueId`; nested ones have
 * `parentId` (and no queue). What choosing it does depends on `queueType`.
 */
export const chatbots = sqliteTable("chatbots", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  queueId: integer("queue_id").references((): AnySQLiteColumn => queues.id, { onDelete: "cascade" }),
  parentId: integer("parent_id").references((): AnySQLiteColumn => chatbots.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  greetingMessage: text("greeting_message"),
  queueType: text("queue_type", { enum: ["text", "attendent", "queue", "integration", "file"] }).notNull()
    .default("text"),
  optQueueId: integer("opt_queue_id").references((): AnySQLiteColumn => queues.id, { onDelete: "set null" }),
  optUserId: integer("opt_user_id").references(() => users.id, { onDelete: "set null" }),
  optIntegrationId: integer("opt_integration_id").references((): AnySQLiteColumn => queueIntegrations.id, {
    onDelete: "set null",
  }),
  optFileId: integer("opt_file_id").references((): AnySQLiteColumn => files.id, { onDelete: "set null" }),
  closeTicket: bool("close_ticket").notNull().default(false),
  orderOption: integer("order_option").notNull().default(0),
  ...timestamps(),
}, (t) => [
  index("chatbots_queue_idx").on(t.queueId),
  index("chatbots_parent_idx").on(t.parentId),
]);

/** Where a contact stands in a chatbot dialog: the option shown last and whether a reply is awaited. */
export const dialogChatbots = sqliteTable("dialog_chatbots", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  contactId: integer("contact_id").notNull().references((): AnySQLiteColumn => contacts.id, {
    onDelete: "cascade",
  }),
  chatbotId: integer("chatbot_id").references(() => chatbots.id, { onDelete: "cascade" }),
  queueId: integer("queue_id").references(() => queues.id, { onDelete: "cascade" }),
  awaiting: bool("awaiting").notNull().default(false),
  ticketId: integer("ticket_id").references((): AnySQLiteColumn => tickets.id, { onDelete: "cascade" }),
  ...timestamps(),
}, (t) => [uniqueIndex("dialog_chatbots_company_contact_uq").on(t.companyId, t.contactId)]);
