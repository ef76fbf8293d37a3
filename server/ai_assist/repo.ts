/** AI settings and usage queries. `companyId` first; every query filters on it. */
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { aiSettings, aiUsage, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";

export type AiSettingsRow = typeof aiSettings.$inferSelect;
export type AiUsageInsert = typeof aiUsage.$inferInsert;

export async function getSettings(db: Db | Tx, companyId: number): Promise<AiSettingsRow | undefined> {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.companyId, companyId)).limit(1);
  return row;
}

export async function upsertSettings(
  tx: Tx,
  companyId: number,
  values: Omit<typeof aiSettings.$inferInsert, "companyId">,
): Promise<AiSettingsRow> {
  const [row] = await tx.insert(aiSettings).values({ companyId, ...values })
    .onConflictDoUpdate({ target: aiSettings.companyId, set: values }).returning();
  return row;
}

export async function deleteSettings(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(aiSettings).where(eq(aiSettings.companyId, companyId));
}

export async function insertUsage(tx: Tx, row: AiUsageInsert): Promise<void> {
  await tx.insert(aiUsage).values(row);
}

/** Tokens spent since `fromIso` (the month's start in the company's zone). */
export async function tokensSince(db: Db, companyId: number, fromIso: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`coalesce(sum(${aiUsage.totalTokens}), 0)` }).from(aiUsage)
    .where(and(eq(aiUsage.companyId, companyId), gte(aiUsage.createdAt, fromIso)));
  return Number(r?.n ?? 0);
}

export async function listUsage(db: Db, companyId: number, limit: number, offset: number) {
  const rows = await db.select({ u: aiUsage, user: { id: users.id, name: users.name } }).from(aiUsage)
    .leftJoin(users, eq(users.id, aiUsage.userId))
    .where(eq(aiUsage.companyId, companyId))
    .orderBy(desc(aiUsage.createdAt), desc(aiUsage.id)).limit(limit + 1).offset(offset);
  const [c] = await db.select({ n: sql<number>`count(*)` }).from(aiUsage).where(
    eq(aiUsage.companyId, companyId),
  );
  return { rows, count: Number(c?.n ?? 0) };
}
