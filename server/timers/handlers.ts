/**
 * What each timer does when it comes due. Every handler first re-checks that the ticket still
 * qualifies and measures quiet from the ticket's last message: a ticket that moved on answers
 * "done" (nothing happens), one with a newer message answers the time it is really due. So a
 * handler run twice, or after a reply, changes nothing.
 */
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { messages, queues, userQueues, users } from "@db/schema.ts";
import type { TicketTimerKind } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { botClose, botSay, botUpdate } from "../automation/bot.ts";
import { expireTypebotSession } from "../integrations/typebot.ts";

export type Outcome = "done" | Date;
type Handler = (deps: Deps, t: TicketRow, conn: ConnectionRow, now: Date) => Promise<Outcome>;

const MIN = 60_000;

/** The ticket's last customer-visible message time (its creation when it has none). */
export async function lastActivity(deps: Deps, t: TicketRow): Promise<number> {
  const [m] = await deps.db.select({ at: messages.createdAt }).from(messages)
    .where(and(eq(messages.ticketId, t.id), eq(messages.isPrivate, false)))
    .orderBy(desc(messages.createdAt)).limit(1);
  return Date.parse(m?.at ?? t.createdAt);
}

/** `minutes` of quiet after the last message: due now, or the time it will be. */
async function quietFor(deps: Deps, t: TicketRow, minutes: number, now: Date): Promise<Date | null> {
  const due = (await lastActivity(deps, t)) + minutes * MIN;
  return due > now.getTime() ? new Date(due) : null;
}

const inactivePending = (t: TicketRow, c: ConnectionRow) =>
  c.timeInactiveMessage > 0 && !!c.inactiveMessage?.trim() && !t.sendInactiveMessage;

/** whenExpiresTicket = 1: only conversations whose last message was ours expire. */
const waitingOnCustomer = (t: TicketRow, c: ConnectionRow) => c.whenExpiresTicket !== 1 || t.fromMe;

const autoClose: Handler = async (deps, t, c, now) => {
  if (t.status !== "open" || c.expiresTicket <= 0 || !waitingOnCustomer(t, c)) return "done";
  const later = await quietFor(
    deps,
    t,
    c.expiresTicket + (inactivePending(t, c) ? c.timeInactiveMessage : 0),
    now,
  );
  if (later) return later;
  if (c.expiresInactiveMessage?.trim()) await botSay(deps, t, c.expiresInactiveMessage);
  await botClose(deps, t, "autoClose");
  return "done";
};

const inactive: Handler = async (deps, t, c, now) => {
  if (t.status !== "open" || !inactivePending(t, c) || !waitingOnCustomer(t, c)) return "done";
  const later = await quietFor(deps, t, c.timeInactiveMessage, now);
  if (later) return later;
  // Marked before the send: a crash in between loses one notice rather than sending two.
  const row = await botUpdate(deps, t, { sendInactiveMessage: true });
  await botSay(deps, row, c.inactiveMessage ?? "");
  return "done";
};

const npsExpiry: Handler = async (deps, t, c, now) => {
  if (t.status !== "nps" || c.expiresTicketNPS <= 0) return "done";
  const later = await quietFor(deps, t, c.expiresTicketNPS, now);
  if (later) return later;
  if (c.complationMessage?.trim()) await botSay(deps, t, c.complationMessage);
  await botClose(deps, t, "closed");
  return "done";
};

const redirect: Handler = async (deps, t, c, now) => {
  if (t.status !== "pending" || t.queueId || t.userId || c.timeSendQueue <= 0 || !c.sendIdQueue) {
    return "done";
  }
  const later = await quietFor(deps, t, c.timeSendQueue, now);
  if (later) return later;
  await botUpdate(deps, t, { queueId: c.sendIdQueue }, { type: "redirect", queueId: c.sendIdQueue });
  console.info(
    `[timers] ticket ${t.id} (company ${t.companyId}) redirected to queue ${c.sendIdQueue} after ${c.timeSendQueue} min without a queue`,
  );
  return "done";
};

const rotation: Handler = async (deps, t, _c, now) => {
  if (t.status !== "pending" || !t.queueId) return "done";
  const [q] = await deps.db.select().from(queues).where(
    and(eq(queues.companyId, t.companyId), eq(queues.id, t.queueId)),
  );
  if (!q?.ativarRoteador || q.tempoRoteador <= 0) return "done";
  if (t.userId) {
    const later = await quietFor(deps, t, q.tempoRoteador, now);
    if (later) return later;
  }
  // Online members with profile user (admins are never picked), other than the current one.
  const members = await deps.db.select({ id: users.id }).from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(
      eq(userQueues.queueId, q.id),
      eq(users.companyId, t.companyId),
      eq(users.online, true),
      eq(users.profile, "user"),
      ...(t.userId ? [ne(users.id, t.userId)] : []),
    )).orderBy(asc(users.id));
  if (!members.length) return new Date(now.getTime() + q.tempoRoteador * MIN);
  const random = (await deps.caches.settings.get(t.companyId, "userRandom")) === "enabled";
  // userRandom: anyone at random; otherwise the next member after the current one, in turn.
  const pick = random
    ? members[Math.floor(Math.random() * members.length)]
    : members.find((m) => m.id > (t.userId ?? 0)) ?? members[0];
  await botUpdate(deps, t, { userId: pick.id }, { type: "transfered", userId: pick.id, queueId: q.id });
  return "done";
};

const stale: Handler = async (deps, t, c, now) => {
  const hours = deps.config.ticketAutoCloseHours;
  if ((t.status !== "open" && t.status !== "pending") || hours <= 0 || c.expiresTicket > 0) return "done";
  const later = await quietFor(deps, t, hours * 60, now);
  if (later) return later;
  await botClose(deps, t, "autoClose");
  return "done";
};

export const HANDLERS: Record<TicketTimerKind, Handler> = {
  autoClose,
  inactive,
  npsExpiry,
  redirect,
  rotation,
  stale,
  typebotExpiry: (deps, t, _c, now) => expireTypebotSession(deps, t, now),
};
