/** Security records: the audit log and two-factor login (TOTP secrets, recovery codes, login challenges). */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, json, timestamp, timestamps } from "./_columns.ts";
import { companies, users } from "./core.ts";

/**
 * Who did what to which record. Rows are written in the transaction of the change they describe
 * (server/audit/audit.ts). The actor's name and e-mail are snapshots, so a deleted user's entries
 * still read; `company_id` is null only for a failed login with an unknown e-mail (operator only).
 */
export const auditLogs = sqliteTable("audit_logs", {
  id: id(),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
  /** The acting user; null for failed logins and system actions. No FK: the entry outlives the user. */
  userId: integer("user_id"),
  userName: text("user_name"),
  userEmail: text("user_email"),
  /** Dotted verb, e.g. `user.update`, `auth.login_failed`, `connection.session_start`. */
  action: text("action").notNull(),
  /** The kind of record: `user`, `setting`, `connection`, `queue`, `chatbot`, `plan`, `company`… */
  entity: text("entity").notNull(),
  entityId: text("entity_id"),
  summary: text("summary"),
  /** `{field: [before, after]}` for updates, `{field: value}` for creates; secrets masked. */
  diff: json<Record<string, unknown>>("diff"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  createdAt: createdAt(),
}, (t) => [
  index("audit_logs_company_created_idx").on(t.companyId, t.createdAt),
  index("audit_logs_company_user_idx").on(t.companyId, t.userId, t.createdAt),
  index("audit_logs_company_action_idx").on(t.companyId, t.action, t.createdAt),
  index("audit_logs_company_entity_idx").on(t.companyId, t.entity, t.createdAt),
  index("audit_logs_created_idx").on(t.createdAt),
]);

/** A user's TOTP enrolment. `enabledAt` is null until the user confirms a first code. */
export const userTwoFactor = sqliteTable("user_two_factor", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Base32 secret sealed with the secrets-at-rest key (`enc:v1:…`). */
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at"),
  /** The highest 30-second step accepted: a code of that step or an earlier one is a replay. */
  lastUsedStep: integer("last_used_step").notNull().default(0),
  /** Consecutive wrong second factors; at the limit, `lockedUntil` stops further tries. */
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: timestamp("locked_until"),
  ...timestamps(),
});

/** Single-use recovery codes, stored as SHA-256 hashes (high-entropy codes; no slow hash needed). */
export const twoFactorRecoveryCodes = sqliteTable("two_factor_recovery_codes", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  usedAt: timestamp("used_at"),
  createdAt: createdAt(),
}, (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)]);

/**
 * The short-lived, single-purpose ticket between the password step and the second factor. Only
 * the hash of the challenge is stored. `purpose`: `verify` (enrolled user) or `enroll` (2FA is
 * required and the user has not enrolled yet).
 */
export const loginChallenges = sqliteTable("login_challenges", {
  idHash: text("id_hash").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["verify", "enroll"] }).notNull(),
  /** Enrolment at login: the pending secret shown to the user, sealed. */
  pendingSecret: text("pending_secret"),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: text("expires_at").notNull(),
  usedAt: timestamp("used_at"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  createdAt: createdAt(),
}, (t) => [index("login_challenges_expires_idx").on(t.expiresAt)]);

/**
 * A company's API keys (server/api_keys/). Only the SHA-256 of the secret is kept; `prefix` is the
 * secret's visible start, for recognising a key. Revoking sets `revoked_at`; the row stays so the
 * list and the audit log still name it. `last_used_*` is written at most once a minute per key.
 */
export const apiKeys = sqliteTable("api_keys", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  prefix: text("prefix").notNull(),
  secretHash: text("secret_hash").notNull().unique(),
  scopes: json<string[]>("scopes").notNull(),
  allowedIps: json<string[]>("allowed_ips").notNull(),
  expiresAt: timestamp("expires_at"),
  revokedAt: timestamp("revoked_at"),
  lastUsedAt: timestamp("last_used_at"),
  lastUsedIp: text("last_used_ip"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdByName: text("created_by_name"),
  createdAt: createdAt(),
}, (t) => [index("api_keys_company_idx").on(t.companyId, t.createdAt)]);
