import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Filter, RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { CheckList } from "../../../components/ui/multi_select.tsx";
import { useQueueOptions } from "../../../lib/lookups.ts";
import type { DashboardFilter } from "../api/dashboard.ts";

/** Date range and queues of the dashboard; applied with the button (spec 1 §5 'Parametrizar el filtro'). */
export function DashboardFilterBar(
  { value, onApply, onRefresh }: {
    value: DashboardFilter;
    onApply: (f: DashboardFilter) => void;
    onRefresh: () => void;
  },
) {
  const { t } = useTranslation("dashboard");
  const queues = useQueueOptions();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState(false);
  const apply = () => {
    if (!draft.from || !draft.to) return setError(true);
    setError(false);
    onApply(draft.from > draft.to ? { ...draft, from: draft.to, to: draft.from } : draft);
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="date"
          className="w-[9.5rem]"
          aria-label={t("filter.from")}
          data-testid="dashboard-from"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <Input
          type="date"
          className="w-[9.5rem]"
          aria-label={t("filter.to")}
          data-testid="dashboard-to"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="secondary" data-testid="dashboard-queues">
              <Filter className="size-4" />
              {draft.queueIds.length
                ? t("filter.queuesN", { count: draft.queueIds.length })
                : t("filter.allQueues")}
            </Button>
          </PopoverTrigger>
          <PopoverContent align="end" className="w-64 p-3">
            <CheckList
              options={(queues.data ?? []).map((q) => ({ value: q.id, label: q.name, color: q.color }))}
              value={draft.queueIds}
              onChange={(v) => setDraft({ ...draft, queueIds: v })}
              empty={t("filter.noQueues")}
            />
          </PopoverContent>
        </Popover>
        <Button onClick={apply} data-testid="dashboard-apply">{t("filter.apply")}</Button>
        <Button variant="ghost" size="icon" aria-label={t("filter.refresh")} onClick={onRefresh}>
          <RefreshCw className="size-4" />
        </Button>
      </div>
      {error && <p className="text-xs text-danger" role="alert">{t("filter.required")}</p>}
    </div>
  );
}
