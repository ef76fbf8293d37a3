/** List and conversation helpers over lib/dates.ts: every "today", "yesterday" and day in the display zone. */
import {
  addDays,
  dayOf,
  formatDate,
  formatDateTime,
  formatTime,
  sameDay as sameDisplayDay,
} from "./dates.ts";

/** The list's last-message time: the clock time today, the date otherwise (in the language's formats). */
export function listTime(iso: string | null | undefined, now: string | number | Date = Date.now()): string {
  if (!iso) return "";
  const day = dayOf(iso);
  if (!day) return "";
  return day === dayOf(now) ? formatTime(iso) : formatDate(iso);
}

export const clockTime = (iso: string) => formatTime(iso);

/** The day separator's label key and value. */
export function dayLabel(
  iso: string,
  now: string | number | Date = Date.now(),
): { key: "today" | "yesterday" | null; text: string } {
  const day = dayOf(iso), today = dayOf(now);
  if (day === today) return { key: "today", text: "" };
  if (day === addDays(today, -1)) return { key: "yesterday", text: "" };
  return { key: null, text: formatDate(iso) };
}

export const fullDateTime = (iso: string) => formatDateTime(iso);

/** Cuts a text to `max` characters with an ellipsis. */
export function cut(text: string | null | undefined, max: number): string {
  const s = (text ?? "").replace(/\s+/g, " ").trim();
  return s.length > max ? `${s.slice(0, max).trimEnd()}…` : s;
}

export const sameDay = (a: string, b: string) => sameDisplayDay(a, b);
