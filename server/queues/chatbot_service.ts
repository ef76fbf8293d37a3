/**
 * /api/chatbot: one option of a queue's tree at a time (the queue dialog saves whole trees
 * through /api/queue). Reads for everyone signed in, writes for admins. Every change is
 * announced as an update of the queue that owns the tree.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { requireAdmin } from "../auth/permissions.ts";
import { audit, changes, snapshot, treeSize } from "../audit/audit.ts";
import * as repo from "./repo.ts";
import {
  type ChatbotNode,
  collectRefs,
  emptyRefs,
  type Forest,
  loadForest,
  optionValues,
  replaceChildren,
  rootQueueId,
} from "./chatbot_tree.ts";
import { emitQueue } from "./service.ts";
import type { CreateChatbotInput, UpdateChatbotInput } from "./schemas.ts";

function getNode(forest: Forest, id: number): ChatbotNode {
  const n = forest.byId.get(id);
  if (!n) throw notFound("chatbot");
  return n;
}

/** Announces the queue owning the tree; answers the options it read, so callers need not read them again. */
async function announceQueueOf(deps: Deps, companyId: number, queueId: number | null): Promise<Forest> {
  const forest = await loadForest(deps.db, companyId);
  const q = queueId ? await repo.findQueue(deps.db, companyId, queueId) : null;
  if (q) await emitQueue(deps, "update", q, forest);
  return forest;
}

/** Root options with their sub-trees, of one queue or of all the company's queues. */
export async function listChatbots(deps: Deps, actor: Actor, queueId?: number): Promise<ChatbotNode[]> {
  const forest = await loadForest(deps.db, actor.companyId);
  if (queueId) return forest.byQueue.get(queueId) ?? [];
  return [...forest.byQueue.values()].flat();
}

export async function showChatbot(deps: Deps, actor: Actor, id: number): Promise<ChatbotNode> {
  return getNode(await loadForest(deps.db, actor.companyId), id);
}

const invalid = (path: string, message: string) =>
  new AppError("ERR_VALIDATION", { details: [{ path, message }] });

/** The per-type requirements of schemas.ts, checked on the merged option of a partial update. */
function checkOption(o: ReturnType<typeof optionValues>, hasChildren: boolean) {
  if ((o.queueType === "queue" || o.queueType === "attendent") && !o.optQueueId) {
    throw invalid("optQueueId", "required");
  }
  if (o.queueType === "attendent" && !o.optUserId) throw invalid("optUserId", "required");
  if (o.queueType === "integration" && !o.optIntegrationId) throw invalid("optIntegrationId", "required");
  if (o.queueType === "file" && !o.optFileId) throw invalid("optFileId", "required");
  if (hasChildren && !o.greetingMessage?.trim()) {
    throw invalid("greetingMessage", "required to go down a level");
  }
}

/** Adds an option (with optional sub-options) under a queue or under another option. */
export async function createChatbot(
  deps: Deps,
  actor: Actor,
  input: CreateChatbotInput,
): Promise<ChatbotNode> {
  requireAdmin(actor);
  const { queueId, parentId, options, ...fields } = input;
  const { id, rootQueue } = await deps.database.write(async (tx) => {
    const forest = await loadForest(tx, actor.companyId);
    if (queueId) await repo.getQueue(tx, actor.companyId, queueId);
    const parent = parentId ? getNode(forest, parentId) : null;
    if (parent) checkOption(optionValues(parent), true);
    await repo.assertRefs(tx, actor.companyId, collectRefs([{ ...fields, options }], emptyRefs()));
    const siblings = parent ? parent.options : forest.byQueue.get(queueId!) ?? [];
    const row = await repo.insertOption(tx, {
      ...optionValues(fields),
      companyId: actor.companyId,
      queueId: parent ? null : queueId!,
      parentId: parent?.id ?? null,
      orderOption: siblings.length,
    });
    await replaceChildren(tx, actor.companyId, { queueId: null, parentId: row.id }, [], options);
    await audit(tx, actor, {
      action: "chatbot.create",
      entity: "chatbot",
      entityId: row.id,
      summary: row.name,
      diff: snapshot({ ...fields, queueId, parentId, options: treeSize(options) }),
    });
    return { id: row.id, rootQueue: parent ? rootQueueId(forest, parent.id) : queueId! };
  });
  return getNode(await announceQueueOf(deps, actor.companyId, rootQueue), id);
}

/** Updates the option's fields; `options`, when sent, replaces its sub-tree. */
export async function updateChatbot(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateChatbotInput,
): Promise<ChatbotNode> {
  requireAdmin(actor);
  const { options, ...fields } = input;
  const rootQueue = await deps.database.write(async (tx) => {
    const forest = await loadForest(tx, actor.companyId);
    const node = getNode(forest, id);
    const merged = optionValues({ ...optionValues(node), ...definedOnly(fields) });
    checkOption(merged, (options ?? node.options).length > 0);
    await repo.assertRefs(
      tx,
      actor.companyId,
      collectRefs([{ ...merged, options: options ?? [] }], emptyRefs()),
    );
    await repo.updateOption(tx, actor.companyId, id, merged);
    if (options) {
      await replaceChildren(tx, actor.companyId, { queueId: null, parentId: id }, node.options, options);
    }
    await audit(tx, actor, {
      action: "chatbot.update",
      entity: "chatbot",
      entityId: id,
      summary: merged.name,
      diff: changes(optionValues(node), { ...definedOnly(fields), options: treeSize(options) }),
    });
    return rootQueueId(forest, id);
  });
  return getNode(await announceQueueOf(deps, actor.companyId, rootQueue), id);
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Deletes the option and its sub-options. */
export async function deleteChatbot(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireAdmin(actor);
  const rootQueue = await deps.database.write(async (tx) => {
    const forest = await loadForest(tx, actor.companyId);
    const node = getNode(forest, id);
    await repo.deleteOptions(tx, actor.companyId, [id]);
    await audit(tx, actor, { action: "chatbot.delete", entity: "chatbot", entityId: id, summary: node.name });
    return rootQueueId(forest, id);
  });
  await announceQueueOf(deps, actor.companyId, rootQueue);
}
