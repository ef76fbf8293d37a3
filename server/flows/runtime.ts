/**
 * The flow runner (reference §7, done right). A ticket in a flow keeps its place on the ticket row:
 * `flowStopped` = flow id, `lastFlowId` = node id, `flowWebhook` = parked waiting for the customer,
 * `hashFlowId` = this run's id, `dataWebhook` = {variables, wait?}. The graph is read fresh at every
 * step, so editing a flow while tickets run in it moves them along the new graph; a node that no
 * longer exists ends the run cleanly with a log line.
 *
 * Nodes: start (passes on), message, menu (parks; a choice by number or by text follows the exit
 * `a{n}`, anything else asks again), question (parks; the answer becomes {{answerKey}}), interval and
 * the intervals inside a content block (a durable job, `flow.resume`, survives a restart),
 * randomizer (`a` with percent %, else `b`), condition (on a variable: `a` true, `b` false), img /
 * audio / video / content block (the node's stored files), ticket (hands the ticket to a queue and
 * ends the flow), typebot / openai (hand over to the integration and end the flow).
 */
import { getMimeType } from "hono/utils/mime";
import type { Deps } from "../deps.ts";
import { findTicket, logTicket, type TicketRow } from "../tickets/repo.ts";
import { botSay, botUpdate, touchTraking } from "../automation/bot.ts";
import { sendOnTicket } from "../messages/send.ts";
import { renderForTicket } from "../messages/render.ts";
import { enqueue, registerQueuedJob } from "../jobs/queue.ts";
import { randomString } from "../lib/crypto.ts";
import { findFlow } from "./repo.ts";
import {
  handBack,
  handOffInline,
  handOffToIntegration,
  type Run,
  type RunData,
  viaIntegration,
} from "./hand_offs.ts";
import { isInline } from "./inline_bots.ts";
import { type FlowNode, type Graph, nextOf, type NodeData, startOf } from "./graph.ts";
import { conditionHolds, menuText, pickOption } from "./answers.ts";

/** The send key of the run's next send, for a walk a queued job may run again; else none. */
const nextKey = (run: Run) => run.keys ? `flow:${run.keys.job}:${run.keys.n++}` : undefined;

/** Steps one inbound message (or timer) may take without parking: a loop of nodes ends there. */
const MAX_STEPS = 200;
export const RESUME_JOB = "flow.resume";

const log = (t: TicketRow, msg: string) =>
  console.info(`[flow] ticket ${t.id} (company ${t.companyId}): ${msg}`);

async function loadGraph(deps: Deps, companyId: number, flowId: number): Promise<Graph | null> {
  const f = await findFlow(deps.db, companyId, flowId);
  if (!f || !f.active) return null;
  return f.flow as unknown as Graph;
}

const dataOf = (t: TicketRow): RunData => ({
  variables: { ...((t.dataWebhook?.variables as Record<string, string>) ?? {}) },
  ...(viaIntegration(t) ? { integrationId: viaIntegration(t)! } : {}),
});

/** Flow variables first ({{answerKey}}), then the message variables ({{firstName}}, {{ms}}…). */
async function render(deps: Deps, run: Run, text: string): Promise<string> {
  const withVars = text.replace(/\{\{\s*([\w]+)\s*\}\}/g, (m, k) => run.data.variables[k] ?? m);
  return await renderForTicket(deps, run.ticket.id, withVars);
}

async function say(deps: Deps, run: Run, text: string) {
  const body = await render(deps, run, text);
  if (!body.trim()) return;
  await botSay(deps, run.ticket, body, nextKey(run));
}

async function sendFile(deps: Deps, run: Run, path: string, caption = "", original?: string) {
  const own = `company${run.ticket.companyId}/flow/`;
  if (!path.startsWith(own) || path.includes("..")) return log(run.ticket, `skipped a file outside ${own}`);
  const stat = await deps.media.stat(path).catch(() => null);
  if (!stat) return log(run.ticket, `file ${path} is gone; skipped`);
  const name = original || path.split("/").pop()!.replace(/^\d+_[A-Za-z0-9]+_/, "");
  await sendOnTicket(deps, run.ticket.companyId, run.ticket.id, {
    body: caption,
    media: { path, name, size: stat.size, mimetype: getMimeType(path) ?? "application/octet-stream" },
    sendKey: nextKey(run),
  });
}

/** Menu text: the message, then "[n] option" lines (reference §7). */
/** Writes the run's place on the ticket. */
async function save(deps: Deps, run: Run, nodeId: string, awaiting: boolean) {
  run.ticket = await botUpdate(deps, run.ticket, {
    flowStopped: String(run.flowId),
    lastFlowId: nodeId,
    flowWebhook: awaiting,
    hashFlowId: run.hash,
    dataWebhook: run.data,
    isBot: true,
  });
}

