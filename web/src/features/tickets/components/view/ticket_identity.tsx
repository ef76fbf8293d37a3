import { useTranslation } from "react-i18next";
import { MessageCircleOff } from "lucide-react";
import { Avatar } from "../../../../components/ui/avatar.tsx";
import { Badge } from "../../../../components/ui/badge.tsx";
import { ChannelIcon } from "../../../../components/ui/channel_icon.tsx";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";

/** The header's left side: the contact, the channel, the ticket's number, subject, queue and owner. */
export function TicketIdentity({ ticket, onClick }: { ticket: Ticket; onClick: () => void }) {
  const { t } = useTranslation("tickets");
  const name = ticket.contact?.name ?? "";
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 text-left"
    >
      <Avatar src={ticket.contact?.urlPicture} name={name} />
      <span className="min-w-0">
        <span className="flex items-center gap-1.5">
          <span
            className="min-w-16 truncate text-[15px] font-semibold text-ink"
            data-testid="ticket-contact-name"
          >
            {name}
          </span>
          <ChannelIcon channel={ticket.whatsapp?.channel ?? ticket.channel} />
          {ticket.contact?.unreachableAt && (
            <Badge
              tone="danger"
              className="shrink-0 gap-1"
              title={t("view.unreachableHint")}
              aria-label={t("view.unreachable")}
              data-testid="ticket-contact-unreachable"
            >
              {/* On a phone the name keeps the room: the mark is its icon, the word from sm up. */}
              <MessageCircleOff className="size-3" aria-hidden />
              <span className="hidden sm:inline">{t("view.unreachable")}</span>
            </Badge>
          )}
        </span>
        <span className="flex items-center gap-1.5 truncate text-xs text-ink-muted">
          <span className="font-medium tabular-nums" data-testid="ticket-number">
            #{ticket.number ?? ticket.id}
          </span>
          {ticket.subject && (
            <span className="min-w-0 truncate" title={ticket.subject} data-testid="ticket-subject">
              · {ticket.subject}
            </span>
          )}
          {ticket.queue && (
            <>
              <span className="size-1.5 rounded-full" style={{ backgroundColor: ticket.queue.color }} />
              <span className="truncate" data-testid="ticket-queue">{ticket.queue.name}</span>
            </>
          )}
          {ticket.user && (
            <span className="hidden truncate @min-[600px]:inline">
              · {t("view.assignedTo", { name: ticket.user.name })}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
