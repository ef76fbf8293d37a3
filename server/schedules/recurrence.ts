/**
 * Recurrence of scheduled messages (spec 1 §9): intervalo is the unit (1 days, 2 weeks, 3 months,
 * 4 minutes), valorIntervalo how many units, enviarQuantasVezes how many sends in all. tipoDias is
 * the weekend rule, judged in the company's time zone: 4 sends on any day, 5 moves a Saturday or
 * Sunday slot to the Friday before, 6 to the Monday after. Days, weeks and months are calendar steps
 * in the company's zone: every slot keeps the wall-clock time of day, also across a DST change.
 */
import { wallToUtc, zonedParts } from "../lib/time.ts";

const DAY = 86_400_000;

/**
 * `valor` units after `from`. Minutes are elapsed time; days, weeks and months are calendar steps
 * in the company's zone that keep the wall-clock time of day, so a 09:00 daily schedule stays at
 * 09:00 local across a DST change (a 24-hour step would land at 08:00 or 10:00). A time of day the
 * change skips (spring forward) is read after the gap, like every wall-clock reading (wallToUtc).
 * Months overflow like Date's (31 January + 1 month = 3 March).
 */
export function advance(from: Date, intervalo: number, valor: number, timeZone = "UTC"): Date {
  if (intervalo === 4) return new Date(from.getTime() + valor * 60_000);
  const [y, m, d] = zonedParts(from, timeZone).date.split("-").map(Number);
  const days = intervalo === 2 ? valor * 7 : intervalo === 3 ? 0 : valor;
  const months = intervalo === 3 ? valor : 0;
  return wallToUtc(Date.UTC(y, m - 1 + months, d + days) + wallReading(from, timeZone), timeZone);
}

/** The nominal length of one step (a DST day is an hour off), or null for months. */
function stepMs(intervalo: number, valor: number): number | null {
  if (intervalo === 4) return valor * 60_000;
  if (intervalo === 2) return valor * 7 * DAY;
  if (intervalo === 3) return null;
  return valor * DAY;
}

export function weekendRule(at: Date, tipoDias: number, timeZone: string): Date {
  if (tipoDias !== 5 && tipoDias !== 6) return at;
  const local = zonedParts(at, timeZone);
  const day = local.weekdayEn;
  if (day !== "saturday" && day !== "sunday") return at;
  const shift = tipoDias === 5 ? (day === "saturday" ? -1 : -2) : (day === "saturday" ? 2 : 1);
  // Calendar days in the zone, not 24-hour steps: across a DST change a 24-hour step can land an
  // hour off, on the wrong side of midnight (a Saturday).
  const [y, m, d] = local.date.split("-").map(Number);
  return wallToUtc(Date.UTC(y, m - 1, d + shift) + wallReading(at, timeZone), timeZone);
}

/** Milliseconds since local midnight of `at` in the zone's wall clock. */
function wallReading(at: Date, timeZone: string): number {
  const { time } = zonedParts(at, timeZone);
  const [h, m] = time.split(":").map(Number);
  return (h * 60 + m) * 60_000 + (at.getTime() % 60_000 + 60_000) % 60_000;
}

/**
 * The slot after `slot`, or null when the schedule is done. Always strictly after both the slot
 * just sent and `now`: the weekend rule can move a later step back onto (or before) the slot just
 * sent — a daily schedule sent on a Friday steps to Saturday, which "one working day before" moves
 * back to that same Friday — and such a step is skipped, or the dispatcher would send it again at
 * once. Slots that passed while the server was down were caught up by the send just made, so the
 * next one is the first still in the future.
 */
export function nextSlot(
  s: { intervalo: number; valorIntervalo: number; enviarQuantasVezes: number; tipoDias: number },
  slot: Date,
  sentSoFar: number,
  now: Date,
  timeZone: string,
): Date | null {
  if (s.valorIntervalo <= 0 || sentSoFar >= s.enviarQuantasVezes) return null;
  const after = Math.max(slot.getTime(), now.getTime());
  let raw = advance(slot, s.intervalo, s.valorIntervalo, timeZone);
  const step = stepMs(s.intervalo, s.valorIntervalo);
  if (step && raw.getTime() <= after) {
    // Skip the slots missed while the server was down in one calendar jump, one step short of
    // `after` (calendar days may be an hour shorter or longer); the loop takes the rest.
    const missed = Math.floor((after - raw.getTime()) / step) - 1;
    if (missed > 0) raw = advance(raw, s.intervalo, s.valorIntervalo * missed, timeZone);
  }
  for (let i = 0; i < 100_000; i++) {
    if (raw.getTime() > after) {
      const next = weekendRule(raw, s.tipoDias, timeZone);
      if (next.getTime() > after) return next;
    }
    raw = advance(raw, s.intervalo, s.valorIntervalo, timeZone);
  }
  return null;
}
