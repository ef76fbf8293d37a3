/**
 * Queues (departments) with greeting, working hours, rotation and their chatbot option tree
 * (spec 2 §2, §3, §4, §5). Everyone signed in reads them; only admins write, within the plan's
 * queue limit. Deleting a queue leaves its tickets without a queue.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, isUniqueViolation } from "../lib/errors.ts";
import { requireAdmin, requireWithinLimit } from "../auth/permissions.ts";
import { audit, changes, snapshot, treeSize } from "../audit/audit.ts";
import { readSetting } from "../settings/repo.ts";
import type { Tx } from "@db/client.ts";
import * as repo from "./repo.ts";
import type { QueueRow } from "./repo.ts";
import {
  type ChatbotNode,
  collectRefs,
  emptyRefs,
  type Forest,
  loadForest,
  replaceChildren,
} from "./chatbot_tree.ts";
import type { CreateQueueInput, UpdateQueueInput } from "./schemas.ts";

export type QueueDTO = QueueRow & { chatbots: ChatbotNode[] };

/** `forest`: the company's options when the caller has just read them. */
export async function queueDTO(deps: Deps, row: QueueRow, forest?: Forest): Promise<QueueDTO> {
  forest ??= await loadForest(deps.db, row.companyId);
  return { ...row, chatbots: forest.byQueue.get(row.id) ?? [] };
}

export async function emitQueue(
  deps: Deps,
  action: "create" | "update",
  row: QueueRow,
  forest?: Forest,
): Promise<QueueDTO> {
  const dto = await queueDTO(deps, row, forest);
  deps.bus.emit("entity.changed", { companyId: row.companyId, entity: "queue", action, record: dto });
  return dto;
}

const colorTaken = () => new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS");

function rethrowConflict(err: unknown): never {
  if (isUniqueViolation(err, "queues.color")) throw colorTaken();
  if (isUniqueViolation(err, "queues.name")) {
    throw new AppError("ERR_CONFLICT", { message: "queue name in use", details: { field: "name" } });
  }
  throw err;
}

const invalid = (path: string, message: string) =>
  new AppError("ERR_VALIDATION", { details: [{ path, message }] });

/** Rules over the merged record: rotation needs a time; queue hours need their message. */
async function checkRules(deps: Deps, companyId: number, q: Partial<QueueRow>) {
  if (q.ativarRoteador && !q.tempoRoteador) throw invalid("tempoRoteador", "rotation needs a time");
  if ((await readSetting(deps.db, companyId, "scheduleType")) === "queue" && !q.outOfHoursMessage?.trim()) {
    throw invalid("outOfHoursMessage", "required while working hours are kept per queue");
  }
}

async function checkColor(tx: Tx, companyId: number, color: string, selfId: number | null) {
  const other = await repo.findQueueByColor(tx, companyId, color);
  if (other && other.id !== selfId) throw colorTaken();
}

export const listQueues = (deps: Deps, actor: Actor) => repo.listQueues(deps.db, actor.companyId);

/** The selectors of the queue dialog (admins only: prompts and integrations are admin matters). */
export function refOptions(deps: Deps, actor: Actor) {
  requireAdmin(actor);
  return repo.listRefOptions(deps.db, actor.companyId);
}

export async function showQueue(deps: Deps, actor: Actor, id: number): Promise<QueueDTO> {
  return await queueDTO(deps, await repo.getQueue(deps.db, actor.companyId, id));
}

/**
 * @throws ERR_PLAN_LIMIT_REACHED past the plan's queues; ERR_QUEUE_COLOR_ALREADY_EXISTS;
 * ERR_CONFLICT on a name in use; ERR_NOT_FOUND for a referenced id of another company.
 */
export async function createQueue(deps: Deps, actor: Actor, input: CreateQueueInput): Promise<QueueDTO> {
  requireAdmin(actor);
  const { chatbots, ...fields } = input;
  await checkRules(deps, actor.companyId, fields);
  const row = await deps.database.write(async (tx) => {
    requireWithinLimit(actor.plan, "queues", await repo.countQueues(tx, actor.companyId));
    await checkColor(tx, actor.companyId, fields.color, null);
    await repo.assertRefs(tx, actor.companyId, refsOf(fields, chatbots));
    const q = await repo.insertQueue(tx, { ...fields, companyId: actor.companyId }).catch(rethrowConflict);
    await replaceChildren(tx, actor.companyId, { queueId: q.id, parentId: null }, [], chatbots);
    await audit(tx, actor, {
      action: "queue.create",
      entity: "queue",
      entityId: q.id,
      summary: q.name,
      diff: snapshot({ ...fields, chatbots: treeSize(chatbots) }),
    });
    return q;
  });
  return await emitQueue(deps, "create", row);
}

function refsOf(
  q: Pick<UpdateQueueInput, "integrationId" | "fileListId" | "promptId">,
  tree: CreateQueueInput["chatbots"],
) {
  const refs = collectRefs(tree, emptyRefs());
  if (q.integrationId) refs.integrations.push(q.integrationId);
  if (q.fileListId) refs.files.push(q.fileListId);
  if (q.promptId) refs.prompts.push(q.promptId);
  return refs;
}

/** Updates the queue; a `chatbots` array replaces its option tree (see chatbot_tree.ts). */
export async function updateQueue(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateQueueInput,
): Promise<QueueDTO> {
  requireAdmin(actor);
  const current = await repo.getQueue(deps.db, actor.companyId, id);
  const { chatbots, ...fields } = input;
  await checkRules(deps, actor.companyId, { ...current, ...fields });
  const row = await deps.database.write(async (tx) => {
    if (fields.color) await checkColor(tx, actor.companyId, fields.color, id);
    await repo.assertRefs(tx, actor.companyId, refsOf(fields, chatbots ?? []));
    const q = await repo.updateQueue(tx, actor.companyId, id, fields).catch(rethrowConflict);
    if (chatbots) {
      const forest = await loadForest(tx, actor.companyId);
      await replaceChildren(
        tx,
        actor.companyId,
        { queueId: id, parentId: null },
        forest.byQueue.get(id) ?? [],
        chatbots,
      );
    }
    await audit(tx, actor, {
      action: "queue.update",
      entity: "queue",
      entityId: id,
      summary: q.name,
      diff: changes(current, { ...fields, chatbots: chatbots ? treeSize(chatbots) : undefined }),
    });
    return q;
  });
  return await emitQueue(deps, "update", row);
}

export async function deleteQueue(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireAdmin(actor);
  await deps.database.write(async (tx) => {
    const q = await repo.getQueue(tx, actor.companyId, id);
    await repo.deleteQueue(tx, actor.companyId, id);
    await audit(tx, actor, { action: "queue.delete", entity: "queue", entityId: id, summary: q.name });
  });
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "queue", action: "delete", id });
}