/** The run is over: the ticket leaves the flow (its answers go with it). */
export async function endFlow(deps: Deps, ticket: TicketRow, why?: string): Promise<TicketRow> {
  if (why) log(ticket, why);
  if (!ticket.flowStopped && !ticket.lastFlowId && !ticket.hashFlowId) return ticket;
  const back = handBack(ticket);
  return await botUpdate(deps, ticket, {
    flowStopped: null,
    lastFlowId: null,
    flowWebhook: false,
    hashFlowId: null,
    dataWebhook: null,
    ...back?.values,
  }, back?.log);
}

async function transfer(deps: Deps, run: Run, queueId: number) {
  const now = deps.clock.now().toISOString();
  const t = run.ticket;
  const back = handBack(t);
  run.ticket = await botUpdate(
    deps,
    t,
    {
      queueId,
      status: t.status === "lgpd" ? "pending" : t.status === "open" ? "open" : "pending",
      isBot: false,
      amountUsedBotQueues: 0,
      flowStopped: null,
      lastFlowId: null,
      flowWebhook: false,
      hashFlowId: null,
      dataWebhook: null,
      ...back?.values,
    },
    { type: "queue", queueId },
    async (tx) => {
      await touchTraking(tx, t.id, now, queueId);
      if (back) await logTicket(tx, t.companyId, { ticketId: t.id, ...back.log, queueId });
    },
  );
}

/** Parks the run on an interval: a durable job continues it at `node` (content block: at `step`). */
async function wait(deps: Deps, run: Run, node: FlowNode, step: number, seconds: number) {
  run.data.wait = { nodeId: node.id, step };
  await save(deps, run, node.id, false);
  const runAt = new Date(deps.clock.now().getTime() + seconds * 1000);
  const { ticket, hash } = run;
  await deps.database.write((tx) =>
    enqueue(tx, {
      name: RESUME_JOB,
      companyId: ticket.companyId,
      payload: { companyId: ticket.companyId, ticketId: ticket.id, hash, nodeId: node.id, step },
      runAt,
      dedupeKey: `flow:${ticket.id}:${hash}:${node.id}:${step}:${runAt.getTime()}`,
    })
  );
}

/**
 * Runs a content block's elements from `from`; answers false when it parked on an interval.
 */
async function runBlock(deps: Deps, run: Run, node: FlowNode, from: number): Promise<boolean> {
  const seq: string[] = Array.isArray(node.data.seq) ? node.data.seq : [];
  const els: NodeData[] = Array.isArray(node.data.elements) ? node.data.elements : [];
  for (let i = from; i < seq.length; i++) {
    const el = els.find((e) => e?.number === seq[i]);
    if (!el) continue;
    if (el.type === "message") await say(deps, run, String(el.value));
    else if (el.type === "interval") {
      await wait(deps, run, node, i + 1, Number(el.value));
      return false;
    } else await sendFile(deps, run, String(el.value), "", el.original);
  }
  return true;
}

/** Walks from `node` until the flow parks or ends. */
async function walk(deps: Deps, run: Run, start: FlowNode | null, blockStep = 0): Promise<void> {
  let node = start;
  for (let steps = 0; node; steps++) {
    if (steps > MAX_STEPS) {
      await endFlow(
        deps,
        run.ticket,
        `flow ${run.flowId} looped past ${MAX_STEPS} steps without waiting; ended`,
      );
      return;
    }
    const d = node.data ?? {};
    let handle: string | null = null;
    switch (node.type) {
      case "start":
        break;
      case "message":
        await say(deps, run, String(d.label ?? ""));
        break;
      case "menu":
        await say(deps, run, menuText(d));
        return await save(deps, run, node.id, true);
      case "question":
        await say(deps, run, String(d.typebotIntegration?.message ?? ""));
        return await save(deps, run, node.id, true);
      case "interval":
        return await wait(deps, run, node, 0, Number(d.sec));
      case "randomizer":
        handle = Math.random() * 100 < Number(d.percent) ? "a" : "b";
        break;
      case "condition":
        handle = conditionHolds(d, run.data.variables) ? "a" : "b";
        break;
      case "img":
      case "audio":
      case "video":
        await sendFile(deps, run, String(d.url), "", d.original);
        break;
      case "singleBlock":
        if (!(await runBlock(deps, run, node, blockStep))) return;
        blockStep = 0;
        break;
      case "ticket":
        return await transfer(deps, run, Number(d.id));
      case "typebot":
        if (isInline(node)) return await handOffInline(deps, run, node);
        return await handOffToIntegration(deps, run, { integrationId: Number(d.integrationId) });
      case "openai":
        if (isInline(node)) return await handOffInline(deps, run, node);
        return await handOffToIntegration(deps, run, { promptId: Number(d.promptId) });
      default:
        await endFlow(deps, run.ticket, `node ${node.id} has unknown type ${node.type}; ended`);
        return;
    }
    const next = nextOf(run.graph, node.id, handle);
    if (!next) {
      await endFlow(deps, run.ticket);
      return;
    }
    node = next;
  }
}

