/** Lists the inbox needs for its selectors and dialogs. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { Connection, Queue, User } from "../../../lib/types.ts";
import { lookupKeys, ticketKeys } from "./keys.ts";
import type { ContactDetail, QuickAnswer, TagRef, TicketLogEntry, TicketNote } from "./types.ts";

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

export const useQuickAnswers = (enabled: boolean) =>
  useQuery({
    queryKey: lookupKeys.quickAnswers,
    queryFn: () => api.get<QuickAnswer[]>("/quick-messages/list"),
    enabled,
    staleTime: 60_000,
  });

export const useTicketLog = (ticketId: number, enabled: boolean) =>
  useQuery({
    queryKey: ticketKeys.log(ticketId),
    queryFn: () => api.get<TicketLogEntry[]>(`/tickets-log/${ticketId}`),
    enabled,
  });

export const useTicketNotes = (ticketId: number, contactId: number) =>
  useQuery({
    queryKey: ticketKeys.notes(ticketId),
    queryFn: () => api.get<TicketNote[]>("/ticket-notes/list", { ticketId, contactId }),
  });

export const addTicketNote = (input: { note: string; ticketId: number; contactId: number }) =>
  api.post<TicketNote>("/ticket-notes", input);

export const useContactDetail = (id: number) =>
  useQuery({ queryKey: ticketKeys.contact(id), queryFn: () => api.get<ContactDetail>(`/contacts/${id}`) });

export const setContactBlocked = (id: number, blocked: boolean) =>
  api.put<ContactDetail>(`/contacts/block/${id}`, { active: !blocked });

export const setAcceptAudio = (id: number, acceptAudioMessage: boolean) =>
  api.put<ContactDetail>(`/contacts/toggleAcceptAudio/${id}`, { acceptAudioMessage });

export const setTicketTag = (ticketId: number, tagId: number) => api.put(`/ticket-tags/${ticketId}/${tagId}`);

/** PUT /users/toggleChangeWidht/{userId}: the saved list width (never under 404). */
export const TICKETS_MIN_SAVED_WIDTH = 404;
export function useSaveListWidth(userId: number) {
  return useMutation({
    mutationFn: (width: number) =>
      api.put(`/users/toggleChangeWidht/${userId}`, {
        defaultTicketsManagerWidth: Math.max(TICKETS_MIN_SAVED_WIDTH, Math.round(width)),
      }),
  });
}
