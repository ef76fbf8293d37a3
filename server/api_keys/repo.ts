/** api_keys rows, scoped by company; the lookup by secret hash is the one read across companies. */
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { apiKeys, companies, plans } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";

export type ApiKeyRecord = typeof apiKeys.$inferSelect;

export const listApiKeys = (db: Db, companyId: number) =>
  db.select().from(apiKeys).where(eq(apiKeys.companyId, companyId)).orderBy(
    desc(apiKeys.createdAt),
    desc(apiKeys.id),
  );

export async function findApiKey(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<ApiKeyRecord | undefined> {
  const [row] = await db.select().from(apiKeys).where(
    and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)),
  );
  return row;
}

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRecord> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row;
}

export async function revokeApiKey(tx: Tx, companyId: number, id: number, at: string) {
  await tx.update(apiKeys).set({ revokedAt: at })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

/** The key a secret belongs to, with its company and plan: the request's tenant comes from here. */
export async function unscopedKeyBySecretHash(db: Db, hash: string) {
  const [row] = await db.select({ key: apiKeys, company: companies, plan: plans }).from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(apiKeys.secretHash, hash));
  return row;
}

/** Last use, written only when the stored one is older than `staleBefore` (one write a minute). */
export async function touchApiKey(tx: Tx, id: number, at: string, ip: string, staleBefore: string) {
  await tx.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
