/** What the attendant's ticket list is filtered by: screen state, sent as GET /tickets' query. */
import type { TicketStatus } from "@contract/tickets.ts";

/** The list the attendant looks at: a status tab, the closed view, or the search results. */
export type ListTab = "open" | "pending" | "group" | "closed" | "search";

export type ListFilters = {
  tab: ListTab;
  showAll: boolean;
  queueIds: number[];
  search: string;
  searchOnMessages: boolean;
  tags: number[];
  users: number[];
  whatsapps: number[];
  statusFilter: TicketStatus[];
  startDate: string;
  endDate: string;
  sortTickets: "DESC" | "ASC";
};
