/** Connections (channels): WhatsApp, Cloud API, Facebook, Instagram, Telegram, webchat and the generic HTTP channel. */
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
import { bool, flag, id, json, timestamps } from "./_columns.ts";
import { companies, type WorkingHours } from "./core.ts";
import { queues } from "./queues.ts";
import { prompts, queueIntegrations } from "./admin.ts";
import { flowBuilders } from "./flows.ts";
import type { WebchatSettings } from "@contract/webchat.ts";
import type { TelegramBot } from "@contract/telegram.ts";
import type { EmailSettings } from "@contract/email.ts";
import { CHANNEL_KINDS, type ChannelKind } from "@contract/common.ts";

/**
 * Every channel kind the adapters implement; also the `channel` of contacts, tickets and messages.
 * The list is the contract's (one list for server, web and columns). Other schema files import only
 * the type: the schema modules import each other, so a value shared at module-evaluation time would
 * be read before it is initialised.
 */
export const channelKinds = CHANNEL_KINDS;
export type { ChannelKind };

/**
 * One connected line of a company (the spec calls the table "whatsapps" whatever the channel).
 * Holds the session state, the automation settings of the inbound pipeline (greeting, NPS,
 * inactivity, redirects, imports, vacation) and the provider configuration of its channel.
 */
export const whatsapps = sqliteTable("whatsapps", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  number: text("number"),
  channel: text("channel", { enum: channelKinds }).notNull().default("whatsapp"),
  /** qrcode, PAIRING, DISCONNECTED, TIMEOUT, OPENING, CONNECTED (plus transient connecting/importing). */
  status: text("status").notNull().default("DISCONNECTED"),
  isDefault: bool("is_default").notNull().default(false),
  /** 30 characters: bearer of the external send API and of the api channel's inbound POST. */
  token: text("token").notNull().default(sql`(lower(hex(randomblob(15))))`),
  session: text("session"),
  qrcode: text("qrcode"),
  retries: integer("retries").notNull().default(0),
  provider: text("provider").notNull().default("beta"),
  promptId: integer("prompt_id").references((): AnySQLiteColumn => prompts.id, { onDelete: "set null" }),
  integrationId: integer("integration_id").references((): AnySQLiteColumn => queueIntegrations.id, {
    onDelete: "set null",
  }),
  flowIdWelcome: integer("flow_id_welcome").references((): AnySQLiteColumn => flowBuilders.id, {
    onDelete: "set null",
  }),
  flowIdNotPhrase: integer("flow_id_not_phrase").references((): AnySQLiteColumn => flowBuilders.id, {
    onDelete: "set null",
  }),
  greetingMessage: text("greeting_message"),
  complationMessage: text("complation_message"),
  outOfHoursMessage: text("out_of_hours_message"),
  ratingMessage: text("rating_message"),
  allowGroup: bool("allow_group").notNull().default(false),
  groupAsTicket: flag("group_as_ticket", "disabled"),
  /** Bot menu repetitions before giving up (0 = unlimited) and the cooldown between them, minutes. */
  maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
  timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
  /** Minutes a queue-less pending ticket waits before it is redirected to `sendIdQueue`. */
  timeSendQueue: integer("time_send_queue").notNull().default(0),
  sendIdQueue: integer("send_id_queue").references((): AnySQLiteColumn => queues.id, {
    onDelete: "set null",
  }),
  /** Minutes of inactivity before an open ticket is closed (0 = never). */
  expiresTicket: integer("expires_ticket").notNull().default(0),
  /** Minutes an `nps` ticket waits for a rating before it is closed. */
  expiresTicketNPS: integer("expires_ticket_nps").notNull().default(0),
  /** 0: any last message; 1: only tickets whose last message was ours. */
  whenExpiresTicket: integer("when_expires_ticket").notNull().default(0),
  expiresInactiveMessage: text("expires_inactive_message"),
  timeInactiveMessage: integer("time_inactive_message").notNull().default(0),
  inactiveMessage: text("inactive_message"),
  maxUseBotQueuesNPS: integer("max_use_bot_queues_nps").notNull().default(3),
  /** Minutes within which a new inbound message reopens the last ticket instead of creating one. */
  timeCreateNewTicket: integer("time_create_new_ticket").notNull().default(0),
  greetingMediaAttachment: text("greeting_media_attachment"),
  /** Import window (dates) of the history sync. */
  importOldMessages: text("import_old_messages"),
  importRecentMessages: text("import_recent_messages"),
  importOldMessagesGroups: bool("import_old_messages_groups").notNull().default(false),
  closedTicketsPostImported: bool("closed_tickets_post_imported").notNull().default(false),
  queueIdImportMessages: integer("queue_id_import_messages").references((): AnySQLiteColumn => queues.id, {
    onDelete: "set null",
  }),
  statusImportMessages: text("status_import_messages"),
  collectiveVacationStart: text("collective_vacation_start"),
  collectiveVacationEnd: text("collective_vacation_end"),
  collectiveVacationMessage: text("collective_vacation_message"),
  /** Working hours (scheduleType = connection). */
  schedules: json<WorkingHours[]>("schedules").notNull().default(sql`'[]'`),
  /** Per-connection LGPD consent text and privacy link; null falls back to the company settings. */
  lgpdMessage: text("lgpd_message"),
  lgpdLink: text("lgpd_link"),
  /** api channel: where outbound messages are POSTed (signed). */
  webhookUrl: text("webhook_url"),
  facebookUserId: text("facebook_user_id"),
  facebookPageUserId: text("facebook_page_user_id"),
  /** Page / system-user token; encrypted by the service ("enc:v1:…"). */
  metaAccessToken: text("meta_access_token"),
  metaPhoneNumberId: text("meta_phone_number_id"),
  metaBusinessAccountId: text("meta_business_account_id"),
  instagramUserId: text("instagram_user_id"),
  /** webchat channel: the widget's look, allowed origins and offline behaviour (server/webchat). */
  webchat: json<WebchatConfig>("webchat"),
  /** webchat channel: the public key the embed snippet names (`data-connection`); not a secret. */
  webchatKey: text("webchat_key"),
  /** telegram channel: the BotFather token, sealed ("enc:v1:…"); never returned. */
  telegramToken: text("telegram_token"),
  /** telegram channel: the setWebhook `secret_token` every update must carry, sealed; never returned. */
  telegramSecret: text("telegram_secret"),
  /** telegram channel: the bot as getMe described it when the token was saved (public). */
  telegramBot: json<TelegramBot>("telegram_bot"),
  /** telegram channel, long polling: the next update_id to ask getUpdates for (the last one seen + 1). */
  telegramOffset: integer("telegram_offset"),
  /**
   * telegram channel: the update_ids handled last (webhook or polling, newest last, a bounded
   * list), so a redelivered update is handled once even when it carries no message id (a reaction).
   */
  telegramUpdateIds: json<number[]>("telegram_update_ids"),
  /** email channel: the mailbox's servers, sender and signature (public; no password). */
  emailSettings: json<EmailSettings>("email_settings"),
  /** email channel: the IMAP and SMTP passwords or the OAuth2 token, sealed JSON; never returned. */
  emailSecret: text("email_secret"),
  /** email channel: the folder's UIDVALIDITY the watermark belongs to (a new one means start over). */
  emailUidValidity: integer("email_uid_validity"),
  /** email channel: the highest UID stored (written after the messages' commit). */
  emailLastUid: integer("email_last_uid"),
  /** Why the channel last failed to connect or read (shown on the Connections screen); null when fine. */
  lastError: text("last_error"),
  ...timestamps(),
}, (t) => [
  // Leads with company_id, so it also serves "the company's connections".
  uniqueIndex("whatsapps_company_name_uq").on(t.companyId, t.name),
  uniqueIndex("whatsapps_token_uq").on(t.token),
  // Webhook routing: the provider's id identifies the connection (and so the company).
  index("whatsapps_meta_phone_idx").on(t.metaPhoneNumberId),
  index("whatsapps_fb_page_idx").on(t.facebookPageUserId),
  index("whatsapps_ig_user_idx").on(t.instagramUserId),
  uniqueIndex("whatsapps_webchat_key_uq").on(t.webchatKey),
]);

/** The webchat widget's settings, one JSON value on its connection. */
export type WebchatConfig = WebchatSettings;

/** Queues offered by a connection's greeting menu. */
export const whatsappQueues = sqliteTable("whatsapp_queues", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  queueId: integer("queue_id").notNull().references((): AnySQLiteColumn => queues.id, {
    onDelete: "cascade",
  }),
  ...timestamps(),
}, (t) => [
  primaryKey({ columns: [t.whatsappId, t.queueId] }),
  index("whatsapp_queues_queue_idx").on(t.queueId),
]);

/**
 * Baileys auth state, in the database rather than files so a session can move between processes.
 * `type` is "creds" (key_id "") or a signal key type (pre-key, session, sender-key, app-state-…).
 */
export const waAuth = sqliteTable("wa_auth", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  whatsappId: integer("whatsapp_id").notNull().references(() => whatsapps.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  keyId: text("key_id").notNull(),
  /** JSON with Baileys' BufferJSON replacer. */
  value: text("value").notNull(),
}, (t) => [primaryKey({ columns: [t.whatsappId, t.type, t.keyId] })]);
