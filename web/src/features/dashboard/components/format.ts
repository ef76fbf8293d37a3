/** Figures as the dashboard and the panels show them. */
import { todayKey } from "../../../lib/dates.ts";

/** Minutes as "1h 05m" (spec 1 §2: attendant times show as hours and minutes). */
export function hoursMinutes(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return "—";
  const total = Math.round(minutes);
  const h = Math.floor(total / 60), m = total % 60;
  return `${h}h ${String(m).padStart(2, "0")}m`;
}

/** Minutes as "2d 3h", "3h 05m" or "12m" for ages in the real-time panel. */
export function age(minutes: number): string {
  if (minutes >= 1440) return `${Math.floor(minutes / 1440)}d ${Math.floor((minutes % 1440) / 60)}h`;
  if (minutes >= 60) return hoursMinutes(minutes);
  return `${minutes}m`;
}

export const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;

/** Spec 1 §2's satisfaction faces for a 0–10 answer mapped onto 1–5. */
export function ratingFace(rate: number): string {
  const five = Math.min(5, Math.max(1, Math.ceil(rate / 2)));
  return ["😡", "😠", "😐", "🙂", "😍"][five - 1];
}

/** The first day of the current month and today, as YYYY-MM-DD (in the display zone). */
export function monthToDate(now: Date | number = Date.now()): { from: string; to: string } {
  const to = todayKey(now);
  return { from: `${to.slice(0, 8)}01`, to };
}
