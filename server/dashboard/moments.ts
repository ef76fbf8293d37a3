/**
 * The real-time panel (/moments; spec 1 §7, §9): open and pending tickets of the last 30 days
 * with who holds them, their queue and how long they have waited or been in service. Gate: admin
 * or allowRealTime. Each ticket is filtered with canViewTicket, the same predicate as the socket
 * fan-out, so the panel and the live events it follows never disagree.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { canSeeRealTime } from "../auth/permissions.ts";
import { canViewTicket } from "../tickets/policy.ts";
import { readerZone, zonedParts } from "../lib/time.ts";
import { dayRange } from "./range.ts";
import { activeTickets, companyUsers, type MomentRow } from "./repo.ts";
import type { MomentsQuery } from "./schemas.ts";
import { addDays } from "../lib/time.ts";
import type { MomentsPanel, MomentTicket, UsersMomentsPanel } from "@contract/dashboard.ts";

export const MOMENTS_DAYS = 30;

export function requireRealTime(actor: Actor): void {
  if (!canSeeRealTime(actor)) throw new AppError("ERR_NO_PERMISSION");
}

export type { MomentTicket };

function toMoment(r: MomentRow, now: number): MomentTicket {
  const since = r.status === "open" ? r.startedAt ?? r.updatedAt : r.queuedAt ?? r.createdAt;
  return {
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    userId: r.userId,
    queueId: r.queueId,
    whatsappId: r.whatsappId,
    isGroup: !!r.isGroup,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    queuedAt: r.queuedAt,
    startedAt: r.startedAt,
    ageMinutes: Math.max(0, Math.floor((now - Date.parse(since)) / 60_000)),
    lastMessage: r.lastMessage,
    unreadMessages: r.unreadMessages,
    contact: { id: r.contactId, name: r.contactName, number: r.contactNumber },
    user: r.userId != null && r.userName != null ? { id: r.userId, name: r.userName } : null,
    queue: r.queueId != null && r.queueName != null
      ? { id: r.queueId, name: r.queueName, color: r.queueColor ?? "" }
      : null,
    whatsapp: r.whatsappId != null && r.whatsappName != null
      ? { id: r.whatsappId, name: r.whatsappName }
      : null,
  };
}

async function visibleMoments(deps: Deps, actor: Actor, q: MomentsQuery): Promise<MomentTicket[]> {
  requireRealTime(actor);
  const tz = readerZone(actor);
  const today = zonedParts(deps.clock.now(), tz).date;
  // The spec's window is the last 30 days; a narrower one from the client is honoured, never a wider one.
  const floor = addDays(today, -(MOMENTS_DAYS - 1));
  const from = q.dateStart && q.dateStart > floor ? q.dateStart : floor;
  const r = dayRange(from, q.dateEnd && q.dateEnd < today ? q.dateEnd : today, tz);
  const rows = await activeTickets(deps.reads, actor.companyId, r.start, r.end);
  const now = deps.clock.now().getTime();
  const statuses = q.status ? new Set(q.status.split(",")) : null;
  return rows
    .filter((t) => canViewTicket(actor.viewer, { ...t, isGroup: !!t.isGroup }))
    .filter((t) => !statuses || statuses.has(t.status))
    .filter((t) => !q.queueIds?.length || q.queueIds.includes(t.queueId ?? 0))
    .filter((t) => !q.userId || t.userId === q.userId)
    .map((t) => toMoment(t, now));
}

/**
 * GET /dashboard/moments: the tickets — the list itself, as the spec's client reads it; our panel
 * (`view=panel`) gets them with their count and the window.
 */
export async function moments(
  deps: Deps,
  actor: Actor,
  q: MomentsQuery,
): Promise<MomentTicket[] | MomentsPanel> {
  const list = await visibleMoments(deps, actor, q);
  if (q.view !== "panel") return list;
  return { tickets: list, count: list.length, windowDays: MOMENTS_DAYS };
}

/**
 * GET /usersMoments: the spec's client reads the same tickets, each with its user, and groups them
 * itself. Our panel (`view=panel`) gets every attendant of the company with the open tickets he
 * holds and the age of the oldest, plus the waiting tickets per queue (what a supervisor scans first).
 */
export async function usersMoments(
  deps: Deps,
  actor: Actor,
  q: MomentsQuery,
): Promise<MomentTicket[] | UsersMomentsPanel> {
  if (q.view !== "panel") return await visibleMoments(deps, actor, q);
  const [list, people] = await Promise.all([
    visibleMoments(deps, actor, q),
    companyUsers(deps.reads, actor.companyId),
  ]);
  const users = people.map((u) => {
    const mine = list.filter((t) => t.status === "open" && t.userId === u.id);
    return {
      id: u.id,
      name: u.name,
      online: !!u.online,
      open: mine.length,
      oldestMinutes: mine.reduce((m, t) => Math.max(m, t.ageMinutes), 0),
      tickets: mine,
    };
  });
  const waiting = new Map<number, UsersMomentsPanel["queues"][number]>();
  for (const t of list.filter((x) => x.status === "pending")) {
    const k = t.queueId ?? 0;
    const w = waiting.get(k) ?? { queue: t.queue, pending: 0, oldestMinutes: 0 };
    w.pending++;
    w.oldestMinutes = Math.max(w.oldestMinutes, t.ageMinutes);
    waiting.set(k, w);
  }
  return { users, queues: [...waiting.values()] };
}
