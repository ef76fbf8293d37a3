import { type DragEvent, type KeyboardEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Columns3, Filter, GripVertical, Search } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ChannelIcon } from "../../../components/ui/channel_icon.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { canSeeDashboard, isAdmin } from "../../../lib/permissions.ts";
import { toastError } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { useQueueOptions } from "../../../lib/lookups.ts";
import { CheckList } from "../../../components/ui/multi_select.tsx";
import { cut, listTime } from "../../../lib/format.ts";
import { moveId, useReorderLanes, useTagList } from "../../tags/index.ts";
import { type BoardFilters, kanbanKeys, moveCard, today, useBoard, useBoardLive } from "../api/kanban.ts";

type Lane = { id: number | null; name: string; color: string };

function Card(
  { ticket, onKey, onDragStart, lanes, laneId, onMove }: {
    ticket: Ticket;
    onKey: (e: KeyboardEvent) => void;
    onDragStart: (e: DragEvent) => void;
    lanes: Lane[];
    laneId: number | null;
    onMove: (to: number | null) => void;
  },
) {
  const { t } = useTranslation("workspace");
  const navigate = useNavigate();
  const open = () => navigate(`/tickets/${ticket.uuid}`);
  return (
    <li
      draggable
      tabIndex={0}
      onDragStart={onDragStart}
      onKeyDown={(e) => e.key === "Enter" && e.target === e.currentTarget ? open() : onKey(e)}
      // A click anywhere on the card opens its ticket (the move select keeps its own clicks).
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest("select, a")) open();
      }}
      aria-label={t("kanban.cardLabel", { name: ticket.contact?.name ?? "" })}
      aria-keyshortcuts="ArrowLeft ArrowRight"
      data-testid={`kanban-card-${ticket.id}`}
      className="cursor-grab rounded-lg border border-line bg-surface p-3 shadow-xs outline-none focus-visible:ring-3 focus-visible:ring-primary/40 active:cursor-grabbing"
    >
      <div className="flex items-center gap-2">
        <ChannelIcon channel={ticket.whatsapp?.channel ?? ticket.channel} />
        <Link
          to={`/tickets/${ticket.uuid}`}
          className="min-w-0 flex-1 truncate text-sm font-semibold text-ink hover:underline"
          draggable={false}
        >
          {ticket.contact?.name}
        </Link>
        {ticket.unreadMessages > 0 && (
          <span className="flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-bold text-primary-fg">
            {ticket.unreadMessages}
          </span>
        )}
      </div>
      <p className="mt-0.5 truncate text-xs text-ink-subtle tabular-nums">{ticket.contact?.number}</p>
      <p className="mt-1.5 line-clamp-2 text-xs break-words text-ink-muted">{cut(ticket.lastMessage, 80)}</p>
      <div className="mt-2 flex items-center gap-2 text-[11px] text-ink-subtle">
        <span className="min-w-0 flex-1 truncate">
          {[ticket.whatsapp?.name, ticket.user?.name].filter(Boolean).join(" · ")}
        </span>
        <span className="shrink-0 tabular-nums">{listTime(ticket.updatedAt)}</span>
      </div>
      {/* Touch screens cannot drag: a "move to" select instead. */}
      <select
        className="mt-2 h-8 w-full rounded-md border border-line bg-surface px-2 text-xs text-ink md:hidden"
        aria-label={t("kanban.moveTo")}
        value={laneId ?? ""}
        onChange={(e) => onMove(e.target.value ? Number(e.target.value) : null)}
        data-testid={`kanban-move-${ticket.id}`}
      >
        {lanes.map((l) => <option key={l.id ?? "default"} value={l.id ?? ""}>{l.name}</option>)}
      </select>
    </li>
  );
}

/**
 * /kanban: one column per kanban lane plus the default column ("open"); cards move by drag and
 * drop or, focused, with the arrow keys. Date range (both today by default) and queue filters.
 */
