/** GET /contacts/{id}/tickets: the contact page's conversations. */
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";

export type ContactTicket = Ticket & {
  messageCount: number;
  closedAt: string | null;
  closedBy: { id: number; name: string } | null;
};

export const useContactTickets = (contactId: number) =>
  useQuery({
    queryKey: ["contacts", contactId, "tickets"],
    queryFn: () => api.get<ContactTicket[]>(`/contacts/${contactId}/tickets`),
  });
