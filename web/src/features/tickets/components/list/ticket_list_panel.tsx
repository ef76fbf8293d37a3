import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Search, X } from "lucide-react";
import { ConfirmDialog } from "../../../../components/ui/confirm_dialog.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../../../components/ui/tabs.tsx";
import { useCurrentUser } from "../../../../lib/auth.tsx";
import { can, isAdmin } from "../../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../../lib/toast.ts";
import { useDebouncedValue } from "../../../../lib/use_debounce.ts";
import { cn } from "../../../../lib/utils.ts";
import { SEARCH_MIN_LENGTH, useTicketList } from "../../api/list_tickets.ts";
import { useCloseAll } from "../../api/update_ticket.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import type { ListFilters, ListTab } from "../../api/list_filters.ts";
import { TicketFilters } from "./ticket_filters.tsx";
import { TicketList } from "./ticket_list.tsx";
import { TicketToolbar } from "./ticket_toolbar.tsx";
import { searchWords } from "../wa_text.tsx";

type Base = Omit<ListFilters, "tab" | "search" | "searchOnMessages">;
type Props = {
  selectedId: number | null;
  /** `query`: a search result opens scrolled to its matching message (`?msg=…&q=…`). */
  onOpen: (t: Ticket, query?: string) => void;
  onAccept: (t: Ticket) => void;
  onNewTicket: () => void;
};

function CountBadge({ n, active }: { n: number | undefined; active: boolean }) {
  if (!n) return null;
  return (
    <span
      className={cn(
        "rounded-full px-1.5 py-px text-[11px] font-semibold tabular-nums",
        active ? "bg-primary text-primary-fg" : "bg-surface-2 text-ink-muted",
      )}
    >
      {n > 999 ? "999+" : n}
    </span>
  );
}

/** The left panel: search, toolbar, filters, the tabs and the list of the chosen tab. */
export function TicketListPanel({ selectedId, onOpen, onAccept, onNewTicket }: Props) {
  const { t } = useTranslation("tickets");
  const me = useCurrentUser();
  const admin = isAdmin(me);
  const [search, setSearch] = useState("");
  const [view, setView] = useState<"open" | "closed">("open");
  const [sub, setSub] = useState<"open" | "pending" | "group">("open");
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const [base, setBase] = useState<Base>(() => ({
    showAll: false,
    queueIds: (me.queues ?? []).map((q) => q.id),
    tags: [],
    users: [],
    whatsapps: [],
    statusFilter: [],
    startDate: "",
    endDate: "",
    sortTickets: "DESC",
  }));
  const debounced = useDebouncedValue(search.trim(), 500);
  const typing = search.trim().length > 0;
  const searching = debounced.length >= SEARCH_MIN_LENGTH;
  const filtersFor = (tab: ListTab): ListFilters => ({
    ...base,
    tab,
    search: tab === "search" ? debounced : "",
    // Contacts and message text together, always (no checkbox).
    searchOnMessages: tab === "search",
  });
  const open = useTicketList(filtersFor("open"));
  const pending = useTicketList(filtersFor("pending"));
  const group = useTicketList(filtersFor("group"), me.allowGroup);
  const closed = useTicketList(filtersFor("closed"), view === "closed");
  const found = useTicketList(filtersFor("search"), searching);
  const closeAll = useCloseAll();
  const openResult = (r: Ticket) =>
    onOpen(
      r,
      r.searchMatch ? `?${new URLSearchParams({ msg: String(r.searchMatch.id), q: debounced })}` : "",
    );

  const tab: ListTab = typing ? "search" : view === "closed" ? "closed" : sub;
  const query = { open, pending, group, closed, search: found }[tab];
  const count = (q: typeof open) => q.data?.pages[0]?.count;
  const patch = (p: Partial<Base>) => setBase((b) => ({ ...b, ...p }));

  const doCloseAll = async () => {
    try {
      const res = await closeAll.mutateAsync({
        status: sub,
        selectedQueueIds: base.queueIds,
      });
      toastSuccess(t("toolbar.closedAll", { count: res.closed }));
    } catch (err) {
      toastError(err);
    } finally {
      setConfirmCloseAll(false);
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col bg-surface" data-testid="tickets-panel">
      <div className="flex items-center justify-between gap-2 px-4 pt-3.5 pb-2">
        <h1 className="text-[17px] font-semibold tracking-tight text-ink">{t("list.title")}</h1>
        <TicketToolbar
          filters={filtersFor(tab)}
          onChange={patch}
          canShowAll={can(me, "tickets-manager:showall") || me.allUserChat === "enabled"}
          canCloseAll={can(me, "tickets-manager:closeAll") && view === "open"}
          queues={me.queues ?? []}
          onNewTicket={onNewTicket}
          onCloseAll={() => setConfirmCloseAll(true)}
        />
      </div>
      <div className="flex flex-col gap-2 px-4 pb-3">
        <div className="flex items-center gap-1.5">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
            <Input
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t("list.searchPlaceholder")}
              aria-label={t("list.searchPlaceholder")}
              className="h-9 rounded-full bg-surface-2 pr-8 pl-9 shadow-none"
              data-testid="tickets-search"
            />
            {typing && (
              <button
                type="button"
                aria-label={t("list.clearSearch")}
                onClick={() => setSearch("")}
                className="absolute top-1/2 right-2 flex size-5 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-ink-subtle hover:text-ink"
              >
                <X className="size-3.5" />
              </button>
            )}
          </div>
          <TicketFilters filters={filtersFor(tab)} onChange={patch} isAdmin={admin} />
        </div>
        {!typing && (
          <div
            className="grid grid-cols-2 rounded-lg bg-surface-2 p-0.5 text-[13px] font-medium"
            role="tablist"
          >
            {(["open", "closed"] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                aria-selected={view === v}
                data-testid={`tickets-view-${v}`}
                onClick={() => setView(v)}
                className={cn(
                  "cursor-pointer rounded-md py-1.5 transition-colors",
                  view === v ? "bg-surface text-ink shadow-xs" : "text-ink-muted hover:text-ink",
                )}
              >
                {v === "open" ? t("list.views.open") : t("list.views.closed")}
              </button>
            ))}
          </div>
        )}
      </div>
      {!typing && view === "open" && (
        <Tabs value={sub} onValueChange={(v) => setSub(v as typeof sub)}>
          <TabsList className="gap-0 px-2">
            {(["open", "pending", ...(me.allowGroup ? ["group" as const] : [])] as const).map((s) => (
              <TabsTrigger
                key={s}
                value={s}
                data-testid={`tickets-tab-${s}`}
                className="flex-1 justify-center gap-1.5 px-2"
              >
                {t(`list.tabs.${s}`)}
                <CountBadge n={count({ open, pending, group }[s])} active={sub === s} />
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      )}
      {(typing || view === "closed") && <div className="border-b border-line" />}
      <TicketList
        query={query}
        tab={tab}
        selectedId={selectedId}
        showUser={admin}
        onOpen={tab === "search" ? openResult : onOpen}
        onAccept={onAccept}
        highlight={tab === "search" ? searchWords(debounced) : undefined}
        searchTooShort={typing && search.trim().length < SEARCH_MIN_LENGTH}
      />
      <ConfirmDialog
        open={confirmCloseAll}
        onOpenChange={setConfirmCloseAll}
        title={t("toolbar.closeAllTitle")}
        description={t("toolbar.closeAllMessage", { tab: t(`list.tabs.${sub}`) })}
        confirmLabel={t("toolbar.closeAll")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={doCloseAll}
        loading={closeAll.isPending}
      />
    </div>
  );
}
