import type { UIEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckCheck, Inbox, SearchX } from "lucide-react";
import { EmptyState } from "../../../../components/ui/empty_state.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import type { useTicketList } from "../../api/list_tickets.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import type { ListTab } from "../../api/list_filters.ts";
import { TicketItem } from "./ticket_item.tsx";
import { FirstSteps } from "../first_steps.tsx";

const SCROLL_THRESHOLD_PX = 100;

type Props = {
  query: ReturnType<typeof useTicketList>;
  tab: ListTab;
  selectedId: number | null;
  showUser: boolean;
  onOpen: (t: Ticket) => void;
  onAccept: (t: Ticket) => void;
  searchTooShort?: boolean;
  /** Search results: the words to mark in each result's matching message. */
  highlight?: string[];
};

function Skeleton() {
  return (
    <ul aria-hidden="true">
      {Array.from(
        { length: 7 },
        (_, i) => (
          <li key={i} className="flex gap-3 border-b border-line/70 px-4 py-3.5">
            <div className="size-11 animate-pulse rounded-full bg-surface-2" />
            <div className="flex flex-1 flex-col gap-2 pt-1">
              <div className="h-3 w-2/5 animate-pulse rounded bg-surface-2" />
              <div className="h-3 w-4/5 animate-pulse rounded bg-surface-2" />
              <div className="h-3 w-1/4 animate-pulse rounded bg-surface-2" />
            </div>
          </li>
        ),
      )}
    </ul>
  );
}

/** The scrolling list of one tab: loads the next page within 100 px of the bottom. */
export function TicketList(
  { query, tab, selectedId, showUser, onOpen, onAccept, searchTooShort, highlight }: Props,
) {
  const { t } = useTranslation("tickets");
  const tickets = query.data?.pages.flatMap((p) => p.tickets) ?? [];
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX && query.hasNextPage) {
      if (!query.isFetchingNextPage) query.fetchNextPage();
    }
  };
  let body;
  if (searchTooShort) {
    body = (
      <EmptyState icon={<SearchX />} title={t("list.searchHintTitle")} description={t("list.searchHint")} />
    );
  } else if (query.isPending) body = <Skeleton />;
  else if (query.isError) body = <EmptyState icon={<Inbox />} title={t("list.loadError")} />;
  else if (tickets.length === 0) {
    body = (
      <>
        <EmptyState
          icon={tab === "search" ? <SearchX /> : tab === "open" ? <CheckCheck /> : <Inbox />}
          title={t(`list.empty.${tab}.title`)}
          description={t(`list.empty.${tab}.hint`)}
        />
        {tab !== "search" && <FirstSteps className="mx-auto mb-6 max-w-[calc(100%-2rem)] md:hidden" />}
      </>
    );
  } else {
    body = (
      <ul data-testid={`ticket-list-${tab}`}>
        {tickets.map((ticket) => (
          <TicketItem
            key={ticket.id}
            ticket={ticket}
            selected={ticket.id === selectedId}
            showUser={showUser}
            onOpen={onOpen}
            onAccept={onAccept}
            highlight={highlight}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" onScroll={onScroll} data-testid="ticket-list-scroll">
      {body}
      {query.isFetchingNextPage && (
        <div className="flex justify-center py-4 text-ink-subtle">
          <Spinner />
        </div>
      )}
    </div>
  );
}
