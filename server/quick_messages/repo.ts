/** Quick message queries. `companyId` first; every query filters on it. */
import { and, asc, count, eq, or, type SQL } from "drizzle-orm";
import { quickMessages } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";

export type QuickMessageRow = typeof quickMessages.$inferSelect;

/** What a viewer may see: all of the company (admins) or his own plus the shared ones. */
export type Scope = { all: true } | { all: false; userId: number };

function scopeWhere(companyId: number, scope: Scope): SQL | undefined {
  return and(
    eq(quickMessages.companyId, companyId),
    scope.all ? undefined : or(eq(quickMessages.userId, scope.userId), eq(quickMessages.geral, true)),
  );
}

export async function listQuickMessages(
  db: Db,
  companyId: number,
  scope: Scope,
  f: { search?: string; visibleOnly?: boolean; limit?: number; offset?: number },
): Promise<{ rows: QuickMessageRow[]; count: number }> {
  const where = and(
    scopeWhere(companyId, scope),
    f.visibleOnly ? eq(quickMessages.visao, true) : undefined,
    f.search
      ? or(containsLike(quickMessages.shortcode, f.search), containsLike(quickMessages.message, f.search))
      : undefined,
  );
  const q = db.select().from(quickMessages).where(where).orderBy(
    asc(quickMessages.shortcode),
    asc(quickMessages.id),
  );
  const rows = f.limit ? await q.limit(f.limit).offset(f.offset ?? 0) : await q;
  const [{ n }] = await db.select({ n: count() }).from(quickMessages).where(where);
  return { rows, count: n };
}

/** A quick message the viewer may see; another user's private one answers 404 like a missing one. */
export async function getQuickMessage(db: Db | Tx, companyId: number, scope: Scope, id: number) {
  const [row] = await db.select().from(quickMessages).where(
    and(scopeWhere(companyId, scope), eq(quickMessages.id, id)),
  )
    .limit(1);
  if (!row) throw notFound("quickMessage");
  return row;
}

export async function insertQuickMessage(tx: Tx, values: typeof quickMessages.$inferInsert) {
  return (await tx.insert(quickMessages).values(values).returning())[0];
}

export async function updateQuickMessage(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof quickMessages.$inferInsert>,
): Promise<QuickMessageRow> {
  const [row] = await tx.update(quickMessages).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id))).returning();
  if (!row) throw notFound("quickMessage");
  return row;
}

export async function deleteQuickMessage(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(quickMessages).where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)));
}
