/** Message queries; `companyId` first. */
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { prepared } from "@db/prepared.ts";
import { notFound } from "../lib/errors.ts";
import type { MessageRow } from "./dto.ts";
import type { Deps } from "../deps.ts";

export async function findMessageByWid(
  db: Db | Tx,
  companyId: number,
  wid: string,
): Promise<MessageRow | null> {
  const q = prepared(db, "messages.byWid", (d) =>
    d.select().from(messages).where(
      and(eq(messages.companyId, sql.placeholder("companyId")), eq(messages.wid, sql.placeholder("wid"))),
    ).limit(1).prepare());
  return (await q.get({ companyId, wid })) ?? null;
}

/** Which of these provider ids the company has stored (one statement for any number of ids). */
export async function findStoredWids(db: Db | Tx, companyId: number, wids: string[]): Promise<string[]> {
  const q = prepared(db, "messages.storedWids", (d) =>
    d.select({ wid: messages.wid }).from(messages).where(
      and(
        eq(messages.companyId, sql.placeholder("companyId")),
        sql`${messages.wid} in (select value from json_each(${sql.placeholder("wids")}))`,
      ),
    ).prepare());
  return (await q.all({ companyId, wids: JSON.stringify(wids) })).map((r) => r.wid!).filter(Boolean);
}

export async function getMessage(db: Db | Tx, companyId: number, id: number): Promise<MessageRow> {
  const m =
    (await db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .limit(1))[0];
  if (!m) throw notFound("message");
  return m;
}

/**
 * Inserts unless the provider id is already stored; null means it was a duplicate. One prepared
 * statement per set of column names (the pipeline's shape is always the same).
 */
export async function insertMessage(
  tx: Tx,
  values: typeof messages.$inferInsert,
): Promise<MessageRow | null> {
  const v = values as Record<string, unknown>;
  const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort();
  const q = prepared(tx, `messages.insert:${keys}`, (d) =>
    d.insert(messages).values(
      Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as unknown as typeof messages.$inferInsert,
    ).onConflictDoNothing().returning(returnedColumns).prepare());
  const rows = await q.all(Object.fromEntries(keys.map((k) => [k, v[k]])));
  // The body is not read back: the row gets the caller's own string (one copy of a long text).
  return rows[0] ? { ...rows[0], body: values.body ?? "" } as MessageRow : null;
}

/** Every column of an inserted message but its body. */
const { body: _body, ...returnedColumns } = getTableColumns(messages);

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

/** Deletes the reactions a contact (by its number) left on a message; returns their ids. */
export async function deleteReactions(
  tx: Tx,
  companyId: number,
  quotedMsgId: number,
  contactNumber: string,
): Promise<number[]> {
  const rows = await tx.delete(messages).where(and(
    eq(messages.companyId, companyId),
    eq(messages.quotedMsgId, quotedMsgId),
    eq(messages.mediaType, "reactionMessage"),
    eq(messages.fromMe, false),
    sql`${messages.contactId} in (select id from contacts where company_id = ${companyId} and (number = ${contactNumber} or lid = ${contactNumber}))`,
  )).returning({ id: messages.id });
  return rows.map((r) => r.id);
}

/**
 * lgpdDeleteMessage (spec 2 §3): a company that turns it on wants deleted messages gone from the
 * conversation, not shown with the "deleted" marker. The row stays (history, audit); screens never see it.
 */
export async function hidesDeletedMessages(deps: Deps, companyId: number): Promise<boolean> {
  return (await deps.caches.settings.get(companyId, "lgpdDeleteMessage")) === "enabled";
}
