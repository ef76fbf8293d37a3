/**
 * Events → push notices. The listener runs on the instance that handled the event (the bus is
 * in-process), turns it into notices and enqueues one `push.notify` job per notice, deduplicated by
 * the event's key; the scheduler-lease holder's job worker sends it, so a fleet sends it once.
 * Arrivals of one turn are enqueued in one write (a burst of inbound messages is a few writes).
 */
import type { Deps } from "../deps.ts";
import type { TicketDTO } from "@contract/tickets.ts";
import type { EventMap } from "../events/types.ts";
import { inArray } from "drizzle-orm";
import { pushSubscriptions } from "@db/schema.ts";
import { enqueue } from "../jobs/queue.ts";
import type { Notice } from "./notice.ts";
import { mentionedUsers } from "./service.ts";
import { PUSH_JOB } from "./deliver.ts";

const ticketUrl = (t: TicketDTO) => `/tickets/${t.uuid}`;

function ticketNotice(
  deps: Deps,
  t: TicketDTO,
  o: Pick<Notice, "kind" | "key" | "to" | "actorUserId"> & { body: string; hasMedia: boolean },
): Notice {
  return {
    companyId: t.companyId,
    tag: `ticket-${t.id}`,
    url: ticketUrl(t),
    ticketId: t.id,
    contact: t.contact
      ? { name: t.contact.name, number: t.contact.number, isGroup: t.contact.isGroup }
      : undefined,
    at: deps.clock.now().toISOString(),
    ...o,
  };
}

const isWaiting = (t: TicketDTO) => t.status === "pending" && !t.userId && t.queueId != null;

async function fromMessage(deps: Deps, e: EventMap["message.created"]): Promise<Notice[]> {
  const { message: m, ticket: t } = e;
  const media = { body: m.body ?? "", hasMedia: Boolean(m.mediaType && m.mediaType !== "chat") };
  if (m.isPrivate) {
    // A note that names colleagues (`@Name`): each of them, never its author.
    const ids = (await mentionedUsers(deps, t.companyId, m.body ?? "")).filter((id) => id !== m.userId);
    if (!ids.length) return [];
    return [{
      ...ticketNotice(deps, t, {
        kind: "mention",
        key: `mention:${m.id}`,
        to: { userIds: ids },
        actorUserId: m.userId,
        ...media,
      }),
      sender: m.user?.name ?? "",
    }];
  }
  if (m.fromMe || m.isDeleted) return [];
  if (t.userId) {
    return [
      ticketNotice(deps, t, {
        kind: "message",
        key: `message:${m.id}`,
        to: { userIds: [t.userId] },
        actorUserId: null,
        ...media,
      }),
    ];
  }
  if (isWaiting(t)) {
    return [
      ticketNotice(deps, t, {
        kind: "waiting",
        key: `waiting:${m.id}`,
        to: { queueId: t.queueId! },
        actorUserId: null,
        ...media,
      }),
    ];
  }
  return [];
}

function fromTicket(deps: Deps, e: EventMap["ticket.updated"]): Notice[] {
  const { ticket: t, before, actorUserId } = e;
  const stamp = `${t.id}:${t.updatedAt}`;
  const last = { body: t.lastMessage ?? "", hasMedia: false };
  // Given to a user by someone else (a transfer, or a ticket opened for them).
  if (t.userId && actorUserId && actorUserId !== t.userId && (!before || before.userId !== t.userId)) {
    return [
      ticketNotice(deps, t, {
        kind: "transfer",
        key: `transfer:${stamp}`,
        to: { userIds: [t.userId] },
        actorUserId,
        ...last,
      }),
    ];
  }
  // Newly waiting in a queue: moved there (bot, transfer to a queue, reopened), or opened there by a user.
  const moved = before
    ? before.status !== "pending" || before.queueId !== t.queueId
    : actorUserId !== undefined;
  if (isWaiting(t) && moved) {
    return [
      ticketNotice(deps, t, {
        kind: "waiting",
        key: `waiting:${stamp}`,
        to: { queueId: t.queueId! },
        actorUserId: actorUserId ?? null,
        ...last,
      }),
    ];
  }
  return [];
}

/** A side-panel note naming colleagues (`@Name`): each of them, never its author. */
async function fromNote(deps: Deps, e: EventMap["ticketNote.created"]): Promise<Notice[]> {
  const { note, ticket: t } = e;
  const ids = (await mentionedUsers(deps, t.companyId, note.text)).filter((id) => id !== note.authorId);
  if (!ids.length) return [];
  return [{
    ...ticketNotice(deps, t, {
      kind: "mention",
      key: `note-mention:${note.id}`,
      to: { userIds: ids },
      actorUserId: note.authorId,
      body: note.text,
      hasMedia: false,
    }),
    sender: note.authorName,
  }];
}

function fromChat(deps: Deps, e: EventMap["chat.message"]): Notice[] {
  const { chat, message: m, memberIds } = e;
  const to = memberIds.filter((id) => id !== m.senderId);
  if (!to.length) return [];
  return [{
    companyId: e.companyId,
    kind: "chat",
    key: `chat:${m.id}`,
    tag: `chat-${chat.id}`,
    url: `/chats/${chat.uuid}`,
    chatId: chat.id,
    sender: m.sender?.name ?? "",
    body: m.message ?? "",
    hasMedia: Boolean(m.mediaPath),
    to: { userIds: to },
    actorUserId: m.senderId,
    at: deps.clock.now().toISOString(),
  }];
}

export function wirePushListeners(deps: Deps): void {
  let pending: Notice[] = [];
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    // Let the other arrivals of this turn join the same write.
    await new Promise((r) => setTimeout(r, 0));
    let batch = pending;
    pending = [];
    flushing = null;
    // Only companies with a subscribed device get a job: a company that never turned push on pays
    // one indexed read per batch, not a job per message.
    const companies = [...new Set(batch.map((n) => n.companyId))];
    const subscribed = new Set(
      (await deps.db.selectDistinct({ companyId: pushSubscriptions.companyId }).from(pushSubscriptions)
        .where(inArray(pushSubscriptions.companyId, companies))).map((r) => r.companyId),
    );
    batch = batch.filter((n) => subscribed.has(n.companyId));
    if (!batch.length) return;
    const runAt = deps.clock.now();
    await deps.database.write(async (tx) => {
      for (const n of batch) {
        await enqueue(tx, {
          name: PUSH_JOB,
          payload: n,
          companyId: n.companyId,
          runAt,
          maxAttempts: 3,
          dedupeKey: `push:${n.companyId}:${n.key}`,
          // One ticket's (or chat's) notices run in order, so the newest is the one left showing.
          orderKey: `push:${n.companyId}:${n.tag}`,
        });
      }
    });
    deps.jobs.kick();
  };
  const add = (notices: Notice[]) => {
    if (!notices.length) return;
    pending.push(...notices);
    flushing ??= flush();
    return flushing;
  };
  deps.bus.on("message.created", async (e) => await add(await fromMessage(deps, e)));
  deps.bus.on("ticket.updated", async (e) => await add(fromTicket(deps, e)));
  deps.bus.on("chat.message", async (e) => await add(fromChat(deps, e)));
  deps.bus.on("ticketNote.created", async (e) => await add(await fromNote(deps, e)));
}
