/**
 * Tags and kanban lanes (spec 2 §2 Tags and kanban, §3, §5). Any signed-in user creates tags and
 * tags contacts (attendants do it all day) and edits the tags he created; only admins delete
 * tags and create or edit kanban lanes, which also need the plan's kanban feature.
 */
import type { Deps } from "../deps.ts";
import { pageOf } from "../lib/paging.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, isUniqueViolation, noPermission, notFound } from "../lib/errors.ts";
import { isAdmin, requireAdmin, requirePlan } from "../auth/permissions.ts";
import type { Tx } from "@db/client.ts";
import { numberMaskFor } from "../contacts/privacy.ts";
import * as repo from "./repo.ts";
import { rearmLane } from "../kanban/lanes.ts";
import type { TagRow } from "./repo.ts";
import type { CreateTagInput, ListTagsQuery, UpdateTagInput } from "./schemas.ts";

const PAGE = 20;

export const randomColor = () =>
  "#" +
  Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The reason is a code (`tag_name_taken`) the web app says in the user's language, under the name field. */
export const nameTaken = () =>
  new AppError("ERR_CONFLICT", {
    message: "tag name in use",
    details: { field: "name", message: "tag_name_taken" },
  });
export const rethrowNameTaken = (err: unknown): never => {
  throw isUniqueViolation(err, "tags.name") ? nameTaken() : err;
};

export function emitTag(deps: Deps, companyId: number, action: "create" | "update", tag: TagRow) {
  deps.bus.emit("entity.changed", { companyId, entity: "tag", action, record: tag });
}

function requireLaneEditor(actor: Actor) {
  requireAdmin(actor);
  requirePlan(actor.plan, "useKanban");
}

/** Lanes must be kanban tags of the company, and not the tag itself. */
async function checkLanes(
  tx: Tx,
  companyId: number,
  selfId: number | null,
  lanes: { nextLaneId?: number | null; rollbackLaneId?: number | null },
) {
  for (const [path, id] of Object.entries(lanes)) {
    if (id == null) continue;
    if (id === selfId) {
      throw new AppError("ERR_VALIDATION", { details: [{ path, message: "a lane cannot point at itself" }] });
    }
    const lane = await repo.findTag(tx, companyId, id);
    if (!lane || lane.kanban !== 1) throw notFound("tag");
  }
}

export async function listTags(deps: Deps, actor: Actor, q: ListTagsQuery) {
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listTags(deps.db, actor.companyId, {
    search: q.searchParam,
    kanban: q.kanban,
    tagId: q.tagId,
    limit: page.limit,
    offset: page.offset,
  });
  return { tags: rows, count, hasMore: page.hasMore(count) };
}

export const listAllTags = (deps: Deps, actor: Actor, kanban?: number) =>
  repo.listAllTags(deps.db, actor.companyId, kanban);

export async function kanbanLanes(deps: Deps, actor: Actor) {
  return { lista: await repo.listAllTags(deps.db, actor.companyId, 1) };
}

/** The tag with its counts and its contacts [{id, name, number}] (numbers under the LGPD mask). */
export async function showTag(deps: Deps, actor: Actor, id: number) {
  const tag = await repo.getTag(deps.db, actor.companyId, id);
  const mask = await numberMaskFor(deps.db, actor);
  const contacts = (await repo.contactsOfTag(deps.db, actor.companyId, id)).map((c) => {
    const m = mask(c);
    return { id: m.id, name: m.name, number: m.number };
  });
  return { ...tag, ...(await repo.tagCounts(deps.db, actor.companyId, id)), contacts };
}

/** @throws ERR_CONFLICT when the company has a tag of that name (per kind: tag or lane). */
export async function createTag(deps: Deps, actor: Actor, input: CreateTagInput): Promise<TagRow> {
  if (input.kanban === 1) requireLaneEditor(actor);
  const tag = await deps.database.write(async (tx) => {
    await checkLanes(tx, actor.companyId, null, {
      nextLaneId: input.nextLaneId,
      rollbackLaneId: input.rollbackLaneId,
    });
    return await repo.insertTag(tx, {
      ...input,
      kanbanOrder: input.kanban === 1 ? await repo.nextLaneOrder(tx, actor.companyId) : 0,
      color: input.color ?? randomColor(),
      greetingMessageLane: input.greetingMessageLane ?? null,
      companyId: actor.companyId,
      userId: actor.userId,
    }).catch(rethrowNameTaken);
  });
  emitTag(deps, actor.companyId, "create", tag);
  return tag;
}

/** Lanes: admins only. Plain tags: admins or the user who created the tag. */
export async function updateTag(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateTagInput,
): Promise<TagRow> {
  const current = await repo.getTag(deps.db, actor.companyId, id);
  if (current.kanban === 1 || input.kanban === 1) requireLaneEditor(actor);
  else if (!isAdmin(actor) && current.userId !== actor.userId) throw noPermission();
  const tag = await deps.database.write(async (tx) => {
    await checkLanes(tx, actor.companyId, id, {
      nextLaneId: input.nextLaneId,
      rollbackLaneId: input.rollbackLaneId,
    });
    const becomesLane = input.kanban === 1 && current.kanban !== 1;
    const tag = await repo.updateTag(tx, actor.companyId, id, {
      ...input,
      ...(becomesLane ? { kanbanOrder: await repo.nextLaneOrder(tx, actor.companyId) } : {}),
    }).catch(rethrowNameTaken);
    if (input.timeLane !== undefined || input.nextLaneId !== undefined) {
      await rearmLane(tx, actor.companyId, tag);
    }
    return tag;
  });
  emitTag(deps, actor.companyId, "update", tag);
  return tag;
}

/**
 * The admin's order of the board's lanes: `ids` is every lane of the company, first to last.
 * @throws ERR_NOT_FOUND for an id that is not one of the company's lanes; ERR_VALIDATION when lanes
 * are missing or repeated (a stale screen must reload rather than scramble the order).
 */
export async function reorderLanes(deps: Deps, actor: Actor, ids: number[]) {
  requireLaneEditor(actor);
  const lanes = await deps.database.write(async (tx) => {
    const lanes = await repo.listAllTags(tx, actor.companyId, 1);
    const known = new Set(lanes.map((l) => l.id));
    if (ids.some((id) => !known.has(id))) throw notFound("tag");
    if (new Set(ids).size !== ids.length || ids.length !== lanes.length) {
      throw new AppError("ERR_VALIDATION", {
        details: [{ path: "ids", message: "list every lane exactly once" }],
      });
    }
    await repo.setLaneOrder(tx, actor.companyId, ids);
    return await repo.listAllTags(tx, actor.companyId, 1);
  });
  for (const lane of lanes) emitTag(deps, actor.companyId, "update", lane);
  return { lista: lanes };
}

export async function deleteTag(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireAdmin(actor);
  await deps.database.write(async (tx) => {
    await repo.getTag(tx, actor.companyId, id);
    await repo.deleteTag(tx, actor.companyId, id);
  });
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "tag", action: "delete", id });
}
