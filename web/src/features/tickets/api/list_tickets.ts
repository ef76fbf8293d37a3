import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { ticketKeys } from "./keys.ts";
import type { TicketPage } from "@contract/tickets.ts";
import type { ListFilters } from "./list_filters.ts";

export const SEARCH_MIN_LENGTH = 3;

const list = (xs: number[] | string[]) => (xs.length ? JSON.stringify(xs) : undefined);

/** GET /tickets for one list: the tab's status, or the search (which ignores the status). */
export function fetchTickets(f: ListFilters, pageNumber: number): Promise<TicketPage> {
  const searching = f.tab === "search";
  return api.get<TicketPage>("/tickets", {
    pageNumber,
    status: searching ? undefined : f.tab,
    searchParam: searching ? f.search : undefined,
    searchOnMessages: searching && f.searchOnMessages ? true : undefined,
    showAll: f.showAll,
    queueIds: list(f.queueIds),
    tags: list(f.tags),
    users: list(f.users),
    whatsapps: list(f.whatsapps),
    statusFilter: list(f.statusFilter),
    startDate: f.startDate || undefined,
    endDate: f.endDate || undefined,
    sortTickets: f.sortTickets,
  });
}

export function useTicketList(f: ListFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: ticketKeys.list(f),
    queryFn: ({ pageParam }) => fetchTickets(f, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    enabled: enabled && (f.tab !== "search" || f.search.length >= SEARCH_MIN_LENGTH),
    staleTime: 60_000,
  });
}

/** The bell: tickets with unread messages that are the user's to answer. */
export function useUnreadTickets(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.unread(),
    queryFn: () => api.get<TicketPage>("/tickets", { withUnreadMessages: true, pageNumber: 1 }),
    enabled,
    staleTime: 60_000,
  });
}

/** True when the list has only the tab, queues and show-all: socket events can patch it in place. */
export function isPatchable(f: ListFilters): boolean {
  return f.tab !== "search" && !f.tags.length && !f.users.length && !f.whatsapps.length &&
    !f.statusFilter.length && !f.startDate && !f.endDate;
}
