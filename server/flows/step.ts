/**
 * The flow builder as an automation step (DESIGN §11: after the queue-hours check, before the
 * integrations and the chatbot). In order:
 *  1. a ticket in a flow: a reply to the menu or question it is parked on resumes it; a message
 *     while it waits out an interval is left alone (the flow speaks next);
 *  2. a phrase campaign whose phrase the message is (on this connection, or on any) starts its flow;
 *  3. the first customer message of a ticket with no queue and no attendant starts the connection's
 *     welcome flow (the contact's first ticket on the connection) or its not-a-phrase flow (a
 *     returning contact).
 * Tickets already handed to an integration, a queue or an attendant are not touched.
 */
import { and, count, eq, lt } from "drizzle-orm";
import { messages, tickets } from "@db/schema.ts";
import type { AutomationContext, AutomationStep } from "../automation/step.ts";
import { activeCampaigns } from "./repo.ts";
import { fold } from "./answers.ts";
import { endFlow, resumeWithReply, startFlow } from "./runtime.ts";

async function isFirstMessage(ctx: AutomationContext): Promise<boolean> {
  const [{ n }] = await ctx.deps.db.select({ n: count() }).from(messages).where(and(
    eq(messages.ticketId, ctx.ticket.id),
    eq(messages.fromMe, false),
  ));
  return n <= 1;
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
    if (ticket.useIntegration || ticket.queueId || ticket.userId || !ctx.body) return "continue";

    const phrase = fold(ctx.body);
    const campaign = (await activeCampaigns(deps.db, ticket.companyId)).find((c) =>
      (c.whatsappId === null || c.whatsappId === ctx.connection.id) && fold(c.phrase) === phrase
    );
    if (campaign && await startFlow(deps, ticket, campaign.flowId)) return "stop";

    const { flowIdWelcome, flowIdNotPhrase } = ctx.connection;
    if (!flowIdWelcome && !flowIdNotPhrase) return "continue";
    if (!(await isFirstMessage(ctx))) return "continue";
    const flowId = (await hadEarlierTicket(ctx)) ? flowIdNotPhrase : flowIdWelcome;
    if (flowId && await startFlow(deps, ticket, flowId)) return "stop";
    return "continue";
  },
};
