/**
 * Out of hours by the ticket's queue (reference §3 step 19; scheduleType queue): a ticket waiting
 * in a queue that is closed now gets the queue's outOfHoursMessage (as often in one absence as the
 * connection's limits allow, like the connection's hours), and its chatbot waits until the hours open.
 */
import type { Deps } from "../../deps.ts";
import type { TicketRow } from "../../tickets/repo.ts";
import type { AutomationContext, AutomationStep } from "../step.ts";
import { companyCalendar, hoursCheck } from "../../companies/calendar.ts";
import { type AnswerLimits, answerOutOfHours, connectionLimits } from "./out_of_hours.ts";

/** Applies the queue's hours to the ticket (when scheduleType is queue); "continue" when open. */
export async function queueHours(
  deps: Deps,
  ticket: TicketRow,
  queueId: number,
  limits: AnswerLimits,
): Promise<"continue" | "stop"> {
  if ((await deps.caches.settings.get(ticket.companyId, "scheduleType")) !== "queue") return "continue";
  const q = await deps.db.query.queues.findFirst({
    where: (t, { and, eq }) => and(eq(t.companyId, ticket.companyId), eq(t.id, queueId)),
  });
  if (!q) return "continue";
  const cal = await companyCalendar(deps, ticket.companyId);
  const { open, sameAbsence } = hoursCheck(q.schedules, cal.timeZone, deps.clock.now());
  return await answerOutOfHours(deps, ticket, open, sameAbsence, q.outOfHoursMessage, limits);
}

export const queueHoursStep: AutomationStep = {
  name: "queueHours",
  async run(ctx: AutomationContext) {
    const { ticket, connection } = ctx;
    if (!ticket.queueId || ticket.userId) return "continue";
    if (ticket.status === "open" || ticket.status === "group") return "continue";
    if (ticket.isGroup && connection.groupAsTicket !== "enabled") return "continue";
    return await queueHours(ctx.deps, ticket, ticket.queueId, connectionLimits(connection));
  },
};
