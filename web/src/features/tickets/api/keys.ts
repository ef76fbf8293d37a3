import type { ListFilters } from "./list_filters.ts";

/** One key factory for every inbox query, so mutations and socket events reach them all. */
export const ticketKeys = {
  all: ["tickets"] as const,
  lists: () => [...ticketKeys.all, "list"] as const,
  list: (f: ListFilters) => [...ticketKeys.lists(), f] as const,
  unread: () => [...ticketKeys.all, "unread"] as const,
  details: () => [...ticketKeys.all, "detail"] as const,
  detail: (idOrUuid: string) => [...ticketKeys.details(), idOrUuid] as const,
  messages: (uuid: string) => [...ticketKeys.all, "messages", uuid] as const,
  log: (id: number) => [...ticketKeys.all, "log", id] as const,
  notes: (ticketId: number) => [...ticketKeys.all, "notes", ticketId] as const,
  contact: (id: number) => [...ticketKeys.all, "contact", id] as const,
};
