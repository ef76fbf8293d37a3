/** The kanban board (spec 2 §2, §4, §7): GET /ticket/kanban, lanes from GET /tags/list?kanban=1. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { todayKey } from "../../../lib/dates.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { addTicketTag, removeTicketTag } from "../../tags/index.ts";

export type BoardFilters = { startDate: string; endDate: string; queueIds: number[] };

/** Today in the display zone (the server reads the dates in the same zone). */
export const today = (): string => todayKey();

export const kanbanKeys = {
  all: ["kanban"] as const,
  board: (f: BoardFilters) => ["kanban", "board", f] as const,
};

/** A failed load shows an empty board (spec 2 §4). */
export function useBoard(f: BoardFilters) {
  return useQuery({
    queryKey: kanbanKeys.board(f),
    queryFn: () =>
      api.get<{ tickets: Ticket[] }>("/ticket/kanban", {
        startDate: f.startDate,
        endDate: f.endDate,
        queueIds: f.queueIds.length ? JSON.stringify(f.queueIds) : undefined,
      }).then((r) => r.tickets).catch(() => [] as Ticket[]),
  });
}

/** The board reloads on ticket and message events. */
export function useBoardLive(companyId: number) {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: kanbanKeys.all });
  useRealtimeEvent(`company-${companyId}-ticket`, reload);
  useRealtimeEvent(`company-${companyId}-appMessage`, reload);
  useRealtimeEvent(`company-${companyId}-tag`, () => qc.invalidateQueries({ queryKey: ["tags"] }));
}

/** Moves a card: into a lane (the server replaces the old lane) or back to the default column. */
export async function moveCard(ticket: Ticket, fromLaneId: number | null, toLaneId: number | null) {
  if (toLaneId === fromLaneId) return;
  if (toLaneId === null) {
    if (fromLaneId !== null) await removeTicketTag(ticket.id, fromLaneId);
  } else await addTicketTag(ticket.id, toLaneId);
}
