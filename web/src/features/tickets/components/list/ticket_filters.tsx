import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Filter } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../../components/ui/popover.tsx";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { cn } from "../../../../lib/utils.ts";
import { useConnectionOptions, useTagOptions, useUserSearch } from "../../../../lib/lookups.ts";
import type { TicketStatus } from "@contract/tickets.ts";
import type { ListFilters } from "../../api/list_filters.ts";
import { CheckList } from "../../../../components/ui/multi_select.tsx";

const STATUSES: TicketStatus[] = ["open", "pending", "closed", "group"];

type Props = { filters: ListFilters; onChange: (patch: Partial<ListFilters>) => void; isAdmin: boolean };

export const activeFilterCount = (f: ListFilters) =>
  [f.tags.length, f.whatsapps.length, f.statusFilter.length, f.users.length, f.startDate, f.endDate]
    .filter(Boolean).length;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-[11px] font-semibold tracking-wide text-ink-subtle uppercase">{title}</p>
      {children}
    </div>
  );
}

/** Tag, connection, status and date filters; the user filter for admins only. */
export function TicketFilters({ filters, onChange, isAdmin }: Props) {
  const { t } = useTranslation("tickets");
  const tags = useTagOptions();
  const connections = useConnectionOptions();
  const users = useUserSearch("", isAdmin);
  const count = activeFilterCount(filters);
  return (
    <Popover>
      <Tooltip content={t("filters.title")}>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("filters.title")}
            data-testid="tickets-filters"
            className={cn("relative", count > 0 && "text-primary-strong")}
          >
            <Filter className="size-4" />
            {count > 0 && (
              <span className="absolute -top-0.5 -right-0.5 flex size-4 items-center justify-center rounded-full bg-primary text-[10px] font-bold text-primary-fg">
                {count}
              </span>
            )}
          </Button>
        </PopoverTrigger>
      </Tooltip>
      <PopoverContent align="start" className="flex w-80 flex-col gap-4 p-4">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-ink">{t("filters.title")}</p>
          {count > 0 && (
            <Button
              variant="link"
              size="sm"
              onClick={() =>
                onChange({
                  tags: [],
                  whatsapps: [],
                  statusFilter: [],
                  users: [],
                  startDate: "",
                  endDate: "",
                })}
            >
              {t("filters.clear")}
            </Button>
          )}
        </div>
        <Section title={t("filters.tags")}>
          <CheckList
            options={(tags.data ?? []).map((x) => ({ value: x.id, label: x.name, color: x.color }))}
            value={filters.tags}
            onChange={(v) => onChange({ tags: v })}
            empty={t("filters.none")}
          />
        </Section>
        <Section title={t("filters.connections")}>
          <CheckList
            options={(connections.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            value={filters.whatsapps}
            onChange={(v) => onChange({ whatsapps: v })}
            empty={t("filters.none")}
          />
        </Section>
        <Section title={t("filters.status")}>
          <CheckList
            options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={filters.statusFilter}
            onChange={(v) => onChange({ statusFilter: v as TicketStatus[] })}
          />
        </Section>
        {isAdmin && (
          <Section title={t("filters.users")}>
            <CheckList
              options={(users.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
              value={filters.users}
              onChange={(v) => onChange({ users: v })}
              empty={t("filters.none")}
            />
          </Section>
        )}
        <Section title={t("filters.dates")}>
          <div className="grid grid-cols-2 gap-2">
            <Input
              type="date"
              aria-label={t("filters.from")}
              value={filters.startDate}
              onChange={(e) => onChange({ startDate: e.target.value })}
            />
            <Input
              type="date"
              aria-label={t("filters.to")}
              value={filters.endDate}
              onChange={(e) => onChange({ endDate: e.target.value })}
            />
          </div>
        </Section>
      </PopoverContent>
    </Popover>
  );
}
