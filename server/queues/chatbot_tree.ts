/**
 * A queue's chatbot option tree: roots carry `queueId`, children `parentId`. Trees are read as
 * nested `options` arrays and written back by id, so options that survive an edit keep their id
 * (and the contacts standing on them in a dialog keep their place).
 */
import type { Db, Tx } from "@db/client.ts";
import * as repo from "./repo.ts";
import type { ChatbotRow, Refs } from "./repo.ts";
import type { ChatbotOptionInput } from "./schemas.ts";
import { notFound } from "../lib/errors.ts";

export type ChatbotNode = ChatbotRow & { options: ChatbotNode[] };

export type Forest = { byQueue: Map<number, ChatbotNode[]>; byId: Map<number, ChatbotNode> };

/** Assembles the company's options (already ordered) into trees. */
export function buildForest(rows: ChatbotRow[]): Forest {
  const byId = new Map<number, ChatbotNode>(rows.map((r) => [r.id, { ...r, options: [] }]));
  const byQueue = new Map<number, ChatbotNode[]>();
  for (const n of byId.values()) {
    if (n.parentId != null) byId.get(n.parentId)?.options.push(n);
    else if (n.queueId != null) byQueue.set(n.queueId, [...(byQueue.get(n.queueId) ?? []), n]);
  }
  return { byQueue, byId };
}

export async function loadForest(db: Db | Tx, companyId: number): Promise<Forest> {
  return buildForest(await repo.listOptions(db, companyId));
}

/** The node and all its descendants. */
export const subtreeIds = (n: ChatbotNode): number[] => [n.id, ...n.options.flatMap(subtreeIds)];

/** The queue whose tree holds the option (walking up the parents). */
export function rootQueueId(forest: Forest, id: number): number | null {
  let n = forest.byId.get(id);
  for (let guard = 0; n && guard < 1000; guard++) {
    if (n.parentId == null) return n.queueId;
    n = forest.byId.get(n.parentId);
  }
  return null;
}

export const emptyRefs = (): Refs => ({ queues: [], users: [], integrations: [], files: [], prompts: [] });

type OptionRefs = Pick<ChatbotOptionInput, "optQueueId" | "optUserId" | "optIntegrationId" | "optFileId">;

/** Adds what the options point at to `refs`. */
export function collectRefs(list: (OptionRefs & { options?: ChatbotOptionInput[] })[], refs: Refs): Refs {
  for (const o of list) {
    if (o.optQueueId) refs.queues.push(o.optQueueId);
    if (o.optUserId) refs.users.push(o.optUserId);
    if (o.optIntegrationId) refs.integrations.push(o.optIntegrationId);
    if (o.optFileId) refs.files.push(o.optFileId);
    collectRefs(o.options ?? [], refs);
  }
  return refs;
}

export const optionValues = (o: Omit<ChatbotOptionInput, "id" | "options">) => ({
  name: o.name,
  greetingMessage: o.greetingMessage ?? null,
  queueType: o.queueType,
  optQueueId: o.optQueueId ?? null,
  optUserId: o.optUserId ?? null,
  optIntegrationId: o.optIntegrationId ?? null,
  optFileId: o.optFileId ?? null,
  closeTicket: o.closeTicket,
});

type Parent = { queueId: number | null; parentId: number | null };

async function writeOptions(
  tx: Tx,
  companyId: number,
  parent: Parent,
  list: ChatbotOptionInput[],
  reusable: Set<number>,
  kept: Set<number>,
): Promise<void> {
  for (const [i, o] of list.entries()) {
    // An id names an option of the sub-tree being replaced; any other (another tree, another
    // company, a deleted option) answers 404 like a foreign id in a path.
    if (o.id && !reusable.has(o.id)) throw notFound("chatbot");
    const values = { ...optionValues(o), ...parent, orderOption: i };
    const row = o.id && reusable.has(o.id) && !kept.has(o.id)
      ? await repo.updateOption(tx, companyId, o.id, values)
      : await repo.insertOption(tx, { ...values, companyId });
    kept.add(row.id);
    await writeOptions(tx, companyId, { queueId: null, parentId: row.id }, o.options, reusable, kept);
  }
}

/**
 * Makes `list` the children of `parent` (a queue's roots, or an option's children). Existing
 * options of that sub-tree named by id are updated in place; the others are deleted. An id from
 * elsewhere (another tree, another company) answers 404 and nothing is written.
 */
export async function replaceChildren(
  tx: Tx,
  companyId: number,
  parent: Parent,
  current: ChatbotNode[],
  list: ChatbotOptionInput[],
): Promise<void> {
  const existing = current.flatMap(subtreeIds);
  const kept = new Set<number>();
  await writeOptions(tx, companyId, parent, list, new Set(existing), kept);
  await repo.deleteOptions(tx, companyId, existing.filter((id) => !kept.has(id)));
}
