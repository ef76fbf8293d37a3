/** Lists the inbox needs for its selectors and dialogs. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { ticketKeys } from "./keys.ts";
import { lookupKeys } from "../../../lib/lookups.ts";
import type { ContactDTO as ContactDetail } from "@contract/contacts.ts";
import type { QuickMessageDTO as QuickAnswer } from "@contract/quick_messages.ts";
import type { TicketLogEntry, TicketNote } from "@contract/tickets.ts";

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
