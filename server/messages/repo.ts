/** Message queries; `companyId` first. */
import { and, eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import type { MessageRow } from "./dto.ts";

export async function findMessageByWid(
  db: Db | Tx,
  companyId: number,
  wid: string,
): Promise<MessageRow | null> {
  return (await db.select().from(messages).where(
    and(eq(messages.companyId, companyId), eq(messages.wid, wid)),
  ).limit(1))[0] ??
    null;
}

export async function getMessage(db: Db | Tx, companyId: number, id: number): Promise<MessageRow> {
  const m =
    (await db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .limit(1))[0];
  if (!m) throw notFound("message");
  return m;
}

/** Inserts unless the provider id is already stored; null means it was a duplicate. */
export async function insertMessage(
  tx: Tx,
  values: typeof messages.$inferInsert,
): Promise<MessageRow | null> {
  const rows = await tx.insert(messages).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateMessage(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof messages.$inferInsert>,
): Promise<MessageRow> {
  const [row] = await tx.update(messages).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id))).returning();
  if (!row) throw notFound("message");
  return row;
}
