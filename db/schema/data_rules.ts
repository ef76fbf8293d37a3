/**
 * What a company's data becomes over time: full exports an admin (or the operator) asked for,
 * built in the background (server/exports), and retention rules — per plan, overridden field by
 * field per company — with what the retention job removed (server/retention).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "./_columns.ts";
import { companies, plans } from "./core.ts";

export const companyExports = sqliteTable("company_exports", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Who asked (kept as they were: the row outlives the user). */
  requestedById: integer("requested_by_id"),
  requestedByName: text("requested_by_name").notNull().default(""),
  /** Asked by the platform operator for this company. */
  byOperator: bool("by_operator").notNull().default(false),
  status: text("status", { enum: ["pending", "running", "done", "failed", "expired"] }).notNull()
    .default("pending"),
  /** Rows and files written so far, of `total`. */
  done: integer("done").notNull().default(0),
  total: integer("total").notNull().default(0),
  /** The zip in the artifact store (server/lib/artifacts.ts) once done. */
  fileName: text("file_name"),
  size: integer("size"),
  error: text("error"),
  finishedAt: text("finished_at"),
  ...timestamps(),
}, (t) => [index("company_exports_company_idx").on(t.companyId, t.id)]);

/** A retention rule of a plan (plan_id) or a company (company_id); null fields keep for ever / inherit. */
export const retentionRules = sqliteTable("retention_rules", {
  id: id(),
  planId: integer("plan_id").references(() => plans.id, { onDelete: "cascade" }),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  /** Messages older than this many months are purged (or lose only their media, below). */
  messagesMonths: integer("messages_months"),
  /** With `messagesMonths`: remove the media files only, keep the text. */
  mediaOnly: bool("media_only"),
  /** Media of tickets closed more than this many days ago is removed (the text stays). */
  closedMediaDays: integer("closed_media_days"),
  /** Audit log entries older than this many days are purged. */
  auditDays: integer("audit_days"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("retention_rules_plan_uq").on(t.planId),
  uniqueIndex("retention_rules_company_uq").on(t.companyId),
]);

/** Per company: what retention removed in total, and the day it last ran (claimed once a day). */
export const retentionStats = sqliteTable("retention_stats", {
  companyId: integer("company_id").primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  messagesDeleted: integer("messages_deleted").notNull().default(0),
  mediaDeleted: integer("media_deleted").notNull().default(0),
  auditDeleted: integer("audit_deleted").notNull().default(0),
  /** The UTC day (YYYY-MM-DD) of the last run: the claim that makes one run a day per company. */
  lastRunOn: text("last_run_on"),
  lastRunAt: text("last_run_at"),
  /** What the last run removed (JSON counts), for the operator. */
  lastRun: text("last_run"),
  ...timestamps(),
});
