/**
 * The company's calendar: its time zone and working hours, and whether a set of hours keeps a
 * conversation out of hours now. Read by the out-of-hours automation steps and by the webchat
 * (which hides its bubble outside hours); it lives here so neither reaches into the other.
 */
import { eq } from "drizzle-orm";
import { companies, type WorkingHours } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { isWithinHours, openedBetween } from "../lib/working_hours.ts";

export async function companyCalendar(deps: Deps, companyId: number) {
  const [c] = await deps.db.select({ timezone: companies.timezone, schedules: companies.schedules })
    .from(companies).where(eq(companies.id, companyId)).limit(1);
  return { timeZone: c?.timezone || "America/Sao_Paulo", schedules: c?.schedules ?? [] };
}

/** Whether `schedules` keep the ticket's conversation out of hours right now. */
export function hoursCheck(schedules: readonly WorkingHours[], timeZone: string, now: Date) {
  return {
    open: isWithinHours(schedules, now, timeZone),
    sameAbsence: (since: Date) => !openedBetween(schedules, since, now, timeZone),
  };
}
