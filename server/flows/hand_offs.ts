/**
 * Where a flow run meets the integrations: a Typebot / OpenAI node hands the ticket over (to a saved
 * integration or prompt, or to the node's inline settings), and a run a flowbuilder integration
 * started hands the ticket back when it ends. Split from runtime.ts, the walk over the graph, which
 * calls these at those nodes and at the run's end.
 */
import type { Deps } from "../deps.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { botUpdate } from "../automation/bot.ts";
import { enqueueTurn, startIntegration } from "../integrations/runtime.ts";
import type { FlowNode, Graph } from "./graph.ts";

/** The run's own data, kept on the ticket (`dataWebhook`). */
export type RunData = {
  variables: Record<string, string>;
  wait?: { nodeId: string; step: number };
  /** The flowbuilder integration that started the run (flows/integration.ts): handed back at its end. */
  integrationId?: number;
};
/** A flow run in progress: the ticket, its graph, and the run's own data. */
export type Run = {
  ticket: TicketRow;
  graph: Graph;
  flowId: number;
  hash: string;
  data: RunData;
  /**
   * Set when a `flow.resume` job walks the run: its sends are keyed `flow:{job}:{n}` (n counts
   * them), so a re-run of the job after a crash finds each one stored and says nothing twice.
   */
  keys?: { job: number; n: number };
};

/** The flowbuilder integration holding the ticket's run, while it still holds the ticket. */
export function viaIntegration(t: TicketRow): number | null {
  const id = Number((t.dataWebhook as RunData | null)?.integrationId);
  return id && t.useIntegration && t.integrationId === id ? id : null;
}

/** The bot columns and log line of handing a flowbuilder integration's ticket back (or nothing). */
export const handBack = (t: TicketRow) =>
  viaIntegration(t)
    ? {
      values: { useIntegration: false, integrationId: null },
      log: { type: "integrationEnd" as const, detail: "flowbuilder: the flow ended" },
    }
    : null;

/**
 * The hand-over to the integrations: the flow lets go of the ticket and
 * `startIntegration` sets useIntegration / integrationId / promptId and starts the bot's session at
 * once (Typebot: startChat; OpenAI: an answer from the conversation so far). Each later customer
 * message then goes to the bot through the integration step.
 */
export async function handOffToIntegration(
  deps: Deps,
  run: Run,
  to: { integrationId?: number | null; promptId?: number | null },
) {
  run.ticket = await botUpdate(deps, run.ticket, {
    flowStopped: null,
    lastFlowId: null,
    flowWebhook: false,
    hashFlowId: null,
    dataWebhook: null,
  });
  await startIntegration(deps, {
    companyId: run.ticket.companyId,
    ticketId: run.ticket.id,
    integrationId: to.integrationId ?? undefined,
    promptId: to.promptId ?? undefined,
  });
}

/**
 * A Typebot / OpenAI node with its settings inline (inline_bots.ts): the bot holds the ticket with
 * no integration or prompt row — `useIntegration` on, the run parked on the node (not waiting for a
 * reply: the flow step leaves the ticket to the integration step), and each bot turn reads the
 * node's settings from the graph. Its first turn starts now, like a saved integration's.
 */
export async function handOffInline(deps: Deps, run: Run, node: FlowNode) {
  run.ticket = await botUpdate(deps, run.ticket, {
    flowStopped: String(run.flowId),
    lastFlowId: node.id,
    flowWebhook: false,
    hashFlowId: run.hash,
    dataWebhook: run.data,
    useIntegration: true,
    integrationId: null,
    promptId: null,
    typebotSessionId: null,
    typebotStatus: node.type === "typebot",
  }, { type: "integration", detail: `${node.type} «${node.data.typebotIntegration?.name ?? ""}» (flow)` });
  const t = run.ticket;
  await enqueueTurn(deps, { companyId: t.companyId, ticketId: t.id, start: true });
}
