/**
 * Waiting customers are impossible to miss: a ticket that becomes pending (new, or returned to
 * its queue) and that this user may take rings the chime (at the top bar's volume) and, while the
 * tab is in the background, raises a desktop notification; the waiting count joins the unread
 * count in the bell and the tab title. The socket only brings tickets the user may see, so every
 * pending ticket that arrives is one the user can take.
 */
import { useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { useRealtimeEvent } from "../../lib/realtime.ts";
import { playNotificationSound } from "../../lib/sound.ts";
import type { ListedTicket as Ticket, TicketPage } from "@contract/tickets.ts";
import { inBackground, notifyDesktop } from "./desktop.ts";

export const waitingKey = ["tickets", "waiting"] as const;

type TicketEvent = { action: "update" | "delete" | "create"; ticket?: Ticket; ticketId?: number };
type MessageEvent = {
  action: string;
  message?: { fromMe: boolean; isPrivate: boolean; body: string };
  ticket?: Ticket;
};

export function useWaitingTickets(enabled: boolean) {
  return useQuery({
    queryKey: waitingKey,
    queryFn: () => api.get<TicketPage>("/tickets", { status: "pending", pageNumber: 1 }),
    enabled,
    staleTime: 60_000,
  });
}

export function useWaitingAlerts(companyId: number, meId: number, enabled: boolean) {
  const { t } = useTranslation("attend");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const waiting = useWaitingTickets(enabled);
  // Ids already known to be waiting: only a ticket that newly becomes pending alerts.
  const known = useRef<Set<number> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (waiting.data) {
      known.current ??= new Set();
      for (const tk of waiting.data.tickets) known.current.add(tk.id);
    }
  }, [waiting.data]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => qc.invalidateQueries({ queryKey: waitingKey }), 250);
  };

  useRealtimeEvent(enabled ? `company-${companyId}-ticket` : null, (e: TicketEvent) => {
    const tk = e.ticket;
    if (tk && tk.status === "pending" && known.current && !known.current.has(tk.id)) {
      known.current.add(tk.id);
      playNotificationSound();
      if (inBackground()) {
        notifyDesktop({
          title: t("notify.newWaiting"),
          body: [tk.contact?.name, tk.lastMessage].filter(Boolean).join(": "),
          tag: `ticket-${tk.id}`,
          icon: tk.contact?.urlPicture ?? undefined,
          onClick: () => navigate(`/tickets/${tk.uuid}`),
        });
      }
    } else if (tk && tk.status !== "pending") known.current?.delete(tk.id);
    if (e.action === "delete" && e.ticketId) known.current?.delete(e.ticketId);
    refresh();
  });

  // A customer writing on one of my open tickets while I am in another tab.
  useRealtimeEvent(enabled ? `company-${companyId}-appMessage` : null, (e: MessageEvent) => {
    const m = e.message;
    const tk = e.ticket;
    if (e.action !== "create" || !m || !tk || m.fromMe || m.isPrivate) return;
    if (tk.userId !== meId || tk.status !== "open" || !inBackground()) return;
    notifyDesktop({
      title: tk.contact?.name ?? t("notify.newMessage"),
      body: m.body || t("notify.newMessage"),
      tag: `ticket-${tk.id}`,
      icon: tk.contact?.urlPicture ?? undefined,
      onClick: () => navigate(`/tickets/${tk.uuid}`),
    });
  });

  return waiting;
}

/**
 * The bell and tab-title count: unread tickets plus waiting ones, each ticket once (the bell's
 * unread list already holds waiting tickets when showNotificationPending is on).
 */
export function useAttentionCount(
  unread: { tickets: Ticket[]; count: number } | undefined,
  waiting: TicketPage | undefined,
) {
  return useMemo(() => {
    const u = unread?.count ?? 0;
    const w = waiting?.count ?? 0;
    const unreadIds = new Set((unread?.tickets ?? []).map((x) => x.id));
    const both = (waiting?.tickets ?? []).filter((x) => unreadIds.has(x.id)).length;
    return Math.max(0, u + w - both);
  }, [unread, waiting]);
}
