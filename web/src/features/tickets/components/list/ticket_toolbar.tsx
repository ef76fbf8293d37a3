import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  ArrowDownWideNarrow,
  ArrowUpNarrowWide,
  CheckCheck,
  Eye,
  EyeOff,
  Layers,
  MessageSquarePlus,
} from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../../components/ui/popover.tsx";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { cn } from "../../../../lib/utils.ts";
import type { QueueRef } from "@contract/common.ts";
import type { ListFilters } from "../../api/list_filters.ts";
import { CheckList } from "../../../../components/ui/multi_select.tsx";

type Props = {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
  canShowAll: boolean;
  canCloseAll: boolean;
  queues: QueueRef[];
  onNewTicket: () => void;
  onCloseAll: () => void;
};

function IconButton(
  { label, onClick, active, testId, children }: {
    label: string;
    onClick?: () => void;
    active?: boolean;
    testId: string;
    children: ReactNode;
  },
) {
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        aria-pressed={active}
        data-testid={testId}
        onClick={onClick}
        className={cn(active && "bg-primary-soft text-primary-strong hover:bg-primary-soft")}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** Show all, new ticket, close all, sort order and the queue selector. */
export function TicketToolbar(
  { filters, onChange, canShowAll, canCloseAll, queues, onNewTicket, onCloseAll }: Props,
) {
  const { t } = useTranslation("tickets");
  const allQueues = filters.queueIds.length === 0 || filters.queueIds.length === queues.length;
  return (
    <div className="flex items-center gap-0.5">
      {canShowAll && (
        <IconButton
          label={filters.showAll ? t("toolbar.showMine") : t("toolbar.showAll")}
          active={filters.showAll}
          testId="tickets-show-all"
          onClick={() => onChange({ showAll: !filters.showAll })}
        >
          {filters.showAll ? <Eye className="size-4" /> : <EyeOff className="size-4" />}
        </IconButton>
      )}
      <IconButton
        label={filters.sortTickets === "DESC" ? t("toolbar.sortNewest") : t("toolbar.sortOldest")}
        testId="tickets-sort"
        onClick={() => onChange({ sortTickets: filters.sortTickets === "DESC" ? "ASC" : "DESC" })}
      >
        {filters.sortTickets === "DESC"
          ? <ArrowDownWideNarrow className="size-4" />
          : <ArrowUpNarrowWide className="size-4" />}
      </IconButton>
      {queues.length > 0 && (
        <Popover>
          <Tooltip content={t("toolbar.queues")}>
            <PopoverTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={t("toolbar.queues")}
                data-testid="tickets-queues"
                className={cn("relative", !allQueues && "text-primary-strong")}
              >
                <Layers className="size-4" />
              </Button>
            </PopoverTrigger>
          </Tooltip>
          <PopoverContent align="end" className="w-64 p-3">
            <p className="mb-2 text-sm font-semibold text-ink">{t("toolbar.queues")}</p>
            <CheckList
              options={queues.map((q) => ({ value: q.id, label: q.name, color: q.color }))}
              value={filters.queueIds}
              onChange={(v) => onChange({ queueIds: v as number[] })}
              testId="queue-selector"
            />
          </PopoverContent>
        </Popover>
      )}
      {canCloseAll && (
        <IconButton label={t("toolbar.closeAll")} testId="tickets-close-all" onClick={onCloseAll}>
          <CheckCheck className="size-4" />
        </IconButton>
      )}
      <Tooltip content={t("toolbar.newTicket")}>
        <Button
          size="icon-sm"
          aria-label={t("toolbar.newTicket")}
          data-testid="tickets-new"
          onClick={onNewTicket}
        >
          <MessageSquarePlus className="size-4" />
        </Button>
      </Tooltip>
    </div>
  );
}
