import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ArrowLeft,
  ArrowRightLeft,
  Bot,
  CalendarClock,
  CheckCircle2,
  EllipsisVertical,
  FileDown,
  Forward,
  History,
  MessageCircleOff,
  PanelRight,
  RotateCcw,
  Sparkles,
  Tag,
  Trash2,
  Undo2,
  XCircle,
} from "lucide-react";
import { Avatar } from "../../../../components/ui/avatar.tsx";
import { Badge } from "../../../../components/ui/badge.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
} from "../../../../components/ui/dropdown_menu.tsx";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { useCurrentUser } from "../../../../lib/auth.tsx";
import { can, isAdmin } from "../../../../lib/permissions.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { ChannelIcon } from "../../../../components/ui/channel_icon.tsx";
import { useTicketFlows } from "../ticket_flows.tsx";
import { TicketTagsButton, TicketTagsDialog } from "../../../tags/index.ts";
import { useScheduleDialog } from "../../../schedules/index.ts";
import { useAiClassify } from "../../../ai_assist/index.ts";
import { cn } from "../../../../lib/utils.ts";

type Props = {
  ticket: Ticket;
  onBack: () => void;
  onToggleDrawer: () => void;
  onExport: () => void;
  onSelectForward: () => void;
};

/** Contact, ticket number and the actions the ticket's status allows. */
export function TicketHeader({ ticket, onBack, onToggleDrawer, onExport, onSelectForward }: Props) {
  const { t } = useTranslation("tickets");
  const me = useCurrentUser();
  const flows = useTicketFlows();
  const schedule = useScheduleDialog();
  const classify = useAiClassify(ticket, (queueId) => flows.moveToQueue(ticket, queueId));
  const [tagging, setTagging] = useState(false);
  const name = ticket.contact?.name ?? "";
  const working = ticket.status === "open" || ticket.status === "group";
  const mayIgnore = (ticket.status === "pending" || ticket.status === "lgpd") &&
    (isAdmin(me) || me.userClosePendingTicket === "enabled");
  return (
    <header
      className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-surface px-2 sm:px-4"
      data-testid="ticket-header"
    >
      <Tooltip content={t("view.back")}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("view.back")}
          onClick={onBack}
          data-testid="ticket-back"
        >
          <ArrowLeft className="size-4" />
        </Button>
      </Tooltip>
      <button
        type="button"
        onClick={onToggleDrawer}
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
      <div className="flex shrink-0 items-center gap-1">
        {ticket.status === "pending" && (
          <Button
            size="sm"
            onClick={() => flows.accept(ticket)}
            loading={flows.busy}
            data-testid="ticket-accept"
          >
            <CheckCircle2 className="size-4" />
            {t("actions.accept")}
          </Button>
        )}
        {mayIgnore && (
          <Tooltip content={t("actions.ignore")}>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("actions.ignore")}
              data-testid="ticket-ignore"
              onClick={() => flows.ignore(ticket)}
            >
              <XCircle className="size-4" />
            </Button>
          </Tooltip>
        )}
        {working && (
          <>
            {/* On a narrow header (a phone) it moves into the ⋮ menu, so the contact's name keeps room. */}
            <span className="hidden @min-[520px]:contents">
              <Tooltip content={t("actions.return")}>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t("actions.return")}
                  data-testid="ticket-return"
                  onClick={() => flows.returnToQueue(ticket)}
                >
                  <Undo2 className="size-4" />
                </Button>
              </Tooltip>
            </span>
            <Button size="sm" onClick={() => flows.resolve(ticket)} data-testid="ticket-resolve">
              <CheckCircle2 className="size-4" />
              <span className="hidden @min-[520px]:inline">{t("actions.resolve")}</span>
            </Button>
          </>
        )}
        {ticket.status === "closed" && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => flows.reopen(ticket)}
            loading={flows.busy}
            data-testid="ticket-reopen"
          >
            <RotateCcw className="size-4" />
            {t("actions.reopen")}
          </Button>
        )}
        {/* A phone's header keeps the name: there the ⋮ menu's "Ticket tags" opens the same picker. */}
        <span className="hidden @min-[440px]:contents">
          <TicketTagsButton ticket={ticket} />
        </span>
        <Tooltip content={t("view.contactInfo")}>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("view.contactInfo")}
            onClick={onToggleDrawer}
            className="hidden sm:inline-flex"
            data-testid="ticket-drawer-toggle"
          >
            <PanelRight className="size-4" />
          </Button>
        </Tooltip>
        <Menu>
          <MenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={t("view.more")} data-testid="ticket-more">
              <EllipsisVertical className="size-4" />
            </Button>
          </MenuTrigger>
          <MenuContent align="end">
            {(ticket.status === "pending" || working) && (
              <MenuItem onSelect={() => flows.transfer(ticket)} data-testid="ticket-transfer">
                <ArrowRightLeft />
                {t("actions.transfer")}
              </MenuItem>
            )}
            {working && (
              <MenuItem onSelect={() => flows.returnToQueue(ticket)} data-testid="ticket-menu-return">
                <Undo2 />
                {t("actions.return")}
              </MenuItem>
            )}
            {ticket.status !== "closed" && !ticket.isGroup && (
              <MenuItem
                role="menuitemcheckbox"
                aria-checked={ticket.useIntegration}
                onSelect={() => flows.toggleIntegration(ticket)}
                data-testid="ticket-integration-switch"
              >
                <Bot />
                <span className="flex-1">{t("actions.integration")}</span>
                <span
                  aria-hidden
                  className={cn(
                    "relative ml-3 inline-flex h-4 w-7 shrink-0 rounded-full transition-colors",
                    ticket.useIntegration ? "bg-primary" : "bg-line",
                  )}
                >
                  <span
                    className={cn(
                      "absolute top-0.5 size-3 rounded-full bg-white shadow-sm transition-transform",
                      ticket.useIntegration ? "translate-x-3.5" : "translate-x-0.5",
                    )}
                  />
                </span>
              </MenuItem>
            )}
            {classify.available && (
              <MenuItem onSelect={classify.open} data-testid="ticket-ai-classify">
                <Sparkles />
                {t("aiAssist:classify.menu")}
              </MenuItem>
            )}
            <MenuItem onSelect={() => setTagging(true)} data-testid="ticket-menu-tags">
              <Tag />
              {t("tags:picker.ticketTags")}
            </MenuItem>
            <MenuItem onSelect={onSelectForward} data-testid="ticket-forward">
              <Forward />
              {t("actions.forward")}
            </MenuItem>
            {schedule.allowed && ticket.contact && (
              <MenuItem
                onSelect={() => schedule.open({ contact: ticket.contact!, whatsappId: ticket.whatsappId })}
                data-testid="ticket-schedule"
              >
                <CalendarClock />
                {t("schedules:schedule")}
              </MenuItem>
            )}
            <MenuItem onSelect={() => flows.showLog(ticket)} data-testid="ticket-log">
              <History />
              {t("actions.log")}
            </MenuItem>
            <MenuItem onSelect={onExport} data-testid="ticket-export">
              <FileDown />
              {t("actions.export")}
            </MenuItem>
            {can(me, "ticket-options:deleteTicket") && (
              <>
                <MenuSeparator />
                <MenuItem
                  onSelect={() => flows.remove(ticket)}
                  className="text-danger"
                  data-testid="ticket-delete"
                >
                  <Trash2 />
                  {t("actions.delete")}
                </MenuItem>
              </>
            )}
          </MenuContent>
        </Menu>
      </div>
      {schedule.element}
      {classify.element}
      {tagging && <TicketTagsDialog ticket={ticket} onClose={() => setTagging(false)} />}
    </header>
  );
}
