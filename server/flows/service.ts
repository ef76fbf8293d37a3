/**
 * Flows (spec 3 §2 flow list and editor, §7 flow builder calls): list, create, rename, duplicate,
 * delete, read and save the graph, upload node media. Admins only (the flow-builder menu group is
 * admin-only, spec 1 §6). Saving checks the graph (graph.ts) and that every id it names — queue,
 * integration, prompt, media file — is the company's own.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { pageOf } from "../lib/paging.ts";
import { notFound } from "../lib/errors.ts";
import { AppError } from "../lib/errors.ts";
import { requireAdmin, requirePlan } from "../auth/permissions.ts";
import { assertOwned } from "../lib/owned.ts";
import { audit } from "../audit/audit.ts";
import { invalidate } from "../caches.ts";
import * as repo from "./repo.ts";
import { publishChange } from "./events.ts";
import { checkGraph, type Graph, mediaPaths, type NodeData } from "./graph.ts";
import { isInline, maskInline, sealInline } from "./inline_bots.ts";
import type { ListFlowsQuery, SaveGraphInput } from "./schemas.ts";

const PAGE = 20;

const summary = (f: repo.FlowRow) => ({
  id: f.id,
  name: f.name,
  active: f.active,
  companyId: f.companyId,
  userId: f.userId,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});

export async function listFlows(deps: Deps, actor: Actor, q: ListFlowsQuery) {
  requireAdmin(actor);
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listFlows(deps.db, actor.companyId, {
    search: q.searchParam,
    limit: page.limit,
    offset: page.offset,
  });
  return { flows: rows, count, hasMore: page.hasMore(count) };
}

async function getFlow(deps: Deps, actor: Actor, id: number) {
  requireAdmin(actor);
  const f = await repo.findFlow(deps.db, actor.companyId, id);
  if (!f) throw notFound("flow");
  return f;
}

/** GET /flowbuilder/{id} and /flowbuilder/flow/{id}: the flow with its graph and variables. */
export async function showFlow(deps: Deps, actor: Actor, id: number) {
  const f = await getFlow(deps, actor, id);
  return {
    flow: { ...summary(f), flow: await maskInline(deps, f.flow as unknown as Graph), variables: f.variables },
  };
}

export async function createFlow(deps: Deps, actor: Actor, name: string) {
  requireAdmin(actor);
  const row = await deps.database.write(async (tx) => {
    const f = await repo.insertFlow(tx, { companyId: actor.companyId, userId: actor.user.id, name });
    await audit(tx, actor, { action: "flow.create", entity: "flow", entityId: f.id, summary: name });
    return f;
  });
  publishChange(deps, actor.companyId, "flowbuilder", { action: "create", record: summary(row) });
  return summary(row);
}

export async function renameFlow(deps: Deps, actor: Actor, id: number, name: string, active?: boolean) {
  await getFlow(deps, actor, id);
  const row = await deps.database.write(async (tx) => {
    const f = await repo.updateFlow(tx, actor.companyId, id, {
      name,
      ...(active !== undefined ? { active } : {}),
    });
    if (!f) throw notFound("flow");
    await audit(tx, actor, { action: "flow.update", entity: "flow", entityId: id, summary: name });
    return f;
  });
  publishChange(deps, actor.companyId, "flowbuilder", { action: "update", record: summary(row) });
  return summary(row);
}

export async function duplicateFlow(deps: Deps, actor: Actor, id: number) {
  const src = await getFlow(deps, actor, id);
  const row = await deps.database.write(async (tx) => {
    const f = await repo.insertFlow(tx, {
      companyId: actor.companyId,
      userId: actor.user.id,
      name: `${src.name} - copy`.slice(0, 50),
      active: src.active,
      flow: src.flow,
      variables: src.variables,
    });
    await audit(tx, actor, { action: "flow.create", entity: "flow", entityId: f.id, summary: f.name });
    return f;
  });
  publishChange(deps, actor.companyId, "flowbuilder", { action: "create", record: summary(row) });
  return summary(row);
}

/**
 * Deleting a flow: tickets running it find it gone on their next message and end cleanly
 * (runtime.ts); connections pointing at it lose the pointer (FK set null); its phrase
 * campaigns go with it (FK cascade).
 */
