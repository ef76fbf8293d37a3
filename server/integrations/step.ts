/**
 * The automation step of the integrations (DESIGN §11 "integration in progress"; reference §3
 * steps 15–16). A customer message on a ticket handed to a bot (useIntegration with integrationId
 * or promptId, set by any source) becomes a durable turn job and the later steps (chatbot, queue
 * menu) are skipped. A ticket without a queue takes the connection's integration or prompt; one
 * waiting in a queue takes the queue's. Once a bot handed the ticket over (log `integrationEnd`)
 * neither starts again on that ticket: people have it.
 */
import { and, eq } from "drizzle-orm";
import { queueIntegrations } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { AutomationStep } from "../automation/step.ts";
import { botEndedBefore, botSourceOf } from "../tickets/bot_switch.ts";
import { botUpdate } from "../automation/bot.ts";
import { enqueueTurn, labelOf } from "./runtime.ts";

async function integrationOf(deps: Deps, companyId: number, id: number) {
  const [row] = await deps.db.select({ type: queueIntegrations.type, name: queueIntegrations.name })
    .from(queueIntegrations).where(
      and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)),
    );
  return row ?? null;
}

export const integrationStep: AutomationStep = {
  name: "integration",
  async run(ctx) {
    const { deps, message, connection } = ctx;
    let ticket = ctx.ticket;
    if (message.fromMe || ticket.userId || ticket.status === "open" || ticket.status === "closed") {
      return "continue";
    }
    if (ticket.isGroup && connection.groupAsTicket !== "enabled") return "continue";
    if ((await ctx.contact())?.disableBot) return "continue";
    if (!ticket.useIntegration) {
      const source = await botSourceOf(deps.db, ticket, connection);
      if (!source || await botEndedBefore(deps.db, ticket.id)) return "continue";
      const integration = source.integrationId
        ? await integrationOf(deps, ticket.companyId, source.integrationId)
        : null;
      // Flow-builder integrations are the flow runtime's.
      if (integration?.type === "flowbuilder") return "continue";
      ticket = await botUpdate(deps, ticket, {
        useIntegration: true,
        integrationId: source.integrationId,
        promptId: source.promptId,
        typebotSessionId: null,
        typebotStatus: integration?.type === "typebot",
      }, { type: "integration", detail: integration ? labelOf(integration) : "OpenAI" });
    } else if (!ticket.promptId) {
      // Neither an integration nor a prompt row: a flow node's inline bot, or nothing.
      if (!ticket.integrationId && !(ticket.flowStopped && ticket.lastFlowId)) return "continue";
      if (!ticket.integrationId) {
        await enqueueTurn(deps, { companyId: ticket.companyId, ticketId: ticket.id, messageId: message.id });
        return "stop";
      }
      const integration = await integrationOf(deps, ticket.companyId, ticket.integrationId);
      if (!integration || integration.type === "flowbuilder") return "continue";
    }
    // The message answered an earlier step (the consent's "1"): the bot has the ticket now and
    // hears the customer's next message, not that one.
    if (!ctx.body && message.body.trim()) return "stop";
    await enqueueTurn(deps, { companyId: ticket.companyId, ticketId: ticket.id, messageId: message.id });
    return "stop";
  },
};
