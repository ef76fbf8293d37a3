/**
 * Recurrence of scheduled messages (spec 1 §9): intervalo is the unit (1 days, 2 weeks, 3 months,
 * 4 minutes), valorIntervalo how many units, enviarQuantasVezes how many sends in all. tipoDias is
 * the weekend rule, judged in the company's time zone: 4 sends on any day, 5 moves a Saturday or
 * Sunday slot to the Friday before, 6 to the Monday after (keeping the time of day).
 */
import { zonedParts } from "../lib/time.ts";

const DAY = 86_400_000;

export function advance(from: Date, intervalo: number, valor: number): Date {
  const d = new Date(from);
  if (intervalo === 4) return new Date(d.getTime() + valor * 60_000);
  if (intervalo === 2) return new Date(d.getTime() + valor * 7 * DAY);
  if (intervalo === 3) {
    d.setUTCMonth(d.getUTCMonth() + valor);
    return d;
  }
  return new Date(d.getTime() + valor * DAY);
}

export function weekendRule(at: Date, tipoDias: number, timeZone: string): Date {
  if (tipoDias !== 5 && tipoDias !== 6) return at;
  const day = zonedParts(at, timeZone).weekdayEn;
  if (day !== "saturday" && day !== "sunday") return at;
  const shift = tipoDias === 5 ? (day === "saturday" ? -1 : -2) : (day === "saturday" ? 2 : 1);
  return new Date(at.getTime() + shift * DAY);
}

/**
 * The slot after `slot`, or null when the schedule is done. Slots that passed while the server
 * was down were caught up by the send just made, so the next one is the first still in the future.
 */
export function nextSlot(
  s: { intervalo: number; valorIntervalo: number; enviarQuantasVezes: number; tipoDias: number },
  slot: Date,
  sentSoFar: number,
  now: Date,
  timeZone: string,
): Date | null {
  if (s.valorIntervalo <= 0 || sentSoFar >= s.enviarQuantasVezes) return null;
  let next = advance(slot, s.intervalo, s.valorIntervalo);
  for (let i = 0; i < 100_000 && next.getTime() <= now.getTime(); i++) {
    next = advance(next, s.intervalo, s.valorIntervalo);
  }
  return weekendRule(next, s.tipoDias, timeZone);
}
