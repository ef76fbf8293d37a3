import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ArrowLeft, CheckCircle2, PanelRight, RotateCcw, Undo2, XCircle } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { useCurrentUser } from "../../../../lib/auth.tsx";
import { isAdmin } from "../../../../lib/permissions.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { useTicketFlows } from "../ticket_flows.tsx";
import { TicketTagsButton, TicketTagsDialog } from "../../../tags/index.ts";
import { useScheduleDialog } from "../../../schedules/index.ts";
import { useAiClassify } from "../../../ai_assist/index.ts";
import { TicketIdentity } from "./ticket_identity.tsx";
import { TicketMoreMenu } from "./ticket_more_menu.tsx";

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
      <TicketIdentity ticket={ticket} onClick={onToggleDrawer} />
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
        <TicketMoreMenu
          ticket={ticket}
          working={working}
          classify={classify}
          schedule={schedule}
          onTags={() => setTagging(true)}
          onExport={onExport}
          onSelectForward={onSelectForward}
        />
      </div>
      {schedule.element}
      {classify.element}
      {tagging && <TicketTagsDialog ticket={ticket} onClose={() => setTagging(false)} />}
    </header>
  );
}
