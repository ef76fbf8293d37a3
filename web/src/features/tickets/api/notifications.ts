import { useMemo } from "react";
import { useUnreadTickets } from "./list_tickets.ts";
import { useInboxLive } from "./live.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";

/**
 * The inbox's share of the shell: socket wiring for the whole private area and the unread
 * tickets behind the bell and the tab title.
 */
export function useInboxNotifications(companyId: number, meId: number, enabled: boolean) {
  useInboxLive(companyId, meId);
  const unread = useUnreadTickets(enabled);
  const tickets: Ticket[] = useMemo(() => unread.data?.tickets ?? [], [unread.data]);
  return { tickets, count: unread.data?.count ?? 0 };
}
