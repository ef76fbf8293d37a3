/**
 * The inbox over the socket: `company-{id}-ticket` moves tickets between lists,
 * `company-{id}-appMessage` appends to the open conversation and rings the bell. Mounted once for
 * the whole private area so the bell and the tab title stay live on every page.
 */
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { realtime, useRealtimeEvent } from "../../../lib/realtime.ts";
import { playNotificationSound } from "../../../lib/sound.ts";
import { ticketKeys } from "./keys.ts";
import { appendMessage, applyTicket, removeTicket, replaceMessage } from "./cache.ts";
import type { MessageDTO as Message } from "@contract/messages.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { patchPreviewAck } from "./ack_preview.ts";

type TicketEvent = { action: "update" | "delete" | "create"; ticket?: Ticket; ticketId?: number };
type MessageEvent = {
  action: "create" | "update" | "delete";
  message?: Message;
  ticket?: Ticket;
  messageId?: number;
};

/** The conversation on screen, so its own messages do not ring. */
let openTicketId: number | null = null;
export function setOpenTicket(id: number | null) {
  openTicketId = id;
}

export function useInboxLive(companyId: number, meId: number) {
  const qc = useQueryClient();
  const unreadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshUnread = () => {
    clearTimeout(unreadTimer.current);
    unreadTimer.current = setTimeout(() => qc.invalidateQueries({ queryKey: ticketKeys.unread() }), 250);
  };

  useRealtimeEvent(`company-${companyId}-ticket`, (e: TicketEvent) => {
    if (e.action === "delete" && e.ticketId) removeTicket(qc, e.ticketId);
    else if (e.ticket) applyTicket(qc, e.ticket, meId);
    refreshUnread();
  });

  useRealtimeEvent(`company-${companyId}-appMessage`, (e: MessageEvent) => {
    if (e.action === "create" && e.message && e.ticket) {
      appendMessage(qc, e.ticket.uuid, e.message);
      applyTicket(qc, e.ticket, meId);
      const m = e.message;
      const mineToAnswer = e.ticket.userId === meId || e.ticket.status === "pending" ||
        e.ticket.status === "group";
      const watching = openTicketId === e.ticket.id && document.visibilityState === "visible";
      if (!m.fromMe && !m.isPrivate && mineToAnswer && !watching) playNotificationSound();
      refreshUnread();
    } else if (e.action === "update" && e.message) {
      replaceMessage(qc, e.message);
      patchPreviewAck(qc, e.message);
    } else if (e.action === "delete") qc.invalidateQueries({ queryKey: [...ticketKeys.all, "messages"] });
  });

  useEffect(() => () => clearTimeout(unreadTimer.current), []);
}

/**
 * Joins the ticket's room while its conversation is open; while it is also `shown` (a phone's list
 * tab hides it, still mounted) its customer's messages do not ring.
 */
export function useTicketRoom(ticketId: number | undefined, shown = true) {
  useEffect(() => {
    if (!ticketId) return;
    const key = `ticket:${ticketId}`;
    realtime.join(key, { type: "joinChatBox", ticketId });
    return () => realtime.leave(key, { type: "joinChatBoxLeave", ticketId });
  }, [ticketId]);
  useEffect(() => {
    if (!ticketId || !shown) return;
    setOpenTicket(ticketId);
    return () => setOpenTicket(null);
  }, [ticketId, shown]);
}