export function KanbanBoard() {
  const { t } = useTranslation("workspace");
  const me = useCurrentUser();
  const qc = useQueryClient();
  const day = today();
  const [draft, setDraft] = useState<BoardFilters>({ startDate: day, endDate: day, queueIds: [] });
  const [filters, setFilters] = useState<BoardFilters>(draft);
  const [over, setOver] = useState<number | null | undefined>(undefined);
  const board = useBoard(filters);
  const lanesQ = useTagList(1);
  const reorder = useReorderLanes();
  const canOrder = isAdmin(me);
  const queues = useQueueOptions();
  useBoardLive(me.companyId);

  const lanes: Lane[] = [
    { id: null, name: t("kanban.defaultLane"), color: "#64748b" },
    ...(lanesQ.data ?? []).map((l) => ({ id: l.id, name: l.name, color: l.color })),
  ];
  const laneIds = new Set(lanes.map((l) => l.id));
  const laneOf = (tk: Ticket) => tk.tags.find((x) => laneIds.has(x.id))?.id ?? null;
  const tickets = board.data ?? [];

  const move = async (ticket: Ticket, to: number | null) => {
    const from = laneOf(ticket);
    if (from === to) return;
    const key = kanbanKeys.board(filters);
    const lane = lanesQ.data?.find((l) => l.id === to);
    // Optimistic: the card jumps at once; the ticket event then reloads the board.
    qc.setQueryData<Ticket[]>(key, (old) =>
      old?.map((x) =>
        x.id !== ticket.id ? x : {
          ...x,
          tags: [
            ...x.tags.filter((g) => !laneIds.has(g.id)),
            ...(lane ? [{ id: lane.id, name: lane.name, color: lane.color }] : []),
          ],
        }
      ));
    try {
      await moveCard(ticket, from, to);
    } catch (err) {
      toastError(err);
    } finally {
      qc.invalidateQueries({ queryKey: kanbanKeys.all });
    }
  };

  const laneOrder = (lanesQ.data ?? []).map((l) => l.id);
  const placeLane = (id: number, to: number) => {
    const ids = moveId(laneOrder, id, to);
    if (ids.join() !== laneOrder.join()) reorder.mutate(ids, { onError: (err) => toastError(err) });
  };

  const onDrop = (e: DragEvent, to: number | null) => {
    e.preventDefault();
    setOver(undefined);
    const laneId = Number(e.dataTransfer.getData("text/x-lane"));
    if (laneId) {
      // Dropped on the default column: first place; else the target lane's place.
      return placeLane(laneId, to === null ? 0 : laneOrder.indexOf(to));
    }
    const id = Number(e.dataTransfer.getData("text/x-ticket"));
    const ticket = tickets.find((x) => x.id === id);
    if (ticket) move(ticket, to);
  };
  const onKey = (ticket: Ticket) => (e: KeyboardEvent) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const i = lanes.findIndex((l) => l.id === laneOf(ticket));
    const j = i + (e.key === "ArrowRight" ? 1 : -1);
    if (j < 0 || j >= lanes.length) return;
    move(ticket, lanes[j].id).then(() =>
      requestAnimationFrame(() =>
        (document.querySelector(`[data-testid="kanban-card-${ticket.id}"]`) as HTMLElement | null)?.focus()
      )
    );
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-4" data-testid="page-kanban">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink">{t("kanban.title")}</h1>
          <p className="text-sm text-ink-muted">{t("kanban.description")}</p>
        </div>
        {canSeeDashboard(me) && (
          <Button asChild variant="secondary" data-testid="kanban-lanes-link">
            <Link to="/TagsKanban">
              <Columns3 className="size-4" />
              {t("kanban.addColumns")}
            </Link>
          </Button>
        )}
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => (e.preventDefault(), setFilters(draft))}
      >
        <label className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
          {t("kanban.startDate")}
          <Input
            type="date"
            value={draft.startDate}
            onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
            className="w-40"
            data-testid="kanban-start"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
          {t("kanban.endDate")}
          <Input
            type="date"
            value={draft.endDate}
            onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
            className="w-40"
            data-testid="kanban-end"
          />
        </label>
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="secondary" type="button" data-testid="kanban-queues">
              <Filter className="size-4" />
              {draft.queueIds.length
                ? t("kanban.queuesN", { count: draft.queueIds.length })
                : t("kanban.allQueues")}
            </Button>
          </PopoverTrigger>
          <PopoverContent align="start" className="w-64 p-3">
            <CheckList
              options={(queues.data ?? []).map((q) => ({ value: q.id, label: q.name, color: q.color }))}
              value={draft.queueIds}
              onChange={(v) => setDraft({ ...draft, queueIds: v as number[] })}
              empty={t("kanban.noQueues")}
            />
          </PopoverContent>
        </Popover>
        <Button type="submit" data-testid="kanban-search">
          <Search className="size-4" />
          {t("kanban.search")}
        </Button>
      </form>
      <p className="sr-only">{t("kanban.keyboardHint")}</p>
      <div className="-mx-4 flex min-h-[60vh] flex-1 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {lanes.map((lane) => {
          const cards = tickets.filter((x) => laneOf(x) === lane.id);
          return (
            <section
              key={lane.id ?? "default"}
              data-testid={`kanban-lane-${lane.id ?? "default"}`}
              aria-label={lane.name}
              onDragOver={(e) => (e.preventDefault(), setOver(lane.id))}
              onDragLeave={() => setOver(undefined)}
              onDrop={(e) => onDrop(e, lane.id)}
              className={cn(
                "flex w-72 shrink-0 flex-col rounded-xl border border-line bg-surface-2/60",
                over === lane.id && "ring-2 ring-primary",
              )}
            >
              <header
                className="flex items-center gap-2 border-b border-line px-3 py-2.5"
                draggable={canOrder && lane.id !== null}
                onDragStart={(e) => {
                  if (lane.id === null) return;
                  e.dataTransfer.setData("text/x-lane", String(lane.id));
                  e.dataTransfer.effectAllowed = "move";
                }}
                data-testid={`kanban-lane-head-${lane.id ?? "default"}`}
              >
                {canOrder && lane.id !== null && (
                  <button
                    type="button"
                    className="-ml-1 cursor-grab rounded text-ink-subtle outline-none hover:text-ink focus-visible:ring-3 focus-visible:ring-primary/40"
                    aria-label={t("kanban.laneHandle", { name: lane.name })}
                    aria-keyshortcuts="ArrowLeft ArrowRight"
                    data-testid={`kanban-lane-grip-${lane.id}`}
                    onKeyDown={(e) => {
                      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
                      e.preventDefault();
                      const i = laneOrder.indexOf(lane.id!);
                      placeLane(lane.id!, i + (e.key === "ArrowRight" ? 1 : -1));
                    }}
                  >
                    <GripVertical className="size-4" />
                  </button>
                )}
                <span className="size-2.5 rounded-full" style={{ backgroundColor: lane.color }} />
                <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{lane.name}</h2>
                <span className="rounded-full bg-surface px-2 text-xs text-ink-muted tabular-nums">
                  {cards.length}
                </span>
              </header>
              <ul className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto p-2">
                {cards.map((ticket) => (
                  <Card
                    key={ticket.id}
                    ticket={ticket}
                    onKey={onKey(ticket)}
                    lanes={lanes}
                    laneId={lane.id}
                    onMove={(to) => move(ticket, to)}
                    onDragStart={(e) => {
                      e.dataTransfer.setData("text/x-ticket", String(ticket.id));
                      e.dataTransfer.effectAllowed = "move";
                    }}
                  />
                ))}
                {!cards.length && (
                  <li className="px-2 py-6 text-center text-xs text-ink-subtle">{t("kanban.emptyLane")}</li>
                )}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
