/**
 * Shared column builders. Every table uses integer ids (the spec's ids are numeric),
 * ISO-8601 text timestamps (sortable, readable in SQL, no time-zone guessing) and
 * `company_id` first where the row belongs to a tenant.
 */
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () => integer("id").primaryKey({ autoIncrement: true });

/** ISO timestamp with milliseconds, set by the database on insert. */
export const timestamp = (name: string) => text(name);

export const createdAt = () =>
  text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
export const updatedAt = () =>
  text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Boolean stored as 0/1. */
export const bool = (name: string) => integer(name, { mode: "boolean" });

/** The spec's "enabled"/"disabled" flags, kept as text so the wire value is the stored value. */
export const flag = (name: string, dflt: "enabled" | "disabled" = "enabled") =>
  text(name, { enum: ["enabled", "disabled"] }).notNull().default(dflt);

/** JSON column (text with JSON mode). */
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
