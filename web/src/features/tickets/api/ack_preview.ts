/**
 * The list preview's tick follows its message's ack: an ack update of a ticket's last
 * message patches that ticket wherever a list shows it.
 */
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { ticketKeys } from "./keys.ts";
import type { MessageDTO as Message } from "@contract/messages.ts";
import type { ListedTicket as Ticket, TicketPage } from "@contract/tickets.ts";

type Lists = InfiniteData<TicketPage, number>;

export function patchPreviewAck(qc: QueryClient, m: Message) {
  const hit = (t: Ticket) => t.id === m.ticketId && t.lastMessageId === m.id && t.lastMessageAck !== m.ack;
  qc.setQueriesData<Lists>({ queryKey: ticketKeys.lists() }, (data) => {
    if (!data || !data.pages.some((p) => p.tickets.some(hit))) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        tickets: p.tickets.map((t) => (hit(t) ? { ...t, lastMessageAck: m.ack } : t)),
      })),
    };
  });
  qc.setQueriesData<Ticket>(
    { queryKey: ticketKeys.details() },
    (d) => d && hit(d) ? { ...d, lastMessageAck: m.ack } : d,
  );
}
