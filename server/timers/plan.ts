/**
 * Which timers a ticket should have in its current state, and after how many minutes of quiet
 * (spec 2 §3 connection fields; reference §5). Handlers measure quiet from the ticket's last
 * message when they fire, so a message that arrives after arming pushes the timer on instead of
 * being raced.
 */
import type { TicketTimerKind } from "@db/schema.ts";
import type { ConnectionRow } from "../connections/repo.ts";
import type { TicketRow } from "../tickets/repo.ts";

export type QueueTimerFields = { ativarRoteador: boolean; tempoRoteador: number } | null;
export type TimerPlan = Partial<Record<TicketTimerKind, number>>;

type PlanTicket = Pick<
  TicketRow,
  "status" | "queueId" | "userId" | "imported" | "sendInactiveMessage" | "isGroup"
>;

export const ALL_KINDS: readonly TicketTimerKind[] = [
  "autoClose",
  "inactive",
  "npsExpiry",
  "redirect",
  "rotation",
  "stale",
];

export function planFor(
  t: PlanTicket,
  conn: ConnectionRow,
  queue: QueueTimerFields,
  staleHours: number,
): TimerPlan {
  const p: TimerPlan = {};
  if (t.imported) return p;
  const inactive = conn.timeInactiveMessage > 0 && !!conn.inactiveMessage?.trim() && !t.sendInactiveMessage;
  if (t.status === "open") {
    // The inactivity notice comes first; the close follows expiresTicket after it.
    if (conn.expiresTicket > 0) p.autoClose = conn.expiresTicket + (inactive ? conn.timeInactiveMessage : 0);
    if (inactive && conn.expiresTicket > 0) p.inactive = conn.timeInactiveMessage;
  }
  if (t.status === "nps" && conn.expiresTicketNPS > 0) p.npsExpiry = conn.expiresTicketNPS;
  if (t.status === "pending" && !t.queueId && !t.userId && conn.timeSendQueue > 0 && conn.sendIdQueue) {
    p.redirect = conn.timeSendQueue;
  }
  if (t.status === "pending" && t.queueId && queue?.ativarRoteador && queue.tempoRoteador > 0) {
    p.rotation = queue.tempoRoteador;
  }
  // The 24-hour close applies where the connection sets no expiry of its own.
  if ((t.status === "open" || t.status === "pending") && staleHours > 0 && !(conn.expiresTicket > 0)) {
    p.stale = Math.round(staleHours * 60);
  }
  return p;
}
