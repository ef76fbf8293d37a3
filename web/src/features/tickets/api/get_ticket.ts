import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { ticketKeys } from "./keys.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";

const NUMERIC = /^\d+$/;

/** /tickets/{id} or /tickets/{uuid}: by uuid the server also marks the conversation read. */
export function fetchTicket(idOrUuid: string): Promise<Ticket> {
  return NUMERIC.test(idOrUuid)
    ? api.get<Ticket>(`/tickets/${idOrUuid}`)
    : api.get<Ticket>(`/tickets/u/${encodeURIComponent(idOrUuid)}`);
}

export function useTicket(idOrUuid: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.detail(idOrUuid ?? ""),
    queryFn: () => fetchTicket(idOrUuid!),
    enabled: !!idOrUuid && idOrUuid !== "undefined",
    staleTime: 0,
  });
}