export async function deleteFlow(deps: Deps, actor: Actor, id: number) {
  const f = await getFlow(deps, actor, id);
  const campaigns = await deps.database.write(async (tx) => {
    const gone = await repo.campaignIdsOfFlow(tx, actor.companyId, id);
    await repo.deleteFlow(tx, actor.companyId, id);
    await audit(tx, actor, { action: "flow.delete", entity: "flow", entityId: id, summary: f.name });
    return gone;
  });
  publishChange(deps, actor.companyId, "flowbuilder", { action: "delete", id });
  // Its phrase campaigns went with it (FK cascade): their list drops them too.
  for (const c of campaigns) {
    publishChange(deps, actor.companyId, "flowcampaign", { action: "delete", id: c });
  }
  // Connections pointing at it lost the pointer: their cached rows are stale.
  invalidate(deps, { kind: "connections", companyId: actor.companyId });
}

/** POST /flowbuilder/flow {idFlow, nodes, connections}. */
export async function saveGraph(deps: Deps, actor: Actor, input: SaveGraphInput) {
  await getFlow(deps, actor, input.idFlow);
  const graph = checkGraph(input as unknown as { nodes: NodeData[]; connections: NodeData[] });
  // Typebot and OpenAI steps are the plan's integrations and AI features (spec 3 §6 plan flags).
  if (graph.nodes.some((n) => n.type === "typebot")) requirePlan(actor.plan, "useIntegrations");
  if (graph.nodes.some((n) => n.type === "openai")) requirePlan(actor.plan, "useOpenAi");
  await assertGraphOwned(deps, actor.companyId, graph);
  const before = await repo.findFlow(deps.db, actor.companyId, input.idFlow);
  const stored = await sealInline(deps, graph, (before?.flow as unknown as Graph) ?? null);
  const variables = [
    ...new Set(
      graph.nodes.filter((n) => n.type === "question").map((n) =>
        String(n.data.typebotIntegration.answerKey)
      ),
    ),
  ];
  const row = await deps.database.write(async (tx) => {
    const f = await repo.updateFlow(tx, actor.companyId, input.idFlow, { flow: stored, variables });
    if (!f) throw notFound("flow");
    await audit(tx, actor, {
      action: "flow.update",
      entity: "flow",
      entityId: f.id,
      summary: f.name,
      diff: { nodes: graph.nodes.length, connections: graph.connections.length },
    });
    return f;
  });
  publishChange(deps, actor.companyId, "flowbuilder", { action: "update", record: summary(row) });
  return {
    flow: {
      ...summary(row),
      flow: await maskInline(deps, row.flow as unknown as Graph),
      variables: row.variables,
    },
  };
}

async function assertGraphOwned(deps: Deps, companyId: number, g: Graph) {
  const ids = (type: string, key: string) =>
    g.nodes.filter((n) => n.type === type && !isInline(n)).map((n) => Number(n.data[key]));
  await assertOwned(deps.db, companyId, {
    queue: ids("ticket", "id"),
    queueIntegration: ids("typebot", "integrationId"),
    prompt: ids("openai", "promptId"),
  });
  const own = `company${companyId}/flow/`;
  for (const p of mediaPaths(g)) {
    if (!p.startsWith(own) || p.includes("..")) throw notFound("file");
  }
}

/** Upload rules (spec 3 §5): image 2 MB png/jpg, audio 5 MB ogg/mp3/opus, video 20 MB mp4, PDF 5 MB. */
const KINDS = {
  img: { maxBytes: 2 * 1024 * 1024, accept: /^image\/(png|jpe?g)$/ },
  audio: { maxBytes: 5 * 1024 * 1024, accept: /^audio\/(ogg|mpeg|mp3|opus)$/ },
  video: { maxBytes: 20 * 1024 * 1024, accept: /^video\/mp4$/ },
  pdf: { maxBytes: 5 * 1024 * 1024, accept: /^application\/pdf$/ },
} as const;
export type UploadKind = keyof typeof KINDS;

export function kindOf(file: File): UploadKind {
  const t = file.type;
  if (t.startsWith("image/")) return "img";
  if (t.startsWith("audio/")) return "audio";
  if (t.startsWith("video/")) return "video";
  if (t === "application/pdf") return "pdf";
  throw new AppError("ERR_UNSUPPORTED_MEDIA", { details: { mimetype: t } });
}

/** Stores one node file under company{id}/flow/; answers the path the node keeps as its url. */
export async function uploadMedia(deps: Deps, actor: Actor, file: File, kind: UploadKind) {
  requireAdmin(actor);
  const stored = await deps.media.save(actor.companyId, "flow", file, KINDS[kind]);
  return { name: stored.path, original: stored.name, url: await deps.media.signedUrl(stored.path) };
}

/** A short-lived URL for previewing a node's file in the editor (the company's own files only). */
export async function mediaUrl(deps: Deps, actor: Actor, path: string) {
  requireAdmin(actor);
  if (!path.startsWith(`company${actor.companyId}/flow/`) || path.includes("..")) throw notFound("file");
  return { url: await deps.media.signedUrl(path) };
}
