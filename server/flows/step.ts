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
import { and, eq, isNull } from "drizzle-orm";
import { ticketTraking } from "@db/schema.ts";
import type { AutomationContext, AutomationStep } from "../automation/step.ts";
import { touchTraking } from "../automation/bot.ts";
import { activeCampaigns } from "./repo.ts";
import { fold } from "./answers.ts";
import { endFlow, resumeWithReply, startFlow } from "./runtime.ts";
import { botEndedBefore, botSourceOf } from "../tickets/bot_switch.ts";
import {
  type FlowbuilderIntegration,
  flowbuilderIntegration,
  hadEarlierTicket,
  startFlowbuilder,
} from "./integration.ts";

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

/** The flowbuilder integration that should take this waiting ticket now, if any. */
async function flowbuilderFor(ctx: AutomationContext): Promise<FlowbuilderIntegration | null> {
  const { deps, ticket } = ctx;
  if (ticket.userId || ticket.status === "open" || ticket.status === "closed") return null;
  if (ticket.useIntegration) {
    return ticket.promptId
      ? null
      : await flowbuilderIntegration(deps, ticket.companyId, ticket.integrationId);
  }
  if (!ticket.queueId) return null;
  const source = await botSourceOf(deps.db, ticket, ctx.connection);
  if (!source?.integrationId) return null;
  const fb = await flowbuilderIntegration(deps, ticket.companyId, source.integrationId);
  if (!fb || await botEndedBefore(deps.db, ticket.id) || (await ctx.contact())?.disableBot) return null;
  return fb;
}

export const flowStep: AutomationStep = {
  name: "flow",
  async run(ctx) {
    const { deps, ticket } = ctx;
    if (ticket.isGroup || ctx.message.fromMe) return "continue";
    if (ticket.flowStopped && ticket.lastFlowId) {
      // A Typebot / OpenAI node with inline settings holds it: each message is that bot's turn.
      if (ticket.useIntegration && !ticket.integrationId && !ticket.promptId) return "continue";
      // An attendant took the conversation: the flow lets go and the message is theirs.
      if (ticket.userId || ticket.status === "open") {
        await endFlow(deps, ticket, "an attendant took the ticket; the flow ended");
        return "continue";
      }
      if (ticket.flowWebhook) await resumeWithReply(deps, ticket, ctx.body);
      return "stop";
    }
    // A flowbuilder integration: the ticket's own (a chatbot option, the conversation's switch) or
    // its queue's, once per ticket (flows/integration.ts).
    const fb = await flowbuilderFor(ctx);
    if (fb) {
      const left = await startFlowbuilder(deps, ticket, fb, ctx.body);
      return left.useIntegration ? "stop" : "continue";
    }
    if (ticket.useIntegration || ticket.queueId || ticket.userId) return "continue";

    if (ctx.body) {
      // Folded only once the campaigns are read, and only if there are any: a folded copy of a
      // long body kept across the read outlives the young generation for nothing.
      const campaigns = await activeCampaigns(deps.db, ticket.companyId);
      const phrase = campaigns.length ? fold(ctx.body) : "";
      const campaign = campaigns.find((c) =>
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
    const flowId = (await hadEarlierTicket(deps, ticket)) ? flowIdNotPhrase : flowIdWelcome;
    if (flowId && await started(ctx, flowId)) return "stop";
    return "continue";
  },
};
