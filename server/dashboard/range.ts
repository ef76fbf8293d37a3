/**
 * Calendar ranges in the company's time zone, turned into UTC instants for the queries (stored
 * timestamps are ISO-8601 UTC text, so a range is a string comparison on an index).
 */
import { addDays, dayStartUtc, zonedParts } from "../lib/time.ts";

const DAY_MS = 86_400_000;

export type DayRange = {
  /** First and last local calendar days, inclusive. */
  from: string;
  to: string;
  /** [start, end) in UTC ISO: start of `from`, start of the day after `to`. */
  start: string;
  end: string;
};

export function dayRange(from: string, to: string, timeZone: string): DayRange {
  if (to < from) [from, to] = [to, from];
  return { from, to, start: dayStartUtc(from, timeZone), end: dayStartUtc(addDays(to, 1), timeZone) };
}

/** The last `days` local days up to today (today included). */
export function lastDays(now: Date, days: number, timeZone: string): DayRange {
  const today = zonedParts(now, timeZone).date;
  return dayRange(addDays(today, -(Math.max(1, days) - 1)), today, timeZone);
}

/** Every local day of the range with its UTC bounds (charts count per local day, DST included). */
export function daysOf(r: DayRange, timeZone: string): { day: string; start: string; end: string }[] {
  const out: { day: string; start: string; end: string }[] = [];
  let start = r.start;
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) {
    const end = dayStartUtc(addDays(d, 1), timeZone);
    out.push({ day: d, start, end });
    start = end;
  }
  return out;
}

/** The 24 hours of one local day with their UTC bounds. */
export function hoursOf(r: DayRange): { hour: number; start: string; end: string }[] {
  const s = Date.parse(r.start), e = Date.parse(r.end);
  const out: { hour: number; start: string; end: string }[] = [];
  for (let t = s, h = 0; t < e; t += 3_600_000, h++) {
    out.push({
      hour: h,
      start: new Date(t).toISOString(),
      end: new Date(Math.min(e, t + 3_600_000)).toISOString(),
    });
  }
  return out;
}

export const MAX_RANGE_DAYS = 366 * 2;
export const rangeDays = (r: DayRange) => Math.round((Date.parse(r.end) - Date.parse(r.start)) / DAY_MS);
