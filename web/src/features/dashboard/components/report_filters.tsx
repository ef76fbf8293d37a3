import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Search, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Popover, PopoverAnchor, PopoverContent } from "../../../components/ui/popover.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import {
  useConnectionOptions,
  useContactSearch,
  useQueueOptions,
  useTagOptions,
  useUserSearch,
} from "../../../lib/lookups.ts";
import type { ReportFilters } from "../api/dashboard.ts";
import { MultiPick } from "./multi_pick.tsx";

export const REPORT_STATUSES = ["open", "pending", "closed", "group", "nps", "lgpd"] as const;

/** Contact picker: search from 3 characters (spec 3 §9), one contact at a time. */
function ContactPick(
  { value, onChange }: {
    value: { id: number; name: string } | null;
    onChange: (c: { id: number; name: string } | null) => void;
  },
) {
  const { t } = useTranslation("dashboard");
  const [text, setText] = useState("");
  const search = useDebouncedValue(text, 500);
  const enabled = search.trim().length >= 3;
  const found = useContactSearch(search.trim(), enabled);
  if (value) {
    return (
      <div className="flex h-9 items-center justify-between gap-2 rounded-lg border border-primary/60 bg-surface px-3 text-sm">
        <span className="truncate text-ink" data-testid="report-contact-chosen">{value.name}</span>
        <button type="button" aria-label={t("reports.clearContact")} onClick={() => onChange(null)}>
          <X className="size-4 text-ink-subtle" />
        </button>
      </div>
    );
  }
  return (
    <Popover open={enabled && !!found.data?.contacts.length}>
      <PopoverAnchor asChild>
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-ink-subtle" />
          <Input
            className="pl-9"
            placeholder={t("reports.contact")}
            value={text}
            data-testid="report-contact"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent align="start" className="w-72 p-1" onOpenAutoFocus={(e) => e.preventDefault()}>
        <ul className="flex max-h-60 flex-col overflow-y-auto">
          {found.data?.contacts.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="flex w-full flex-col items-start rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-2"
                onClick={() => {
                  onChange({ id: c.id, name: c.name });
                  setText("");
                }}
              >
                <span className="text-ink">{c.name}</span>
                <span className="text-xs text-ink-muted">{c.number}</span>
              </button>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

export type ReportDraft = ReportFilters & { contact: { id: number; name: string } | null };

/** Every filter of the report (spec 3 §7): contact, connection, queue, user, tags, status, dates, rated only. */
export function ReportFiltersForm(
  { value, onChange, onApply, onClear }: {
    value: ReportDraft;
    onChange: (patch: Partial<ReportDraft>) => void;
    onApply: () => void;
    onClear: () => void;
  },
) {
  const { t } = useTranslation(["dashboard", "tickets"]);
  const connections = useConnectionOptions();
  const queues = useQueueOptions();
  const users = useUserSearch("");
  const tags = useTagOptions();
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="report-filters">
      <ContactPick
        value={value.contact}
        onChange={(c) => onChange({ contact: c, contactId: c?.id ?? null })}
      />
      <MultiPick
        testId="report-connections"
        label={t("reports.connection")}
        options={(connections.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={value.whatsappId}
        onChange={(v) => onChange({ whatsappId: v })}
      />
      <MultiPick
        testId="report-queues"
        label={t("reports.queue")}
        options={[
          { value: 0, label: t("reports.noQueue") },
          ...(queues.data ?? []).map((q) => ({ value: q.id, label: q.name, color: q.color })),
        ]}
        value={value.queueIds}
        onChange={(v) => onChange({ queueIds: v })}
      />
      <MultiPick
        testId="report-users"
        label={t("reports.user")}
        options={(users.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
        value={value.users}
        onChange={(v) => onChange({ users: v })}
      />
      <MultiPick
        testId="report-tags"
        label={t("reports.tags")}
        options={(tags.data ?? []).map((x) => ({ value: x.id, label: x.name, color: x.color }))}
        value={value.tags}
        onChange={(v) => onChange({ tags: v })}
      />
      <MultiPick
        testId="report-status"
        label={t("reports.status")}
        options={REPORT_STATUSES.map((s) => ({ value: s, label: t(`reports.statuses.${s}`) }))}
        value={value.status}
        onChange={(v) => onChange({ status: v })}
      />
      {/* One date per line on a phone (a date input needs ~10rem); side by side from sm up. */}
      <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2 lg:col-span-2" data-testid="report-dates">
        <label className="grid grid-cols-[minmax(3.5rem,max-content)_minmax(0,1fr)] items-center gap-2 text-sm text-ink-muted sm:flex">
          <span className="shrink-0">{t("reports.from")}</span>
          <Input
            type="date"
            className="min-w-0"
            data-testid="report-from"
            value={value.dateFrom}
            onChange={(e) => onChange({ dateFrom: e.target.value })}
          />
        </label>
        <label className="grid grid-cols-[minmax(3.5rem,max-content)_minmax(0,1fr)] items-center gap-2 text-sm text-ink-muted sm:flex">
          <span className="shrink-0">{t("reports.to")}</span>
          <Input
            type="date"
            className="min-w-0"
            data-testid="report-to"
            value={value.dateTo}
            onChange={(e) => onChange({ dateTo: e.target.value })}
          />
        </label>
      </div>
      <div className="flex items-center justify-between gap-3 sm:col-span-2 lg:col-span-4">
        <label className="flex cursor-pointer items-center gap-2 text-sm text-ink">
          <Switch
            checked={value.onlyRated}
            onCheckedChange={(c) => onChange({ onlyRated: c })}
            data-testid="report-only-rated"
          />
          {t("reports.onlyRated")}
        </label>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onClear}>{t("reports.clear")}</Button>
          <Button size="sm" onClick={onApply} data-testid="report-apply">
            <Search className="size-4" />
            {t("reports.apply")}
          </Button>
        </div>
      </div>
    </div>
  );
}
