import { useTranslation } from "react-i18next";
import { Input } from "../../../components/ui/input.tsx";
import type { WorkingHours } from "../api/queues.ts";
import { invalidWorkingHourEnds, WEEKDAYS_EN, WEEKDAYS_PT } from "@contract/companies.ts";

export { WEEKDAYS_EN };

/** Spec 2 §9: 08:00-12:00 and 13:00-18:00 every day. */
export const defaultWorkingHours = (): WorkingHours[] =>
  WEEKDAYS_EN.map((weekdayEn, i) => ({
    weekday: WEEKDAYS_PT[i],
    weekdayEn,
    startTimeA: "08:00",
    endTimeA: "12:00",
    startTimeB: "13:00",
    endTimeB: "18:00",
  }));

/** Seven rows, whatever subset is stored: missing days get the defaults. */
export function fullWeek(stored: WorkingHours[] | null | undefined): WorkingHours[] {
  const byDay = new Map((stored ?? []).map((d) => [d.weekdayEn, d]));
  return defaultWorkingHours().map((d) => byDay.get(d.weekdayEn) ?? d);
}

const SLOTS = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"] as const;

/** True when some window ends before it starts: the form that holds the editor refuses to save. */
export const hoursInvalid = (week: WorkingHours[]) => week.some((d) => invalidWorkingHourEnds(d).length > 0);

/**
 * The service-hours form: each weekday with two windows, A and B, as HH:MM. A window that ends
 * before it starts is marked under its day at once (the server refuses it too); a blank day is
 * closed, as the hint under the grid says.
 */
export function WorkingHoursEditor(
  { value, onChange, testId = "hours" }: {
    value: WorkingHours[];
    onChange: (next: WorkingHours[]) => void;
    testId?: string;
  },
) {
  const { t } = useTranslation("queues");
  const { t: te } = useTranslation("errors");
  const set = (i: number, slot: (typeof SLOTS)[number], v: string) =>
    onChange(value.map((d, j) => (j === i ? { ...d, [slot]: v } : d)));
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div className="hidden grid-cols-[6.5rem_repeat(4,minmax(0,1fr))] gap-2 text-xs font-semibold text-ink-muted sm:grid">
        <span />
        {SLOTS.map((s) => <span key={s}>{t(`hours.${s}`)}</span>)}
      </div>
      {value.map((d, i) => {
        const bad = invalidWorkingHourEnds(d);
        return (
          <div
            key={d.weekdayEn}
            className="grid grid-cols-2 gap-2 rounded-lg border border-line p-2 sm:grid-cols-[6.5rem_repeat(4,minmax(0,1fr))] sm:items-center sm:border-0 sm:p-0"
          >
            <span className="col-span-2 text-sm font-medium text-ink sm:col-span-1">
              {t(`weekdays.${d.weekdayEn}`)}
            </span>
            {SLOTS.map((slot) => (
              <Input
                key={slot}
                type="time"
                className="px-2 text-[13px]"
                aria-label={`${t(`weekdays.${d.weekdayEn}`)} ${t(`hours.${slot}`)}`}
                value={d[slot]}
                onChange={(e) => set(i, slot, e.target.value)}
                aria-invalid={(bad as string[]).includes(slot) ? true : undefined}
                aria-describedby={bad.length ? `${testId}-${d.weekdayEn}-error` : undefined}
                data-testid={`${testId}-${d.weekdayEn}-${slot}`}
              />
            ))}
            {bad.length > 0 && (
              <p
                role="alert"
                id={`${testId}-${d.weekdayEn}-error`}
                className="col-span-2 text-xs font-medium text-danger sm:col-span-4 sm:col-start-2"
                data-testid={`${testId}-${d.weekdayEn}-error`}
              >
                {te("issues.end_before_start")}
              </p>
            )}
          </div>
        );
      })}
      <p className="text-xs text-ink-subtle" data-testid={`${testId}-closed-hint`}>
        {t("hours.blankMeansClosed")}
      </p>
    </div>
  );
}
