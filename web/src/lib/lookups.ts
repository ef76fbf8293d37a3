/**
 * The lists several screens pick from (queues, connections, tags, colleagues, contacts), one
 * cached query each under one key factory, so a mutation or socket event reaches every picker.
 */
import { useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";
import type { QueueRef as Queue, TagRef } from "@contract/common.ts";
import type { ConnectionSummary as Connection } from "@contract/connections.ts";
import type { UserDTO as User } from "@contract/users.ts";

export const lookupKeys = {
  queues: ["queues"] as const,
  connections: ["connections"] as const,
  tags: ["tags", "all"] as const,
  quickAnswers: ["quick-messages", "usable"] as const,
  users: (search: string) => ["users", "search", search] as const,
  contacts: (search: string) => ["contacts", "search", search] as const,
};

export const useQueueOptions = () =>
  useQuery({ queryKey: lookupKeys.queues, queryFn: () => api.get<Queue[]>("/queue"), staleTime: 300_000 });

export const useConnectionOptions = () =>
  useQuery({
    queryKey: lookupKeys.connections,
    queryFn: () => api.get<Connection[]>("/whatsapp"),
    staleTime: 300_000,
  });

export const useTagOptions = () =>
  useQuery({ queryKey: lookupKeys.tags, queryFn: () => api.get<TagRef[]>("/tags/list"), staleTime: 60_000 });

/** Colleagues for the transfer and user filters (GET /users, searched from 3 characters). */
export const useUserSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: lookupKeys.users(search),
    queryFn: () => api.get<{ users: User[] }>("/users", { searchParam: search, pageNumber: 1 }),
    enabled,
    staleTime: 30_000,
  });

export type ContactOption = {
  id: number;
  name: string;
  number: string;
  urlPicture?: string | null;
  email?: string | null;
};

export const useContactSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: lookupKeys.contacts(search),
    queryFn: () =>
      api.get<{ contacts: ContactOption[] }>("/contacts", { searchParam: search, pageNumber: 1 }),
    enabled,
    staleTime: 10_000,
  });

/**
 * Contacts found by `search`, shaped as the person picker lists them (the number on the second
 * line): the new-ticket, forward and contact-card dialogs pick a contact the same way.
 */
export const useContactPeople = (search: string, enabled: boolean) => {
  const q = useContactSearch(search, enabled);
  return {
    data: (q.data?.contacts ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      sub: c.number,
      picture: c.urlPicture,
      number: c.number,
      email: c.email ?? null,
    })),
    loading: q.isFetching,
  };
};
