/**
 * Settings rows. `companyId` first; defaults fill keys never written. These read the database
 * (inside a transaction they see its own writes); hot paths read `deps.caches.settings` instead,
 * so every writer must `invalidate(deps, {kind: "settings", companyId})` after its commit.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { settings } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { SETTINGS } from "./registry.ts";

export async function readSettings(
  db: Db | Tx,
  companyId: number,
  keys: string[],
): Promise<Record<string, string>> {
  const rows = keys.length
    ? await db.select().from(settings).where(
      and(eq(settings.companyId, companyId), inArray(settings.key, keys)),
    )
    : [];
  const out: Record<string, string> = {};
  for (const k of keys) out[k] = SETTINGS[k]?.default ?? "";
  for (const r of rows) out[r.key] = r.value;
  return out;
}

export async function readSetting(db: Db | Tx, companyId: number, key: string): Promise<string> {
  return (await readSettings(db, companyId, [key]))[key];
}

export async function writeSetting(tx: Tx, companyId: number, key: string, value: string): Promise<void> {
  await tx.insert(settings).values({ companyId, key, value }).onConflictDoUpdate({
    target: [settings.companyId, settings.key],
    set: { value, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
  });
}

export async function writeSettings(
  tx: Tx,
  companyId: number,
  values: Record<string, string>,
): Promise<void> {
  for (const [k, v] of Object.entries(values)) await writeSetting(tx, companyId, k, v);
}
