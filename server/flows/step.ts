/**
 * The flow builder as an automation step (DESIGN §11: after the queue-hours check, before the
 * integrations and the chatbot). In order:
 *  1. a ticket in a flow: a reply to the menu or question it is parked on resumes it; a message
 *     while it waits out an interval is left alone (the flow speaks next);
 *  2. a phrase campaign whose phrase the message is (on this connection, or on any) starts its flow;
 *  3. the first customer message that reaches the bots on a ticket with no queue and no attendant
 *     starts the connection's welcome flow (the contact's first ticket on the connection) or its
 *     not-a-phrase flow (a returning contact).
 * Tickets already handed to an integration, a queue or an attendant are not touched.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { tickets, ticketTraking } from "@db/schema.ts";
import type { AutomationContext, AutomationStep } from "../automation/step.ts";
import { touchTraking } from "../automation/bot.ts";
import { activeCampaigns } from "./repo.ts";
import { fold } from "./answers.ts";
import { endFlow, resumeWithReply, startFlow } from "./runtime.ts";

/**
 * No bot has taken this conversation yet: the tracking row of the ticket's open cycle has no
 * chatbotAt (set by the queue menu, the chatbot and a flow's start). The out-of-hours and consent
 * answers do not set it, so a conversation they held back still starts with its welcome flow, and
 * a flow that ended without a queue is not started again by the next message.
 */
async function noBotYet(ctx: AutomationContext): Promise<boolean> {
  const [tr] = await ctx.deps.db.select({ at: ticketTraking.chatbotAt }).from(ticketTraking).where(and(
    eq(ticketTraking.ticketId, ctx.ticket.id),
    isNull(ticketTraking.finishedAt),
  )).limit(1);
  return !tr?.at;
}

async function started(ctx: AutomationContext, flowId: number): Promise<boolean> {
  if (!(await startFlow(ctx.deps, ctx.ticket, flowId))) return false;
  const at = ctx.deps.clock.now().toISOString();
  await ctx.deps.database.write((tx) => touchTraking(tx, ctx.ticket.id, at));
  return true;
}

async function hadEarlierTicket(ctx: AutomationContext): Promise<boolean> {
  const t = ctx.ticket;
  const [row] = await ctx.deps.db.select({ id: tickets.id }).from(tickets).where(and(
    eq(tickets.companyId, t.companyId),
    eq(tickets.contactId, t.contactId),
    eq(tickets.whatsappId, t.whatsappId!),
    lt(tickets.id, t.id),
  )).limit(1);
  return !!row;
}

export const flowStep: AutomationStep = {
  name: "flow",
  async run(ctx) {
    const { deps, ticket } = ctx;
    if (ticket.isGroup || ctx.message.fromMe) return "continue";
    if (ticket.flowStopped && ticket.lastFlowId) {
      // An attendant took the conversation: the flow lets go and the message is theirs.
      if (ticket.userId || ticket.status === "open") {
        await endFlow(deps, ticket, "an attendant took the ticket; the flow ended");
        return "continue";
      }
      if (ticket.flowWebhook) await resumeWithReply(deps, ticket, ctx.body);
      return "stop";
    }
    if (ticket.useIntegration || ticket.queueId || ticket.userId) return "continue";

    if (ctx.body) {
      const phrase = fold(ctx.body);
      const campaign = (await activeCampaigns(deps.db, ticket.companyId)).find((c) =>
        (c.whatsappId === null || c.whatsappId === ctx.connection.id) && fold(c.phrase) === phrase
      );
      if (campaign && await started(ctx, campaign.flowId)) return "stop";
    }

    // The welcome flow starts with the first message that reaches the bots — after an absence's
    // answer or the consent (whose "1" was consumed: the flow greets right after it), not only
    // with the ticket's first message.
    const { flowIdWelcome, flowIdNotPhrase } = ctx.connection;
    if (!flowIdWelcome && !flowIdNotPhrase) return "continue";
    if (!(await noBotYet(ctx))) return "continue";
    const flowId = (await hadEarlierTicket(ctx)) ? flowIdNotPhrase : flowIdWelcome;
    if (flowId && await started(ctx, flowId)) return "stop";
    return "continue";
  },
};
