/**
 * The list's date filters (startDate, endDate, updatedAt) are calendar days in the company's time
 * zone (DESIGN §5), turned here into a half-open UTC range of updated_at.
 */
import { addDays } from "../lib/time.ts";

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

function zoneOffsetMs(at: number, timeZone: string): number {
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** [from, to) of updated_at for a date range in the company's zone. */
export function updatedRange(
  q: { startDate?: string; endDate?: string; updatedAt?: string },
  timeZone: string,
): { updatedFrom?: string; updatedTo?: string } {
  const from = [q.startDate, q.updatedAt].filter((x): x is string => !!x).sort().at(-1);
  const to = [q.endDate, q.updatedAt].filter((x): x is string => !!x).sort().at(0);
  return {
    updatedFrom: from ? dayStartUtc(from, timeZone) : undefined,
    updatedTo: to ? dayStartUtc(addDays(to, 1), timeZone) : undefined,
  };
}
