/**
 * One day of the schedules calendar, opened by clicking it: what goes out (or went out) that day,
 * each with its state in words, and "new schedule" preset to the day. Also the look of each state
 * (colour and icon), shared with the month grid and its legend.
 */
import { useTranslation } from "react-i18next";
import { CheckCheck, Clock, Plus, TriangleAlert } from "lucide-react";
import type { OccurrenceState, ScheduleOccurrence } from "@contract/schedules.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { calendarDay, formatLongDay, formatTime, fromZonedInput, todayKey } from "../../../lib/dates.ts";
import { cn } from "../../../lib/utils.ts";
import type { Schedule } from "../api/schedules.ts";

export type CalendarEntry = ScheduleOccurrence & { schedule: Schedule };

/** Each state's colours (a chip, a lone icon) and badge tone; the icon differs too. */
export const STATE_LOOK = {
  pending: { chip: "bg-primary-soft text-primary-strong", icon: "text-primary", tone: "primary" },
  sent: { chip: "bg-success/15 text-success", icon: "text-success", tone: "success" },
  failed: { chip: "bg-danger/15 text-danger", icon: "text-danger", tone: "danger" },
} as const;

export function StateIcon({ state, className }: { state: OccurrenceState; className?: string }) {
  const Icon = state === "sent" ? CheckCheck : state === "failed" ? TriangleAlert : Clock;
  return <Icon className={className} aria-hidden="true" />;
}

/** A new schedule on `day`: an hour from now today, 09:00 (display zone) on a later day. */
function presetFor(day: Date): Date {
  if (calendarDay(day) === todayKey()) return new Date(Date.now() + 3600_000);
  return fromZonedInput(`${calendarDay(day)}T09:00`) ?? new Date(Date.now() + 3600_000);
}

export function DayDialog(
  { day, entries, onClose, onEdit, onNew }: {
    day: Date;
    entries: CalendarEntry[];
    onClose: () => void;
    onEdit: (s: Schedule) => void;
    onNew: (at: Date) => void;
  },
) {
  const { t } = useTranslation("schedules");
  const past = calendarDay(day) < todayKey();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={<span className="first-letter:uppercase">{formatLongDay(day)}</span>}
      description={t("calendar.count", { count: entries.length })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t("actions.close")}</Button>
          {!past && (
            <Button onClick={() => onNew(presetFor(day))} data-testid="calendar-day-add">
              <Plus className="size-4" />
              {t("actions.add")}
            </Button>
          )}
        </>
      }
    >
      {entries.length === 0
        ? (
          <p className="py-6 text-center text-sm text-ink-muted" data-testid="calendar-day-empty">
            {past ? t("calendar.emptyPast") : t("calendar.empty")}
          </p>
        )
        : (
          <ul className="flex flex-col divide-y divide-line" data-testid="calendar-day-list">
            {entries.map((e) => (
              <li key={`${e.scheduleId}-${e.n}`}>
                <button
                  type="button"
                  onClick={() => onEdit(e.schedule)}
                  data-testid={`calendar-day-item-${e.scheduleId}`}
                  data-state={e.state}
                  className="flex w-full cursor-pointer items-start gap-3 rounded-lg px-2 py-2.5 text-left hover:bg-surface-2"
                >
                  <span
                    className={cn(
                      "mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg",
                      STATE_LOOK[e.state].chip,
                    )}
                  >
                    <StateIcon state={e.state} className="size-4" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-medium text-ink tabular-nums">{formatTime(e.at)}</span>
                      <span className="truncate font-medium text-ink">{e.schedule.contact?.name}</span>
                      <Badge tone={STATE_LOOK[e.state].tone} data-testid="calendar-day-item-state">
                        {t(`calendar.states.${e.state}`)}
                      </Badge>
                    </span>
                    <span className="line-clamp-2 text-sm text-ink-muted">{e.schedule.body}</span>
                    {e.total > 1 && (
                      <span className="text-xs text-ink-subtle">
                        {t("calendar.sendOf", { n: e.n, total: e.total })}
                      </span>
                    )}
                    {e.state === "failed" && e.schedule.lastError && (
                      <span className="text-xs text-danger">{e.schedule.lastError}</span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
    </Dialog>
  );
}
