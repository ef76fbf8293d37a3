/**
 * Who may see a ticket. Shared by the socket fan-out and the ticket queries so the screen and
 * the live stream never disagree (DESIGN §6).
 */
import type { TicketScope, Viewer } from "../lib/actor.ts";

export type { TicketScope, Viewer };

export function canViewTicket(v: Viewer, t: TicketScope): boolean {
  if (v.profile === "admin") return true;
  if (t.userId === v.userId) return true;
  if (t.isGroup && !v.allowGroup) return false;
  const inScope = t.queueId == null ? v.allTicket === "enabled" : v.queueIds.includes(t.queueId);
  if (!inScope) return false;
  // Inside the viewer's queues: waiting and group tickets are everyone's; tickets held by another
  // attendant only for users allowed to see other users' conversations.
  if (t.userId == null || t.status === "pending" || t.status === "group" || t.isGroup) return true;
  return v.allUserChat === "enabled";
}
