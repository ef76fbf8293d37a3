/**
 * The schedules calendar: a month of days, each showing the schedules that go out (or went out)
 * on it. The occurrences come from the server, which expands a recurring schedule with the
 * dispatcher's own rule, so a weekly × 4 shows on its four days and this file computes no slot.
 * Sent, pending and failed differ by colour, icon and words (a legend says which is which);
 * clicking a day opens it: its schedules, and a new schedule preset to that day.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import {
  calendarDay,
  dayOf,
  formatLongDay,
  formatMonth,
  formatTime,
  formatWeekday,
  todayKey,
} from "../../../lib/dates.ts";
import { cn } from "../../../lib/utils.ts";
import { type Schedule, useScheduleCalendar } from "../api/schedules.ts";
import { type CalendarEntry, DayDialog, STATE_LOOK, StateIcon } from "./calendar_day.tsx";
import { OCCURRENCE_STATES } from "@contract/schedules.ts";

const DAY_MS = 86_400_000;

/** The 42 days (six weeks from Monday) that show `month`, in the browser's calendar. */
function gridOf(month: Date): Date[] {
  const start = new Date(month.getFullYear(), month.getMonth(), 1 - ((month.getDay() + 6) % 7));
  return Array.from(
    { length: 42 },
    (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i),
  );
}

export function SchedulesCalendar(
  { onEdit, onNew }: { onEdit: (s: Schedule) => void; onNew: (at: Date) => void },
) {
  const { t } = useTranslation("schedules");
  const [month, setMonth] = useState(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), 1);
  });
  const [openDay, setOpenDay] = useState<Date | null>(null);
  const days = useMemo(() => gridOf(month), [month]);
  const { data } = useScheduleCalendar(
    days[0].toISOString(),
    new Date(days[41].getTime() + DAY_MS).toISOString(),
  );
  const byDay = useMemo(() => {
    const schedules = new Map((data?.schedules ?? []).map((s) => [s.id, s]));
    const map = new Map<string, CalendarEntry[]>();
    for (const o of data?.occurrences ?? []) {
      const schedule = schedules.get(o.scheduleId);
      if (!schedule) continue;
      const k = dayOf(o.at);
      map.set(k, [...(map.get(k) ?? []), { ...o, schedule }]);
    }
    return map;
  }, [data]);
  const today = todayKey();

  return (
    <Card className="flex flex-col gap-3 p-3 sm:p-4" data-testid="schedules-calendar">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("calendar.previous")}
            onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1))}
            data-testid="calendar-previous"
          >
            <ChevronLeft className="size-4" />
          </Button>
          <span className="min-w-40 text-center font-semibold capitalize" data-testid="calendar-month">
            {formatMonth(month)}
          </span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("calendar.next")}
            onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1))}
            data-testid="calendar-next"
          >
            <ChevronRight className="size-4" />
          </Button>
        </div>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs" data-testid="calendar-legend">
          {OCCURRENCE_STATES.map((state) => (
            <li key={state} className="flex items-center gap-1.5">
              <span
                className={cn("flex size-5 items-center justify-center rounded", STATE_LOOK[state].chip)}
              >
                <StateIcon state={state} className="size-3.5" />
              </span>
              <span className="text-ink-muted">{t(`calendar.states.${state}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-line bg-line text-xs">
        {days.slice(0, 7).map((d) => (
          <div
            key={`h${d.getDay()}`}
            className="bg-surface-2 px-1 py-1.5 text-center font-medium text-ink-muted capitalize"
          >
            {formatWeekday(d)}
          </div>
        ))}
        {days.map((d) => {
          const key = calendarDay(d);
          const items = byDay.get(key) ?? [];
          return (
            <button
              key={key}
              type="button"
              onClick={() => setOpenDay(d)}
              aria-label={`${formatLongDay(d)}: ${t("calendar.count", { count: items.length })}`}
              data-testid={`calendar-day-${key}`}
              className={cn(
                "flex min-h-16 min-w-0 cursor-pointer flex-col items-stretch gap-0.5 bg-surface p-1 text-left",
                "outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset sm:min-h-24",
                d.getMonth() !== month.getMonth() && "bg-surface-2/60 text-ink-subtle",
              )}
            >
              <span
                className={cn(
                  "self-end rounded-full px-1.5 tabular-nums",
                  key === today && "bg-primary text-white",
                )}
              >
                {d.getDate()}
              </span>
              {/* From sm up: time and contact per entry; on a phone, one icon per entry. */}
              {items.slice(0, 3).map((e) => (
                <span
                  key={`${e.scheduleId}-${e.n}`}
                  data-testid={`calendar-entry-${e.scheduleId}-${e.n}`}
                  data-state={e.state}
                  title={`${t(`calendar.states.${e.state}`)} · ${e.schedule.contact?.name ?? ""}`}
                  className={cn(
                    "flex min-w-0 items-center gap-1 rounded px-1 text-[11px] max-sm:hidden",
                    STATE_LOOK[e.state].chip,
                  )}
                >
                  <StateIcon state={e.state} className="size-3 shrink-0" />
                  <span className="sr-only">{t(`calendar.states.${e.state}`)}</span>
                  <span className="truncate">
                    <span className="tabular-nums">{formatTime(e.at)}</span> {e.schedule.contact?.name}
                  </span>
                </span>
              ))}
              {items.length > 0 && (
                <span className="flex flex-wrap justify-center gap-0.5 sm:hidden" aria-hidden="true">
                  {items.slice(0, 3).map((e) => (
                    <StateIcon
                      key={`${e.scheduleId}-${e.n}`}
                      state={e.state}
                      className={cn("size-3.5", STATE_LOOK[e.state].icon)}
                    />
                  ))}
                </span>
              )}
              {items.length > 3 && (
                <span className="text-center text-[11px] text-ink-subtle sm:text-left">
                  {t("calendar.more", { count: items.length - 3 })}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {openDay && (
        <DayDialog
          day={openDay}
          entries={byDay.get(calendarDay(openDay)) ?? []}
          onClose={() => setOpenDay(null)}
          onEdit={(s) => {
            setOpenDay(null);
            onEdit(s);
          }}
          onNew={(at) => {
            setOpenDay(null);
            onNew(at);
          }}
        />
      )}
    </Card>
  );
}
