import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Bot, Check, CheckCircle2, UsersRound } from "lucide-react";
import { Avatar } from "../../../../components/ui/avatar.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { cn } from "../../../../lib/utils.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { ChannelIcon } from "../../../../components/ui/channel_icon.tsx";
import { cut, listTime } from "../../../../lib/format.ts";
import { AckIcon } from "../view/ack_icon.tsx";
import { WaText } from "../wa_text.tsx";
import { excerpt } from "./excerpt.ts";

const MAX_MESSAGE = 40;
const MAX_NAME = 60;
const MAX_MATCH = 80;

/** A ticket tag is a solid chip; a contact tag (the person's, not this conversation's) an outlined one. */
function TagChip({ name, color, contact }: { name: string; color: string; contact: boolean }) {
  const { t } = useTranslation("tags");
  if (!contact) {
    return (
      <span
        title={t("picker.ticketTag")}
        className="inline-flex max-w-24 items-center truncate rounded px-1.5 py-px text-[10.5px] font-semibold text-white"
        style={{ backgroundColor: color }}
      >
        {name}
      </span>
    );
  }
  return (
    <span
      title={t("picker.contactTag")}
      data-kind="contact"
      className="inline-flex max-w-24 items-center gap-1 truncate rounded bg-surface px-1.5 py-px text-[10.5px] font-semibold text-ink-muted"
      style={{ boxShadow: `inset 0 0 0 1px ${color}` }}
    >
      <span className="size-1.5 shrink-0 rounded-full" style={{ backgroundColor: color }} />
      {name}
    </span>
  );
}

type Props = {
  ticket: Ticket;
  selected: boolean;
  showUser: boolean;
  onOpen: (t: Ticket) => void;
  onAccept?: (t: Ticket) => void;
  /** A search result: its matching message is shown (words marked) instead of the last one. */
  highlight?: string[];
};

