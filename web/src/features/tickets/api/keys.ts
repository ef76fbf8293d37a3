import type { ListFilters } from "./types.ts";

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

export const lookupKeys = {
  queues: ["queues"] as const,
  connections: ["connections"] as const,
  tags: ["tags", "all"] as const,
  quickAnswers: ["quick-messages", "usable"] as const,
  users: (search: string) => ["users", "search", search] as const,
  contacts: (search: string) => ["contacts", "search", search] as const,
};
