/**
 * The list's date filters (startDate, endDate, updatedAt) are calendar days in the company's time
 * zone (DESIGN §5), turned here into a half-open UTC range of updated_at.
 */
import { addDays, dayStartUtc } from "../lib/time.ts";

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
