/** Internal chat queries. `companyId` first; every query filters on it. */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { chatMessages, chats, chatUsers, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";
import type { ChatDTO, ChatMember, ChatMessageDTO } from "@contract/chats.ts";

export type ChatRow = typeof chats.$inferSelect;
export type { ChatDTO, ChatMember, ChatMessageDTO } from "@contract/chats.ts";

/** By numeric id or by uuid (the screen's /chats/{uuid}). */
export async function getChat(db: Db | Tx, companyId: number, idOrUuid: string | number): Promise<ChatRow> {
  const key = String(idOrUuid);
  const [row] = await db.select().from(chats).where(and(
    eq(chats.companyId, companyId),
    /^\d+$/.test(key) ? eq(chats.id, Number(key)) : eq(chats.uuid, key),
  )).limit(1);
  if (!row) throw notFound("chat");
  return row;
}

export async function membersOf(db: Db | Tx, companyId: number, chatIds: number[]) {
  if (!chatIds.length) return new Map<number, ChatMember[]>();
  const rows = await db.select({
    chatId: chatUsers.chatId,
    userId: chatUsers.userId,
    unreads: chatUsers.unreads,
    name: users.name,
  }).from(chatUsers).innerJoin(users, eq(users.id, chatUsers.userId))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, chatIds)))
    .orderBy(asc(users.name));
  const m = new Map<number, ChatMember[]>();
  for (const r of rows) {
    const list = m.get(r.chatId) ?? [];
    list.push({ userId: r.userId, unreads: r.unreads, user: { id: r.userId, name: r.name } });
    m.set(r.chatId, list);
  }
  return m;
}

export async function chatDTOs(db: Db | Tx, companyId: number, rows: ChatRow[]): Promise<ChatDTO[]> {
  const members = await membersOf(db, companyId, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, users: members.get(r.id) ?? [] }));
}

/** The user's chats, newest activity first. */
export async function listChatsOf(
  db: Db,
  companyId: number,
  userId: number,
  f: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(chats.companyId, companyId),
    sql`exists (select 1 from ${chatUsers} cu where cu.chat_id = ${chats.id} and cu.user_id = ${userId})`,
    f.search ? containsLike(chats.title, f.search) : undefined,
  );
  const rows = await db.select().from(chats).where(where)
    .orderBy(desc(chats.updatedAt), desc(chats.id)).limit(f.limit).offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(chats).where(where);
  return { rows, count: n };
}

/** Company users among `ids` (members must belong to the company). */
export async function companyUserIds(db: Db | Tx, companyId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

export async function setMembers(tx: Tx, companyId: number, chatId: number, userIds: number[]) {
  const current = (await tx.select({ userId: chatUsers.userId }).from(chatUsers)
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId)))).map((r) => r.userId);
  const gone = current.filter((id) => !userIds.includes(id));
  const added = userIds.filter((id) => !current.includes(id));
  if (gone.length) {
    await tx.delete(chatUsers).where(and(eq(chatUsers.chatId, chatId), inArray(chatUsers.userId, gone)));
  }
  if (added.length) {
    await tx.insert(chatUsers).values(added.map((userId) => ({ companyId, chatId, userId })));
  }
}

export async function messagesOf(db: Db, companyId: number, chatId: number, limit: number, offset: number) {
  const rows = await db.select({ m: chatMessages, senderName: users.name }).from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id)).limit(limit).offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(chatMessages)
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId)));
  return {
    rows: rows.map((r): ChatMessageDTO => ({
      ...r.m,
      sender: r.m.senderId ? { id: r.m.senderId, name: r.senderName ?? "" } : null,
    })),
    count: n,
  };
}
