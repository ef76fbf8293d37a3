import { isSameDay, isToday, isYesterday } from "date-fns";
import { formatDate, formatDateTime, formatTime } from "./dates.ts";

/** The list's last-message time: the clock time today, the date otherwise (in the language's formats). */
export function listTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return isSameDay(d, now) ? formatTime(d) : formatDate(d);
}

export const clockTime = (iso: string) => formatTime(iso);

/** The day separator's label key and value. */
export function dayLabel(iso: string): { key: "today" | "yesterday" | null; text: string } {
  const d = new Date(iso);
  if (isToday(d)) return { key: "today", text: "" };
  if (isYesterday(d)) return { key: "yesterday", text: "" };
  return { key: null, text: formatDate(d) };
}

export const fullDateTime = (iso: string) => formatDateTime(iso);

/** Cuts a text to `max` characters with an ellipsis. */
export function cut(text: string | null | undefined, max: number): string {
  const s = (text ?? "").replace(/\s+/g, " ").trim();
  return s.length > max ? `${s.slice(0, max).trimEnd()}…` : s;
}

export const sameDay = (a: string, b: string) => isSameDay(new Date(a), new Date(b));