/** One conversation in the list: who, what was said last, when, and where it stands. */
export const TicketItem = memo(function TicketItem(
  { ticket, selected, showUser, onOpen, onAccept, highlight }: Props,
) {
  const { t } = useTranslation("tickets");
  const { t: ti } = useTranslation("inbox");
  const match = highlight ? ticket.searchMatch : null;
  const preview = match
    ? excerpt(match.body, highlight ?? [], MAX_MATCH)
    : cut(ticket.lastMessage, MAX_MESSAGE);
  // Only while it waits: a bot stops handling a ticket once someone accepts it.
  const botHandles = ticket.isBot && (ticket.status === "pending" || ticket.status === "lgpd");
  const name = ticket.contact?.name ?? t("list.unknownContact");
  // The ticket's own tags first, then the contact's (the spec's "two tags plus +N" covers both).
  const tags = [
    ...ticket.tags.map((tag) => ({ ...tag, contact: false })),
    ...(ticket.contact?.tags ?? []).map((tag) => ({ ...tag, contact: true })),
  ].filter((tag, i, all) => all.findIndex((x) => x.id === tag.id) === i);
  const unread = ticket.unreadMessages > 0;
  return (
    <li
      data-testid={`ticket-item-${ticket.id}`}
      data-status={ticket.status}
      className={cn(
        "group relative flex cursor-pointer gap-3 border-b border-line/70 px-4 py-3 transition-colors",
        selected ? "bg-primary-soft" : "hover:bg-surface-2/70",
      )}
      onClick={() => onOpen(ticket)}
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-[3px]"
        style={{ backgroundColor: ticket.queue?.color ?? "transparent" }}
      />
      <div className="relative h-fit shrink-0">
        <Avatar src={ticket.contact?.urlPicture} name={name} size="md" className="size-11 text-sm" />
        <span className="absolute -right-0.5 -bottom-0.5 flex size-[18px] items-center justify-center rounded-full bg-surface ring-1 ring-line">
          <ChannelIcon channel={ticket.whatsapp?.channel ?? ticket.channel} className="size-3" />
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center gap-2">
          <p
            className={cn(
              "min-w-0 flex-1 truncate text-[14px] text-ink",
              unread ? "font-semibold" : "font-medium",
            )}
            title={name}
          >
            {cut(name, MAX_NAME)}
          </p>
          {ticket.isGroup && (
            <Tooltip content={t("list.group")}>
              <UsersRound className="size-3.5 shrink-0 text-ink-subtle" aria-label={t("list.group")} />
            </Tooltip>
          )}
          {botHandles && (
            <Tooltip content={t("list.bot")}>
              <Bot
                className="size-3.5 shrink-0 text-violet-500"
                aria-label={t("list.bot")}
                data-testid="ticket-bot"
              />
            </Tooltip>
          )}
          <span
            className={cn(
              "shrink-0 text-[11.5px] tabular-nums",
              unread ? "text-primary-strong font-semibold" : "text-ink-subtle",
            )}
          >
            {listTime(ticket.updatedAt)}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <p
            className={cn("min-w-0 flex-1 truncate text-[13px]", unread ? "text-ink" : "text-ink-muted")}
            data-testid={match ? "ticket-search-match" : "ticket-last-message"}
          >
            {!match && ticket.fromMe && (
              ticket.lastMessageAck != null
                ? <AckIcon ack={ticket.lastMessageAck} className="mr-0.5 align-[-3px]" />
                : <Check className="mr-0.5 inline size-3.5 text-ink-subtle" />
            )}
            {preview
              ? <WaText text={preview} highlight={match ? highlight : undefined} />
              : <span className="italic text-ink-subtle">{t("list.noMessages")}</span>}
          </p>
          {unread && (
            <span
              data-testid="ticket-unread"
              className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-fg"
            >
              {ticket.unreadMessages}
            </span>
          )}
        </div>
        <div className="flex min-h-5 flex-wrap items-center gap-1">
          {ticket.status === "closed" && (
            <span
              data-testid="ticket-resolved"
              className="inline-flex items-center gap-1 rounded bg-emerald-50 px-1.5 py-px text-[10.5px] font-semibold text-emerald-700 ring-1 ring-emerald-200 dark:bg-emerald-400/10 dark:text-emerald-200 dark:ring-emerald-400/30"
            >
              <CheckCircle2 className="size-3" />
              {ti("search.resolved")}
            </span>
          )}
          <span className="inline-flex max-w-32 items-center gap-1 truncate rounded bg-surface-2 px-1.5 py-px text-[10.5px] font-medium text-ink-muted ring-1 ring-line">
            <span
              className="size-1.5 shrink-0 rounded-full"
              style={{ backgroundColor: ticket.queue?.color ?? "#9aa3af" }}
            />
            {ticket.queue?.name ?? t("list.noQueue")}
          </span>
          {tags.slice(0, 2).map((tag) => (
            <TagChip key={tag.id} name={tag.name} color={tag.color} contact={tag.contact} />
          ))}
          {tags.length > 2 && (
            <span className="rounded bg-surface-2 px-1.5 py-px text-[10.5px] font-semibold text-ink-muted">
              +{tags.length - 2}
            </span>
          )}
          {showUser && ticket.user && (
            <span
              data-testid="ticket-user-tag"
              className="inline-flex max-w-28 items-center truncate rounded px-1.5 py-px text-[10.5px] font-semibold text-white"
              style={{ backgroundColor: ticket.user.color || "#64748b" }}
            >
              {ticket.user.name}
            </span>
          )}
          {onAccept && ticket.status === "pending" && (
            <Button
              size="sm"
              className="ml-auto h-6 rounded-md px-2 text-[11.5px]"
              data-testid={`ticket-accept-${ticket.id}`}
              onClick={(e) => {
                e.stopPropagation();
                onAccept(ticket);
              }}
            >
              {t("actions.accept")}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
});
