/**
 * Ratings (NPS; reference §3 step 10, done right: the rating is marked on the tracking row). On
 * close, when userRating is on and the connection has a rating message, an attended ticket goes to
 * status nps and the customer is asked (tickets/rating.ts, called by the close transition).
 * A 0–10 answer is stored in user_ratings and closes the ticket with the farewell; anything else
 * asks again up to maxUseBotQueuesNPS times, then the ticket closes unrated. expiresTicketNPS
 * closes it unrated (the npsExpiry timer).
 */
import { and, eq, isNull } from "drizzle-orm";
import { ticketTraking, userRatings } from "@db/schema.ts";
import type { AutomationContext, AutomationStep } from "../step.ts";
import { botClose, botSay, botUpdate } from "../bot.ts";

export const INVALID_RATING = "Opção inválida, tente novamente.";

export const ratingStep: AutomationStep = {
  name: "rating",
  async run(ctx: AutomationContext) {
    const { deps, ticket, connection } = ctx;
    if (ticket.status !== "nps") return "continue";
    const rate = /^\d{1,2}$/.test(ctx.body) ? Number(ctx.body) : NaN;
    if (rate >= 0 && rate <= 10) {
      const at = deps.clock.now().toISOString();
      if (connection.complationMessage) await botSay(deps, ticket, connection.complationMessage);
      // The answer is stored before the close, so the close's ticket.updated finds it (the
      // dashboard's rollup recomputes the cycle's day on that event).
      await deps.database.write(async (tx) => {
        await tx.insert(userRatings).values({
          companyId: ticket.companyId,
          ticketId: ticket.id,
          userId: ticket.userId,
          rate,
        });
        await tx.update(ticketTraking).set({ ratingAt: at, rated: true }).where(and(
          eq(ticketTraking.ticketId, ticket.id),
          isNull(ticketTraking.ratingAt),
        ));
      });
      await botClose(deps, ticket, "closed", { amountUsedBotQueuesNPS: 0 });
      return "stop";
    }
    const used = ticket.amountUsedBotQueuesNPS + 1;
    if (connection.maxUseBotQueuesNPS > 0 && used > connection.maxUseBotQueuesNPS) {
      await botClose(deps, ticket);
      return "stop";
    }
    await botSay(deps, ticket, `${INVALID_RATING}\n\n${connection.ratingMessage ?? ""}`);
    await botUpdate(deps, ticket, { amountUsedBotQueuesNPS: used });
    return "stop";
  },
};
