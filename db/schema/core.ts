/** Platform and tenant core: plans, companies, users, settings, sessions, leases and jobs. */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, flag, id, json, timestamp, timestamps } from "./_columns.ts";
import type { WorkingHours } from "@contract/companies.ts";

export type { WorkingHours };

export const plans = sqliteTable("plans", {
  id: id(),
  name: text("name").notNull().unique(),
  users: integer("users").notNull().default(1),
  connections: integer("connections").notNull().default(1),
  queues: integer("queues").notNull().default(1),
  amount: real("amount").notNull().default(0),
  isPublic: bool("is_public").notNull().default(true),
  recurrence: text("recurrence").notNull().default("MENSAL"),
  stripePriceId: text("stripe_price_id"),
  useWhatsapp: bool("use_whatsapp").notNull().default(true),
  useFacebook: bool("use_facebook").notNull().default(true),
  useInstagram: bool("use_instagram").notNull().default(true),
  useTelegram: bool("use_telegram").notNull().default(true),
  useCampaigns: bool("use_campaigns").notNull().default(true),
  useSchedules: bool("use_schedules").notNull().default(true),
  useInternalChat: bool("use_internal_chat").notNull().default(true),
  useExternalApi: bool("use_external_api").notNull().default(true),
  useKanban: bool("use_kanban").notNull().default(true),
  useOpenAi: bool("use_open_ai").notNull().default(true),
  useIntegrations: bool("use_integrations").notNull().default(true),
  /** Tokens a company may spend on the attendant's AI assistant per calendar month. */
  aiMonthlyTokens: integer("ai_monthly_tokens").notNull().default(1_000_000),
  ...timestamps(),
});

export const companies = sqliteTable("companies", {
  id: id(),
  name: text("name").notNull(),
  email: text("email"),
  phone: text("phone"),
  document: text("document"),
  planId: integer("plan_id").notNull().references(() => plans.id),
  status: bool("status").notNull().default(true),
  /** Calendar date (YYYY-MM-DD) in the company's time zone; the last day of access. */
  dueDate: text("due_date"),
  recurrence: text("recurrence").notNull().default("MENSAL"),
  timezone: text("timezone").notNull().default("America/Sao_Paulo"),
  /** Company working hours (scheduleType = company). */
  schedules: json<WorkingHours[]>("schedules").notNull().default(sql`'[]'`),
  numberAttendants: integer("number_attendants"),
  numberConections: integer("number_conections"),
  paymentMethod: text("payment_method"),
  lastLogin: timestamp("last_login"),
  folderSize: text("folder_size"),
  numberFileFolder: text("number_file_folder"),
  updatedAtFolder: timestamp("updated_at_folder"),
  addressStreet: text("address_street"),
  addressState: text("address_state"),
  addressCity: text("address_city"),
  ...timestamps(),
}, (t) => [uniqueIndex("companies_name_uq").on(t.name)]);

export const users = sqliteTable("users", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** Lower-cased; unique across the platform because login is by e-mail alone. */
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  profile: text("profile", { enum: ["admin", "user"] }).notNull().default("user"),
  super: bool("super").notNull().default(false),
  online: bool("online").notNull().default(false),
  lastSeenAt: timestamp("last_seen_at"),
  color: text("color"),
  farewellMessage: text("farewell_message"),
  startWork: text("start_work").notNull().default("00:00"),
  endWork: text("end_work").notNull().default("23:59"),
  /** Default connection (whatsapps.id); no FK so the connections table can live in its own file. */
  whatsappId: integer("whatsapp_id"),
  allTicket: flag("all_ticket", "enabled"),
  allowGroup: bool("allow_group").notNull().default(true),
  defaultTheme: text("default_theme", { enum: ["light", "dark"] }).notNull().default("light"),
  defaultMenu: text("default_menu", { enum: ["open", "closed"] }).notNull().default("open"),
  allHistoric: flag("all_historic", "enabled"),
  allUserChat: flag("all_user_chat", "enabled"),
  userClosePendingTicket: flag("user_close_pending_ticket", "enabled"),
  showDashboard: flag("show_dashboard", "enabled"),
  allowRealTime: flag("allow_real_time", "enabled"),
  allowConnections: flag("allow_connections", "enabled"),
  profileImage: text("profile_image"),
  defaultTicketsManagerWidth: integer("default_tickets_manager_width").notNull().default(400),
  /** The zone the user reads dates in (IANA name); null = the company's. */
  timezone: text("timezone"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("users_email_uq").on(t.email),
  index("users_company_name_idx").on(t.companyId, t.name),
]);

/**
 * Key/value settings per company. Platform-wide keys (branding, signup, payment keys) live on
 * company 1. Secret values are stored encrypted ("enc:v1:…").
 */
export const settings = sqliteTable("settings", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  value: text("value").notNull().default(""),
  ...timestamps(),
}, (t) => [primaryKey({ columns: [t.companyId, t.key] })]);

/** One row per login. The refresh token is `${id}.${secret}`; only the secret's hash is stored. */
export const authSessions = sqliteTable("auth_sessions", {
  id: text("id").primaryKey(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull(),
  /** The hash before the last rotation: presenting it again means the token was stolen. */
  previousSecretHash: text("previous_secret_hash"),
  userAgent: text("user_agent"),
  ip: text("ip"),
  expiresAt: text("expires_at").notNull(),
  revokedAt: timestamp("revoked_at"),
  revokedReason: text("revoked_reason"),
  ...timestamps(),
}, (t) => [index("auth_sessions_user_idx").on(t.userId, t.revokedAt)]);

/**
 * Every refresh secret a session rotated away from (its hash). Presenting one of these is reuse of
 * a stolen token and revokes the session; a secret never issued for the session is only refused.
 */
export const authSessionSecrets = sqliteTable("auth_session_secrets", {
  sessionId: text("session_id").notNull().references(() => authSessions.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull(),
  retiredAt: text("retired_at").notNull(),
}, (t) => [primaryKey({ columns: [t.sessionId, t.secretHash] })]);

/** Fixed-window counters shared by every instance on the database (login throttling). */
export const rateLimits = sqliteTable("rate_limits", {
  /** sha256 of the limited key (e.g. address + e-mail), so no e-mail is stored here. */
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: text("reset_at").notNull(),
}, (t) => [index("rate_limits_reset_idx").on(t.resetAt)]);

export const passwordResets = sqliteTable("password_resets", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: timestamp("used_at"),
  attempts: integer("attempts").notNull().default(0),
  ...timestamps(),
}, (t) => [index("password_resets_user_idx").on(t.userId)]);

/** Who holds a named lease (job leader, a WhatsApp session) until when. */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/** Durable work items (webhook deliveries, sends). A tick claims due rows atomically. */
export const jobs = sqliteTable("jobs", {
  id: id(),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  payload: json<unknown>("payload").notNull(),
  status: text("status", { enum: ["pending", "running", "done", "failed"] }).notNull().default("pending"),
  runAt: text("run_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
  maxAttempts: integer("max_attempts").notNull().default(8),
  lastError: text("last_error"),
  lockedBy: text("locked_by"),
  lockedAt: timestamp("locked_at"),
  /** Makes enqueueing idempotent: one job per key. */
  dedupeKey: text("dedupe_key"),
  /** Jobs with the same key run strictly one after another, in id order (one chat's deliveries). */
  orderKey: text("order_key"),
  ...timestamps(),
}, (t) => [
  index("jobs_due_idx").on(t.status, t.runAt),
  uniqueIndex("jobs_dedupe_uq").on(t.dedupeKey),
  index("jobs_order_idx").on(t.orderKey, t.id),
]);
