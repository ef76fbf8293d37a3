/**
 * Time the test decides: a clock moved by hand (`createTestApp({ clock })`, then
 * `clock.advance(ms)`) and the calendar arithmetic due-date tests need.
 */

export const MINUTE = 60_000;
export const DAY = 24 * 3600_000;

/** A clock the test moves by hand. */
export class ManualClock {
  current: Date;
  constructor(start: Date | string = new Date()) {
    this.current = new Date(start);
  }
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
}

/** Today's calendar date in a time zone, for due-date arithmetic in tests. */
export function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(at);
}

export function shiftDate(date: string, days: number): string {
  const d = new Date(date + "T00:00:00Z");
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
