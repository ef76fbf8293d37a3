/**
 * Time in the company's zone. Working hours, due dates and reports use the tenant's time zone,
 * never the server clock's zone (DESIGN §5).
 */

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one, and
 * zonedParts runs on every request that looks at a tenant's calendar. Bounded by the number of
 * zones in use; an unknown zone throws (RangeError) and is not stored.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 500;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "long",
      hourCycle: "h23",
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** Parts of `at` as seen in `timeZone`. */
export function zonedParts(at: Date, timeZone: string) {
  const f = formatterFor(timeZone);
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}`,
    weekdayEn: String(p.weekday).toLowerCase(),
  };
}

const todays = new Map<string, { minute: number; date: string }>();

/**
 * Today's calendar date (YYYY-MM-DD) in the zone. Asked on every request (the subscription gate),
 * so it is kept per zone for the current minute: zone offsets are whole minutes, so the date only
 * changes on a minute boundary (formatting costs ≈ 40 µs).
 */
export function todayIn(at: Date, timeZone: string): string {
  const minute = Math.floor(at.getTime() / 60_000);
  const hit = todays.get(timeZone);
  if (hit?.minute === minute) return hit.date;
  const date = zonedParts(at, timeZone).date;
  if (todays.size >= MAX_FORMATTERS) todays.clear();
  todays.set(timeZone, { minute, date });
  return date;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(date + "T00:00:00Z");
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** True when HH:mm `t` lies within [start, end] (inclusive, minute precision); handles overnight. */
export function withinHours(t: string, start: string, end: string): boolean {
  const m = (s: string) => {
    const [h, mm] = (s || "00:00").split(":").map(Number);
    return h * 60 + (mm || 0);
  };
  const x = m(t), a = m(start), b = m(end);
  return a <= b ? x >= a && x <= b : x >= a || x <= b;
}

export const isoNow = (clock: Clock) => clock.now().toISOString();

/**
 * The zone a signed-in user reads dates in: the one they chose in their profile, else the
 * company's. The web app shows every date in it (one clock), so the day filters of lists, reports
 * and exports are read in it too, and exports format their dates in it.
 */
export const readerZone = (a: { user: { timezone: string | null }; company: { timezone: string } }) =>
  a.user.timezone || a.company.timezone;

/** UTC instant (ISO) at which calendar day `date` begins in `timeZone`. */
export function dayStartUtc(date: string, timeZone: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d);
  // Offset of the zone at an instant = its wall-clock reading minus the instant. Two rounds
  // settle days that start at a DST change.
  let ts = wall - zoneOffsetMs(wall, timeZone);
  ts = wall - zoneOffsetMs(ts, timeZone);
  return new Date(ts).toISOString();
}

/**
 * The instant at which the wall clock of `timeZone` reads `wallMs` (a wall-clock reading written as
 * if it were UTC). A reading a DST change skips (spring forward) is read with the offset in force
 * before the change, so it lands after the gap by the gap's length (00:30 skipped by 00:00 → 01:00
 * gives 01:30).
 */
export function wallToUtc(wallMs: number, timeZone: string): Date {
  let ts = wallMs - zoneOffsetMs(wallMs, timeZone);
  ts = wallMs - zoneOffsetMs(ts, timeZone);
  // In a skipped hour the rounds swing across the gap and may settle before it (reading earlier
  // than asked): the offset in force before the gap puts the instant after it.
  const before = zoneOffsetMs(ts, timeZone);
  if (ts + before < wallMs) ts = wallMs - before;
  return new Date(ts);
}

function zoneOffsetMs(at: number, timeZone: string): number {
  const f = formatterFor(timeZone);
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}