/**
 * Starts `flowId` on the ticket from its start node. False when the flow is missing, off or empty.
 * `integrationId`: the flowbuilder integration that starts it (handed back when the run ends).
 */
export async function startFlow(
  deps: Deps,
  ticket: TicketRow,
  flowId: number,
  o: { integrationId?: number } = {},
): Promise<boolean> {
  const graph = await loadGraph(deps, ticket.companyId, flowId);
  const start = graph && startOf(graph);
  if (!graph || !start) return false;
  const data: RunData = { variables: {}, ...(o.integrationId ? { integrationId: o.integrationId } : {}) };
  const run: Run = { ticket, graph, flowId, hash: randomString(16), data };
  await save(deps, run, start.id, false);
  await walk(deps, run, start);
  return true;
}

/** Loads the run the ticket is in, or ends it when its flow or node is gone. */
async function current(deps: Deps, ticket: TicketRow): Promise<{ run: Run; node: FlowNode } | null> {
  const flowId = Number(ticket.flowStopped);
  const graph = await loadGraph(deps, ticket.companyId, flowId);
  if (!graph) {
    await endFlow(deps, ticket, `flow ${ticket.flowStopped} is gone or inactive; the run ended`);
    return null;
  }
  const node = graph.nodes.find((n) => n.id === ticket.lastFlowId);
  if (!node) {
    await endFlow(
      deps,
      ticket,
      `node ${ticket.lastFlowId} no longer exists in flow ${flowId}; the run ended`,
    );
    return null;
  }
  return {
    run: { ticket, graph, flowId, hash: ticket.hashFlowId ?? randomString(16), data: dataOf(ticket) },
    node,
  };
}

/** A customer message for a ticket parked on a menu or question. */
export async function resumeWithReply(deps: Deps, ticket: TicketRow, body: string): Promise<void> {
  const at = await current(deps, ticket);
  if (!at) return;
  const { run, node } = at;
  if (node.type === "menu") {
    const opt = pickOption(node.data, body);
    if (!opt) {
      // Not one of the options: ask again, stay parked.
      await say(deps, run, menuText(node.data));
      return;
    }
    const next = nextOf(run.graph, node.id, `a${opt.number}`);
    if (!next) {
      await endFlow(deps, run.ticket, `menu ${node.id} has no exit for option ${opt.number}; ended`);
      return;
    }
    return await walk(deps, run, next);
  }
  if (node.type === "question") {
    if (!body.trim()) {
      await say(deps, run, String(node.data.typebotIntegration?.message ?? ""));
      return;
    }
    run.data.variables[String(node.data.typebotIntegration?.answerKey)] = body.trim();
    const next = nextOf(run.graph, node.id);
    if (!next) {
      await save(deps, run, node.id, false);
      await endFlow(deps, run.ticket);
      return;
    }
    return await walk(deps, run, next);
  }
  // Parked on a node that no longer waits for a reply (the flow was edited): carry on from it.
  await walk(deps, run, nextOf(run.graph, node.id));
}

type ResumePayload = { companyId: number; ticketId: number; hash: string; nodeId: string; step: number };

/**
 * The interval is over: continue after it, if the ticket is still where the timer left it. `jobId`
 * keys the walk's sends: the queue runs a job again when its worker died before the `done` mark.
 */
export async function resumeAfterWait(deps: Deps, p: ResumePayload, jobId?: number): Promise<void> {
  const ticket = await findTicket(deps.db, p.companyId, p.ticketId);
  if (!ticket || ticket.status === "closed" || ticket.hashFlowId !== p.hash) return;
  if (ticket.userId || ticket.status === "open") {
    await endFlow(deps, ticket, "an attendant took the ticket during an interval; the flow ended");
    return;
  }
  const w = (ticket.dataWebhook as RunData | null)?.wait;
  if (ticket.lastFlowId !== p.nodeId || ticket.flowWebhook || w?.nodeId !== p.nodeId || w.step !== p.step) {
    return;
  }
  const at = await current(deps, ticket);
  if (!at) return;
  const { run, node } = at;
  if (jobId !== undefined) run.keys = { job: jobId, n: 0 };
  delete run.data.wait;
  await save(deps, run, node.id, false);
  if (node.type === "singleBlock") return await walk(deps, run, node, p.step);
  await walk(deps, run, nextOf(run.graph, node.id));
}

registerQueuedJob({
  name: RESUME_JOB,
  handle: (deps, payload, job) => resumeAfterWait(deps, payload as ResumePayload, job.id),
});
