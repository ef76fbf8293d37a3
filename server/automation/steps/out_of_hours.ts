/**
 * Out of hours by the company's or the connection's working hours (reference §3 steps 8 and 13;
 * scheduleType company / connection) and collective vacation. The customer gets the message once
 * per absence, not on every message: the ticket keeps isOutOfHour and the time of the reply, and
 * the reply is repeated only once the hours have opened since. Evaluated in the company's zone.
 */
import type { Deps } from "../../deps.ts";
import type { TicketRow } from "../../tickets/repo.ts";
import { onVacation } from "../../lib/working_hours.ts";
import { companyCalendar, hoursCheck } from "../../companies/calendar.ts";
import type { AutomationContext, AutomationStep } from "../step.ts";
import { botSay, botUpdate } from "../bot.ts";

/**
 * The shared rule: within hours clears the mark and continues; outside, answers `message` unless
 * this absence was already answered, and stops the chain either way.
 */
export async function answerOutOfHours(
  deps: Deps,
  ticket: TicketRow,
  open: boolean,
  sameAbsence: (since: Date) => boolean,
  message: string | null | undefined,
): Promise<"continue" | "stop"> {
  if (open) {
    if (ticket.isOutOfHour) await botUpdate(deps, ticket, { isOutOfHour: false, outOfHourAt: null });
    return "continue";
  }
  if (ticket.isOutOfHour && ticket.outOfHourAt && sameAbsence(new Date(ticket.outOfHourAt))) return "stop";
  if (message?.trim()) await botSay(deps, ticket, message);
  await botUpdate(deps, ticket, { isOutOfHour: true, outOfHourAt: deps.clock.now().toISOString() });
  return "stop";
}

export const outOfHoursStep: AutomationStep = {
  name: "outOfHours",
  async run(ctx: AutomationContext) {
    const { deps, ticket, connection } = ctx;
    if (ticket.status === "open" || ticket.status === "group") return "continue";
    if (ticket.isGroup && connection.groupAsTicket !== "enabled") return "continue";
    const type = await deps.caches.settings.get(ticket.companyId, "scheduleType");
    const byHours = type === "company" || type === "connection";
    // Nothing to check (the common case): no company read on the inbound path.
    if (!byHours && !connection.collectiveVacationMessage) return "continue";
    const now = deps.clock.now();
    const cal = await companyCalendar(deps, ticket.companyId);
    const { collectiveVacationStart: start, collectiveVacationEnd: end } = connection;
    if (connection.collectiveVacationMessage && onVacation(start, end, now, cal.timeZone)) {
      // One answer per ticket during the vacation.
      const vacationFrom = new Date(`${start!.slice(0, 10)}T00:00:00Z`).getTime() - 86_400_000;
      return await answerOutOfHours(
        deps,
        ticket,
        false,
        (since) => since.getTime() >= vacationFrom,
        connection.collectiveVacationMessage,
      );
    }
    if (!byHours) return "continue";
    const schedules = type === "company" ? cal.schedules : connection.schedules;
    const { open, sameAbsence } = hoursCheck(schedules, cal.timeZone, now);
    return await answerOutOfHours(deps, ticket, open, sameAbsence, connection.outOfHoursMessage);
  },
};
