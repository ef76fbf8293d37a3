import { useTranslation } from "react-i18next";
import {
  ArrowRightLeft,
  Bot,
  CalendarClock,
  EllipsisVertical,
  FileDown,
  Forward,
  History,
  Sparkles,
  Tag,
  Trash2,
  Undo2,
} from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
} from "../../../../components/ui/dropdown_menu.tsx";
import { useCurrentUser } from "../../../../lib/auth.tsx";
import { can } from "../../../../lib/permissions.ts";
import { cn } from "../../../../lib/utils.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { useTicketFlows } from "../ticket_flows.tsx";
import type { useScheduleDialog } from "../../../schedules/index.ts";

type Props = {
  ticket: Ticket;
  /** Open or a group: the ticket is being worked. */
  working: boolean;
  /** The AI's "suggest tags and queue" (offered on a waiting ticket when the company has it). */
  classify: { available: boolean; open: () => void };
  schedule: ReturnType<typeof useScheduleDialog>;
  onTags: () => void;
  onExport: () => void;
  onSelectForward: () => void;
};

/**
 * The header's ⋮ menu: every action that is not a button of its own (and, on a phone, the ones the
 * narrow header hides). The dialogs it opens are the header's.
 */
export function TicketMoreMenu(
  { ticket, working, classify, schedule, onTags, onExport, onSelectForward }: Props,
) {
  const { t } = useTranslation("tickets");
  const me = useCurrentUser();
  const flows = useTicketFlows();
  return (
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
        <MenuItem onSelect={onTags} data-testid="ticket-menu-tags">
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
  );
}
