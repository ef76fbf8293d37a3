import { Fragment, type UIEvent, useEffect, useLayoutEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MessagesSquare } from "lucide-react";
import { EmptyState } from "../../../../components/ui/empty_state.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import type { MessageDTO as Message } from "@contract/messages.ts";
import type { ListedTicket as Ticket, TicketLogEntry } from "@contract/tickets.ts";
import { useTicketLog } from "../../api/lookups.ts";
import { ticketKeys } from "../../api/keys.ts";
import { EVENT_TYPES, EventLine } from "./event_line.tsx";
import { type SearchFocus, useScrollToFocus } from "./use_search_focus.ts";
import { dayLabel, sameDay } from "../../../../lib/format.ts";
import { type BubbleActions, MessageBubble } from "./message_bubble.tsx";

const TOP_THRESHOLD_PX = 50;
const STICK_THRESHOLD_PX = 160;

type Props = BubbleActions & {
  messages: Message[];
  meId: number;
  isGroup: boolean;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  selecting: boolean;
  selected: Set<number>;
  onToggleSelect: (m: Message) => void;
  /** The ticket whose log lines (accepted, transferred, resolved) are shown among the messages. */
  ticket?: Ticket;
  /** A search result's message to scroll to and mark. */
  focus?: SearchFocus | null;
};

/** The log's lines, each placed before the first message written after it. */
function eventsBefore(log: TicketLogEntry[] | undefined, messages: Message[], hasMore: boolean) {
  const at = new Map<number, TicketLogEntry[]>();
  const tail: TicketLogEntry[] = [];
  const from = hasMore ? messages[0]?.createdAt : undefined;
  for (const e of log ?? []) {
    if (!EVENT_TYPES.has(e.type) || (from && e.createdAt < from)) continue;
    const m = messages.find((x) => x.createdAt > e.createdAt);
    if (!m) tail.push(e);
    else at.set(m.id, [...(at.get(m.id) ?? []), e]);
  }
  return { at, tail };
}

function DaySeparator({ iso }: { iso: string }) {
  const { t } = useTranslation("tickets");
  const d = dayLabel(iso);
  return (
    <div className="sticky top-2 z-[1] flex justify-center py-2" data-testid="day-separator">
      <span className="rounded-full bg-surface/95 px-3 py-1 text-[11.5px] font-medium text-ink-muted shadow-xs ring-1 ring-line backdrop-blur">
        {d.key ? t(`message.${d.key}`) : d.text}
      </span>
    </div>
  );
}

/** The conversation, oldest first; scrolling within 50 px of the top loads older messages. */
export function MessageList(props: Props) {
  const { messages, meId, isGroup, loading, hasMore, loadingMore, loadMore, ticket, focus } = props;
  const { t } = useTranslation("tickets");
  const ref = useRef<HTMLDivElement>(null);
  const qc = useQueryClient();
  const log = useTicketLog(ticket?.id ?? 0, !!ticket);
  // A status, assignee or queue change writes a log entry: read the log again.
  useEffect(() => {
    if (ticket) qc.invalidateQueries({ queryKey: ticketKeys.log(ticket.id) });
  }, [ticket?.id, ticket?.status, ticket?.userId, ticket?.queueId]); // eslint-disable-line react-hooks/exhaustive-deps
  const events = eventsBefore(log.data, messages, hasMore);
  useScrollToFocus(ref, focus, messages, { hasMore, loadingMore, loadMore });
  const prev = useRef<{ first?: number; last?: number; height: number; count: number }>({
    height: 0,
    count: 0,
  });

  // Keep the view anchored: at the bottom for new messages, in place when older ones arrive on top.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = messages[0]?.id, last = messages[messages.length - 1]?.id;
    const p = prev.current;
    if (p.count === 0) el.scrollTop = el.scrollHeight;
    else if (first !== p.first && last === p.last) el.scrollTop += el.scrollHeight - p.height;
    else if (last !== p.last) {
      const nearBottom = p.height - el.scrollTop - el.clientHeight < STICK_THRESHOLD_PX;
      if (nearBottom || messages[messages.length - 1]?.fromMe) el.scrollTop = el.scrollHeight;
    }
    prev.current = { first, last, height: el.scrollHeight, count: messages.length };
  }, [messages]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (e.currentTarget.scrollTop < TOP_THRESHOLD_PX && hasMore && !loadingMore) loadMore();
  };

  return (
    <div
      ref={ref}
      onScroll={onScroll}
      data-testid="message-list"
      className="chat-backdrop min-h-0 flex-1 overflow-y-auto py-3"
    >
      {loadingMore && (
        <div className="flex justify-center py-2 text-ink-subtle">
          <Spinner className="size-4" />
        </div>
      )}
      {loading
        ? (
          <div className="flex h-full items-center justify-center text-ink-subtle">
            <Spinner />
          </div>
        )
        : messages.length === 0
        ? (
          <EmptyState
            icon={<MessagesSquare />}
            title={t("message.emptyTitle")}
            description={t("message.emptyHint")}
          />
        )
        : messages.map((m, i) => (
          <Fragment key={m.id}>
            {(i === 0 || !sameDay(messages[i - 1].createdAt, m.createdAt)) && (
              <DaySeparator iso={m.createdAt} />
            )}
            {events.at.get(m.id)?.map((e) => <EventLine key={`e${e.id}`} e={e} />)}
            <MessageBubble
              m={m}
              meId={meId}
              showSender={isGroup}
              selecting={props.selecting}
              selected={props.selected.has(m.id)}
              onToggleSelect={props.onToggleSelect}
              onReply={props.onReply}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
              onForward={props.onForward}
              highlight={focus?.messageId === m.id ? focus.words : undefined}
            />
          </Fragment>
        ))}
      {!loading && events.tail.map((e) => <EventLine key={`e${e.id}`} e={e} />)}
    </div>
  );
}
