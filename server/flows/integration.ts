/**
 * Queue integrations of type `flowbuilder` (spec 2 §5). They carry no settings of their own (the
 * spec's integration has no flow field); as in the reference (§7: the flow builder runs where the
 * integration is flowbuilder), one starts the flow the flow builder's own triggers pick for the
 * ticket on its connection: a phrase campaign whose phrase the message is, else the connection's
 * standard flow — `flowIdWelcome` for the contact's first ticket there, `flowIdNotPhrase` for a
 * returning contact, whichever is set when only one is. Sources: a chatbot option of kind
 * integration (the flow starts as the option is chosen), the ticket's queue (with the customer's
 * next message there), the conversation's integration switch. The run remembers the integration
 * (`dataWebhook.integrationId`): when the flow ends, hands to a queue or to another bot, the
 * ticket is handed back like after any bot (log `integrationEnd`), so it starts once per ticket.
 */
import { and, eq, lt } from "drizzle-orm";
import { queueIntegrations, tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { getConnection } from "../connections/repo.ts";
import { botUpdate, touchTraking } from "../automation/bot.ts";
import { activeCampaigns } from "./repo.ts";
import { fold } from "./answers.ts";
import { startFlow } from "./runtime.ts";

export type FlowbuilderIntegration = { id: number; name: string };

/** The integration when it is one of the company's flowbuilder integrations; else null. */
export async function flowbuilderIntegration(
  deps: Deps,
  companyId: number,
  id: number | null,
): Promise<FlowbuilderIntegration | null> {
  if (!id) return null;
  const [row] = await deps.db.select({ id: queueIntegrations.id, name: queueIntegrations.name })
    .from(queueIntegrations).where(and(
      eq(queueIntegrations.companyId, companyId),
      eq(queueIntegrations.id, id),
      eq(queueIntegrations.type, "flowbuilder"),
    ));
  return row ?? null;
}

/** The contact had a ticket on this connection before this one (a returning contact). */
export async function hadEarlierTicket(deps: Deps, t: TicketRow): Promise<boolean> {
  const [row] = await deps.db.select({ id: tickets.id }).from(tickets).where(and(
    eq(tickets.companyId, t.companyId),
    eq(tickets.contactId, t.contactId),
    eq(tickets.whatsappId, t.whatsappId!),
    lt(tickets.id, t.id),
  )).limit(1);
  return !!row;
}

/** The flow the flow builder's triggers pick for the ticket and this message; null when none. */
async function pickFlow(deps: Deps, ticket: TicketRow, body: string): Promise<number | null> {
  if (!ticket.whatsappId) return null;
  const conn = await getConnection(deps.db, ticket.companyId, ticket.whatsappId);
  if (body.trim()) {
    const phrase = fold(body);
    const campaign = (await activeCampaigns(deps.db, ticket.companyId)).find((c) =>
      (c.whatsappId === null || c.whatsappId === conn.id) && fold(c.phrase) === phrase
    );
    if (campaign) return campaign.flowId;
  }
  const returning = await hadEarlierTicket(deps, ticket);
  return (returning
    ? conn.flowIdNotPhrase ?? conn.flowIdWelcome
    : conn.flowIdWelcome ?? conn.flowIdNotPhrase) ??
    null;
}

/**
 * Hands the ticket to a flowbuilder integration: its flow starts now, with the run's own variables.
 * Without a flow to start (or an inactive one) the ticket is handed back at once. The ticket as
 * left.
 */
export async function startFlowbuilder(
  deps: Deps,
  ticket0: TicketRow,
  integration: FlowbuilderIntegration,
  body: string,
): Promise<TicketRow> {
  let ticket = await botUpdate(deps, ticket0, {
    useIntegration: true,
    integrationId: integration.id,
    promptId: null,
    typebotSessionId: null,
    typebotStatus: false,
  }, { type: "integration", detail: `flowbuilder «${integration.name}»` });
  const flowId = await pickFlow(deps, ticket, body);
  if (flowId && await startFlow(deps, ticket, flowId, { integrationId: integration.id })) {
    const at = deps.clock.now().toISOString();
    await deps.database.write((tx) => touchTraking(tx, ticket.id, at));
    return ticket;
  }
  ticket = await botUpdate(deps, ticket, { useIntegration: false, integrationId: null }, {
    type: "integrationEnd",
    detail: "flowbuilder: no active flow to start on this connection",
  });
  return ticket;
}
