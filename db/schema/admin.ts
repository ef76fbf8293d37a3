/** Administration: announcements, internal chat, help, AI prompts, queue integrations and file lists. */
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";
import { queues } from "./queues.ts";

/** Notices from the platform operator shown in every user's top bar; `companyId` is the issuer. */
export const announcements = sqliteTable("announcements", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  text: text("text").notNull(),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  /** 1 high (red), 2 medium (orange), 3 low (grey). */
  priority: integer("priority").notNull().default(3),
  status: bool("status").notNull().default(true),
  /** After this instant the top bar no longer shows it (null = until switched off). */
  expiresAt: text("expires_at"),
  ...timestamps(),
}, (t) => [index("announcements_status_created_idx").on(t.status, t.createdAt)]);

/** Internal chat between users of a company. */
export const chats = sqliteTable("chats", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  uuid: text("uuid").notNull().$defaultFn(() => crypto.randomUUID()),
  title: text("title").notNull().default(""),
  ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
  lastMessage: text("last_message").notNull().default(""),
  ...timestamps(),
}, (t) => [
  uniqueIndex("chats_uuid_uq").on(t.uuid),
  index("chats_company_updated_idx").on(t.companyId, t.updatedAt),
]);

/** Members of an internal chat and their unread counts. */
export const chatUsers = sqliteTable("chat_users", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  chatId: integer("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  unreads: integer("unreads").notNull().default(0),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.chatId, t.userId] }),
  // "My chats".
  index("chat_users_user_idx").on(t.userId),
]);

export const chatMessages = sqliteTable("chat_messages", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  chatId: integer("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
  senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
  message: text("message").notNull().default(""),
  mediaPath: text("media_path"),
  mediaName: text("media_name"),
  ...timestamps(),
}, (t) => [index("chat_messages_chat_created_idx").on(t.chatId, t.createdAt)]);

/** Help entries (videos) maintained by the platform operator; global, not per company. */
export const helps = sqliteTable("helps", {
  id: id(),
  title: text("title").notNull(),
  description: text("description"),
  /** A video code. */
  video: text("video"),
  link: text("link"),
  ...timestamps(),
});

/** An OpenAI assistant a connection or queue hands conversations to. */
export const prompts = sqliteTable("prompts", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  prompt: text("prompt").notNull(),
  /** The chat-completions model. */
  model: text("model").notNull().default("gpt-4o-mini"),
  /** "texto" or one of the Azure neural voices. */
  voice: text("voice").notNull().default("texto"),
  voiceKey: text("voice_key"),
  voiceRegion: text("voice_region"),
  maxTokens: integer("max_tokens").notNull().default(100),
  temperature: real("temperature").notNull().default(1),
  /** Encrypted by the service ("enc:v1:…"); never returned in full. */
  apiKey: text("api_key"),
  /** Where the AI transfers the ticket ("Ação: Transferir para o setor de atendimento"). */
  queueId: integer("queue_id").references((): AnySQLiteColumn => queues.id, { onDelete: "set null" }),
  /** History length sent with each request. */
  maxMessages: integer("max_messages").notNull().default(10),
  fileNameIA: text("file_name_ia"),
  ...timestamps(),
}, (t) => [index("prompts_company_name_idx").on(t.companyId, t.name)]);

export const queueIntegrationTypes = ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] as const;

/** An external bot a connection, queue or chatbot option can hand a ticket to. */
export const queueIntegrations = sqliteTable("queue_integrations", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  type: text("type", { enum: queueIntegrationTypes }).notNull(),
  name: text("name").notNull(),
  projectName: text("project_name"),
  /** Dialogflow service-account JSON (a secret: encrypted by the service). */
  jsonContent: text("json_content"),
  /** pt-BR, en, es. */
  language: text("language"),
  urlN8N: text("url_n8n"),
  typebotSlug: text("typebot_slug"),
  /** Minutes a Typebot session lives (0 = never expires). */
  typebotExpires: integer("typebot_expires").notNull().default(1),
  typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
  typebotKeywordFinish: text("typebot_keyword_finish"),
  typebotKeywordRestart: text("typebot_keyword_restart"),
  typebotRestartMessage: text("typebot_restart_message"),
  typebotUnknownMessage: text("typebot_unknown_message"),
  ...timestamps(),
}, (t) => [index("queue_integrations_company_name_idx").on(t.companyId, t.name)]);

/** A named list of files a queue or chatbot option sends. */
export const files = sqliteTable("files", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  message: text("message").notNull().default(""),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
}, (t) => [index("files_company_name_idx").on(t.companyId, t.name)]);

export const fileOptions = sqliteTable("file_options", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  fileId: integer("file_id").notNull().references(() => files.id, { onDelete: "cascade" }),
  name: text("name").notNull().default(""),
  /** Path relative to the company's media folder. */
  path: text("path").notNull().default(""),
  mediaType: text("media_type"),
  ...timestamps(),
}, (t) => [index("file_options_file_idx").on(t.fileId)]);

/** A user's own to-do list (spec 3 §2 /todolist), kept on the server so it follows the user. */
export const todos = sqliteTable("todos", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  done: bool("done").notNull().default(false),
  ...timestamps(),
}, (t) => [index("todos_user_created_idx").on(t.userId, t.createdAt)]);
