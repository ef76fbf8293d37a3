/**
 * Out of hours by the company's or the connection's working hours (reference §3 steps 8 and 13;
 * scheduleType company / connection) and collective vacation. The first message of an absence is
 * always answered; later ones in the same absence only as the connection allows, as the reference
 * does: at most maxUseBotQueues answers (0 = no limit) and none inside timeUseBotQueues minutes of
 * the last one. The ticket keeps isOutOfHour, the time of the last answer and the count
 * (amountUsedBotQueues, which the open hours reset for the chatbot). Evaluated in the company's zone.
 */
import type { Deps } from "../../deps.ts";
import type { TicketRow } from "../../tickets/repo.ts";
import { onVacation } from "../../lib/working_hours.ts";
import { companyCalendar, hoursCheck } from "../../companies/calendar.ts";
import type { AutomationContext, AutomationStep } from "../step.ts";
import { botSay, botUpdate } from "../bot.ts";

/** How often one absence is answered: at most `max` answers (0 = no limit), `cooldownMin` apart. */
export type AnswerLimits = { max: number; cooldownMin: number };

/** The connection's limits (the same fields bound the chatbot's menu). */
export const connectionLimits = (c: { maxUseBotQueues: number; timeUseBotQueues: number }): AnswerLimits => ({
  max: c.maxUseBotQueues,
  cooldownMin: c.timeUseBotQueues,
});

/**
 * The shared rule: within hours clears the mark and continues; outside, answers `message` when this
 * is a new absence or `limits` allow another answer in it, and stops the chain either way.
 */
export async function answerOutOfHours(
  deps: Deps,
  ticket: TicketRow,
  open: boolean,
  sameAbsence: (since: Date) => boolean,
  message: string | null | undefined,
  limits: AnswerLimits,
): Promise<"continue" | "stop"> {
  if (open) {
    if (ticket.isOutOfHour) {
      await botUpdate(deps, ticket, { isOutOfHour: false, outOfHourAt: null, amountUsedBotQueues: 0 });
    }
    return "continue";
  }
  const now = deps.clock.now();
  const last = ticket.isOutOfHour && ticket.outOfHourAt ? new Date(ticket.outOfHourAt) : null;
  const same = !!last && sameAbsence(last);
  if (same) {
    if (limits.max > 0 && ticket.amountUsedBotQueues >= limits.max) return "stop";
    if (now.getTime() - last!.getTime() < limits.cooldownMin * 60_000) return "stop";
  }
  if (message?.trim()) await botSay(deps, ticket, message);
  await botUpdate(deps, ticket, {
    isOutOfHour: true,
    outOfHourAt: now.toISOString(),
    amountUsedBotQueues: same ? ticket.amountUsedBotQueues + 1 : 1,
  });
  return "stop";
}

export const outOfHoursStep: AutomationStep = {
  name: "outOfHours",
  async run(ctx: AutomationContext) {
    const { deps, ticket, connection } = ctx;
    if (ticket.status === "open" || ticket.status === "group") return "continue";
    // A ticket in nps is the customer answering our rating question (as a campaign confirmation
    // is): the rating step takes it, whatever the hours; the closed text would lose the rating.
    if (ticket.status === "nps") return "continue";
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
        { max: 1, cooldownMin: 0 },
      );
    }
    if (!byHours) return "continue";
    const schedules = type === "company" ? cal.schedules : connection.schedules;
    const { open, sameAbsence } = hoursCheck(schedules, cal.timeZone, now);
    return await answerOutOfHours(
      deps,
      ticket,
      open,
      sameAbsence,
      connection.outOfHoursMessage,
      connectionLimits(connection),
    );
  },
};
