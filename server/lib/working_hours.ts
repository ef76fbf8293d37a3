/**
 * Working hours (spec 2 §3 schedule rows) evaluated in the company's time zone (DESIGN §5), never
 * the server's or the database's clock zone (the reference's bug, §12).
 */
import type { WorkingHours } from "@db/schema.ts";
import { zonedParts } from "./time.ts";

const minutes = (s: string) => {
  const [h, m] = s.split(":").map(Number);
  return h * 60 + (m || 0);
};

/** A window counts only with both ends; [start, end) so 12:00 is already outside 08:00–12:00. */
function inWindow(t: number, start: string, end: string): boolean {
  if (!start || !end) return false;
  const a = minutes(start), b = minutes(end);
  return a <= b ? t >= a && t < b : t >= a || t < b;
}

/**
 * True when `at` falls inside one of today's windows A or B. No schedule at all means "always
 * open" (nothing was configured); a configured week without today's entry means closed today.
 */
export function isWithinHours(
  schedules: readonly WorkingHours[] | null | undefined,
  at: Date,
  timeZone: string,
) {
  if (!schedules?.length) return true;
  const { time, weekdayEn } = zonedParts(at, timeZone);
  const today = schedules.find((d) => d.weekdayEn === weekdayEn);
  if (!today) return false;
  const t = minutes(time);
  return inWindow(t, today.startTimeA, today.endTimeA) || inWindow(t, today.startTimeB, today.endTimeB);
}

const STEP_MS = 5 * 60_000;
const HORIZON_MS = 8 * 24 * 3600_000;

/**
 * Whether the hours opened at some moment in (from, to): a reply to an absence that began at
 * `from` is the same absence until the company has been open in between. Steps
 * of 5 minutes; gaps longer than 8 days are taken as a new absence.
 */
export function openedBetween(
  schedules: readonly WorkingHours[] | null | undefined,
  from: Date,
  to: Date,
  timeZone: string,
): boolean {
  if (to.getTime() - from.getTime() > HORIZON_MS) return true;
  for (let t = from.getTime() + STEP_MS; t < to.getTime(); t += STEP_MS) {
    if (isWithinHours(schedules, new Date(t), timeZone)) return true;
  }
  return false;
}

/** Collective vacation of a connection: both dates set (YYYY-MM-DD) and today within them. */
export function onVacation(start: string | null, end: string | null, at: Date, timeZone: string): boolean {
  if (!start || !end) return false;
  const today = zonedParts(at, timeZone).date;
  return today >= start.slice(0, 10) && today <= end.slice(0, 10);
}
