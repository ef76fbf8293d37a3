/**
 * Internal chat between users of a company (spec 1 §3, spec 2 §2, §4, §6, §7), gated by the plan's
 * useInternalChat. Members read and write; only the owner (its creator) edits or deletes a chat.
 * Events reach the members only: company-{id}-chat {action:"new-message"|"update"|"delete"}.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { chatMessages, chats, chatUsers } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, noPermission } from "../lib/errors.ts";
import { requirePlan } from "../auth/permissions.ts";
import { pageOf } from "../lib/paging.ts";
import * as repo from "./repo.ts";
import type { ChatDTO, ChatRow } from "./repo.ts";
import type { CreateChatInput, UpdateChatInput } from "./schemas.ts";

const PAGE = 20;
const MESSAGES_PAGE = 30;

const gate = (actor: Actor) => requirePlan(actor.plan, "useInternalChat");

async function dto(deps: Deps, companyId: number, row: ChatRow): Promise<ChatDTO> {
  return (await repo.chatDTOs(deps.db, companyId, [row]))[0];
}

/** The chat if the actor is a member: 404 for another company's, 403 for a non-member's. */
async function memberChat(deps: Deps, actor: Actor, idOrUuid: string | number): Promise<ChatDTO> {
  gate(actor);
  const chat = await dto(deps, actor.companyId, await repo.getChat(deps.db, actor.companyId, idOrUuid));
  if (!chat.users.some((u) => u.userId === actor.userId)) throw noPermission();
  return chat;
}

async function ownedChat(deps: Deps, actor: Actor, idOrUuid: string | number): Promise<ChatDTO> {
  const chat = await memberChat(deps, actor, idOrUuid);
  if (chat.ownerId !== actor.userId) throw noPermission();
  return chat;
}

const memberIds = (c: ChatDTO) => c.users.map((u) => u.userId);

async function checkUsers(deps: Deps, actor: Actor, ids: number[]): Promise<number[]> {
  const all = [...new Set([actor.userId, ...ids])];
  if ((await repo.companyUserIds(deps.db, actor.companyId, all)).length !== all.length) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "users", message: "unknown user" }] });
  }
  return all;
}

export async function listChats(deps: Deps, actor: Actor, q: { searchParam?: string; pageNumber: number }) {
  gate(actor);
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listChatsOf(deps.db, actor.companyId, actor.userId, {
    search: q.searchParam,
    limit: page.limit,
    offset: page.offset,
  });
  return {
    records: await repo.chatDTOs(deps.db, actor.companyId, rows),
    count,
    hasMore: page.hasMore(count),
  };
}

export const showChat = (deps: Deps, actor: Actor, idOrUuid: string) => memberChat(deps, actor, idOrUuid);

export async function createChat(deps: Deps, actor: Actor, input: CreateChatInput): Promise<ChatDTO> {
  gate(actor);
  const members = await checkUsers(deps, actor, input.users);
  const row = await deps.database.write(async (tx) => {
    const [chat] = await tx.insert(chats).values({
      companyId: actor.companyId,
      title: input.title,
      ownerId: actor.userId,
    }).returning();
    await repo.setMembers(tx, actor.companyId, chat.id, members);
    return chat;
  });
  const chat = await dto(deps, actor.companyId, row);
  deps.bus.emit("chat.updated", { companyId: actor.companyId, chat, memberIds: members, action: "create" });
  return chat;
}

export async function updateChat(
  deps: Deps,
  actor: Actor,
  id: string,
  input: UpdateChatInput,
): Promise<ChatDTO> {
  const before = await ownedChat(deps, actor, id);
  const members = input.users ? await checkUsers(deps, actor, input.users) : null;
  const row = await deps.database.write(async (tx) => {
    const [chat] = await tx.update(chats).set({
      ...(input.title ? { title: input.title } : {}),
      updatedAt: new Date().toISOString(),
    }).where(and(eq(chats.companyId, actor.companyId), eq(chats.id, before.id))).returning();
    if (members) await repo.setMembers(tx, actor.companyId, before.id, members);
    return chat;
  });
  const chat = await dto(deps, actor.companyId, row);
  // Removed members hear it too, so the chat leaves their lists.
  const removed = memberIds(before).filter((u) => !memberIds(chat).includes(u));
  if (removed.length) {
    deps.bus.emit("chat.deleted", { companyId: actor.companyId, chatId: chat.id, memberIds: removed });
  }
  deps.bus.emit("chat.updated", {
    companyId: actor.companyId,
    chat,
    memberIds: memberIds(chat),
    action: "update",
  });
  return chat;
}

export async function deleteChat(deps: Deps, actor: Actor, id: string): Promise<void> {
  const chat = await ownedChat(deps, actor, id);
  await deps.database.write((tx) =>
    tx.delete(chats).where(and(eq(chats.companyId, actor.companyId), eq(chats.id, chat.id)))
  );
  deps.bus.emit("chat.deleted", { companyId: actor.companyId, chatId: chat.id, memberIds: memberIds(chat) });
}

/** Marks the chat read for the actor (the body's userId is ignored: one marks only oneself). */
export async function markRead(deps: Deps, actor: Actor, id: string): Promise<ChatDTO> {
  const chat = await memberChat(deps, actor, id);
  await deps.database.write((tx) =>
    tx.update(chatUsers).set({ unreads: 0 }).where(
      and(
        eq(chatUsers.companyId, actor.companyId),
        eq(chatUsers.chatId, chat.id),
        eq(chatUsers.userId, actor.userId),
      ),
    )
  );
  const fresh = await dto(deps, actor.companyId, await repo.getChat(deps.db, actor.companyId, chat.id));
  // Only the reader's own sockets need the new count.
  deps.bus.emit("chat.updated", {
    companyId: actor.companyId,
    chat: fresh,
    memberIds: [actor.userId],
    action: "update",
  });
  return fresh;
}

export async function listMessages(deps: Deps, actor: Actor, id: string, pageNumber: number) {
  const chat = await memberChat(deps, actor, id);
  const page = pageOf(pageNumber, MESSAGES_PAGE);
  const { rows, count } = await repo.messagesOf(deps.db, actor.companyId, chat.id, page.limit, page.offset);
  // Oldest first on the screen.
  return { records: rows.reverse(), count, hasMore: page.hasMore(count) };
}

export async function sendMessage(deps: Deps, actor: Actor, id: string, message: string) {
  const chat = await memberChat(deps, actor, id);
  const now = new Date().toISOString();
  const row = await deps.database.write(async (tx) => {
    const [m] = await tx.insert(chatMessages).values({
      companyId: actor.companyId,
      chatId: chat.id,
      senderId: actor.userId,
      message,
      createdAt: now,
      updatedAt: now,
    }).returning();
    await tx.update(chats).set({ lastMessage: message.slice(0, 255), updatedAt: now })
      .where(and(eq(chats.companyId, actor.companyId), eq(chats.id, chat.id)));
    await tx.update(chatUsers).set({ unreads: sql`${chatUsers.unreads} + 1` }).where(
      and(
        eq(chatUsers.companyId, actor.companyId),
        eq(chatUsers.chatId, chat.id),
        ne(chatUsers.userId, actor.userId),
      ),
    );
    return m;
  });
  const fresh = await dto(deps, actor.companyId, await repo.getChat(deps.db, actor.companyId, chat.id));
  const newMessage = { ...row, sender: { id: actor.userId, name: actor.user.name } };
  deps.bus.emit("chat.message", {
    companyId: actor.companyId,
    chat: fresh,
    message: newMessage,
    memberIds: memberIds(fresh),
  });
  return newMessage;
}
