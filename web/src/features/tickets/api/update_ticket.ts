import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api.ts";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { ticketKeys } from "./keys.ts";
import { applyTicket, removeTicket } from "./cache.ts";
import type { ListedTicket as Ticket, TicketStatus } from "@contract/tickets.ts";

export type TicketUpdate = {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  sendFarewellMessage?: boolean;
  amountUsedBotQueues?: number;
  msgTransfer?: string;
  isTransfered?: boolean;
  /** The conversation's integration switch. */
  useIntegration?: boolean;
};

/** PUT /tickets/{id}: accept, return, resolve, ignore, reopen, transfer, the bot switch. The answer patches every cache. */
export function useUpdateTicket() {
  const qc = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: TicketUpdate }) => api.put<Ticket>(`/tickets/${id}`, data),
    onSuccess: (ticket) => {
      applyTicket(qc, ticket, me.id);
      qc.invalidateQueries({ queryKey: ticketKeys.unread() });
    },
  });
}

export function useDeleteTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/tickets/${id}`),
    onSuccess: (_r, id) => removeTicket(qc, id),
  });
}

export type NewTicketInput = { contactId: number; queueId: number; whatsappId: number };

export function useCreateTicket() {
  const qc = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: (input: NewTicketInput) => api.post<Ticket>("/tickets", { ...input, status: "open" }),
    onSuccess: (ticket) => applyTicket(qc, ticket, me.id),
  });
}

export function useCloseAll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: "open" | "pending" | "group"; selectedQueueIds: number[] }) =>
      api.post<{ closed: number }>("/tickets/closeAll", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** The body of ERR_OTHER_OPEN_TICKET: a JSON string in `message` naming who holds the ticket. */
export type OpenTicketInfo = {
  id?: number;
  userId: number | null;
  user: { name: string } | null;
  queue: { name: string } | null;
  uuid: string;
  status: string;
};

export function otherOpenTicket(err: unknown): OpenTicketInfo | null {
  if (!(err instanceof ApiError) || err.code !== "ERR_OTHER_OPEN_TICKET") return null;
  try {
    return JSON.parse(err.message) as OpenTicketInfo;
  } catch {
    return (err.details as OpenTicketInfo) ?? null;
  }
}
