/**
 * Contact lists and their items (spec 3 §2 Contact lists, §3, §5, §6). They exist for campaigns:
 * admins only, and the plan must include campaigns. Deleting an item needs
 * contacts-page:deleteContact. Every change is emitted (ContactList / ContactListItem).
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, isUniqueViolation } from "../lib/errors.ts";
import { pageOf } from "../lib/paging.ts";
import { requireAdmin, requirePermission, requirePlan } from "../auth/permissions.ts";
import * as repo from "./repo.ts";
import { numberChecker, scheduleNumberCheck } from "./number_check.ts";
import type { CreateItemInput, ItemsQuery, ListQuery, UpdateItemInput } from "./schemas.ts";

const PAGE = 20;

export function requireCampaigns(actor: Actor) {
  requireAdmin(actor);
  requirePlan(actor.plan, "useCampaigns");
}

const numberTaken = (err: unknown): never => {
  throw isUniqueViolation(err, "contact_list_items")
    ? new AppError("ERR_CONFLICT", { message: "number already in this list", details: { field: "number" } })
    : err;
};

function emit(
  deps: Deps,
  companyId: number,
  entity: "contactList" | "contactListItem",
  action: "create" | "update",
  record: unknown,
) {
  deps.bus.emit("entity.changed", { companyId, entity, action, record });
}

/** A new or renumbered item is checked on the channel in the background, where one can tell. */
async function checkLater(deps: Deps, companyId: number, listId: number) {
  if (!(await numberChecker(deps, companyId))) return;
  await deps.database.write((tx) => scheduleNumberCheck(deps, tx, companyId, listId));
  deps.jobs.kick();
}

export async function listLists(deps: Deps, actor: Actor, q: ListQuery) {
  requireCampaigns(actor);
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listLists(deps.db, actor.companyId, { search: q.searchParam, ...page });
  return { records: rows, count, hasMore: page.hasMore(count) };
}

export function allLists(deps: Deps, actor: Actor) {
  requireCampaigns(actor);
  return repo.allLists(deps.db, actor.companyId);
}

export function showList(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  return repo.getList(deps.db, actor.companyId, id);
}

export async function createList(deps: Deps, actor: Actor, name: string) {
  requireCampaigns(actor);
  const row = await deps.database.write((tx) => repo.insertList(tx, actor.companyId, name));
  const record = { ...row, contactsCount: 0 };
  emit(deps, actor.companyId, "contactList", "create", record);
  return record;
}

export async function updateList(deps: Deps, actor: Actor, id: number, name: string) {
  requireCampaigns(actor);
  await deps.database.write((tx) => repo.updateList(tx, actor.companyId, id, name));
  const record = await repo.getList(deps.db, actor.companyId, id);
  emit(deps, actor.companyId, "contactList", "update", record);
  return record;
}

export async function deleteList(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  await deps.database.write(async (tx) => {
    await repo.getList(tx, actor.companyId, id);
    await repo.deleteList(tx, actor.companyId, id);
  });
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "contactList",
    action: "delete",
    id,
  });
}

export async function listItems(deps: Deps, actor: Actor, q: ItemsQuery) {
  requireCampaigns(actor);
  await repo.getList(deps.db, actor.companyId, q.contactListId);
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listItems(deps.db, actor.companyId, q.contactListId, {
    search: q.searchParam,
    ...page,
  });
  return { contacts: rows, count, hasMore: page.hasMore(count) };
}

export function showItem(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  return repo.getItem(deps.db, actor.companyId, id);
}

export async function createItem(deps: Deps, actor: Actor, input: CreateItemInput) {
  requireCampaigns(actor);
  const item = await deps.database.write(async (tx) => {
    await repo.getList(tx, actor.companyId, input.contactListId);
    return await repo.insertItem(tx, {
      companyId: actor.companyId,
      contactListId: input.contactListId,
      name: input.name,
      number: input.number,
      email: input.email ?? null,
    }).catch(numberTaken);
  });
  emit(deps, actor.companyId, "contactListItem", "create", item);
  await checkLater(deps, actor.companyId, item.contactListId);
  return item;
}

export async function updateItem(deps: Deps, actor: Actor, id: number, input: UpdateItemInput) {
  requireCampaigns(actor);
  let renumbered = false;
  const item = await deps.database.write(async (tx) => {
    const cur = await repo.getItem(tx, actor.companyId, id);
    renumbered = input.number !== undefined && input.number !== cur.number;
    return await repo.updateItem(tx, actor.companyId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      // A new number has not been checked on the channel yet.
      ...(renumbered ? { number: input.number, isWhatsappValid: null } : {}),
    }).catch(numberTaken);
  });
  emit(deps, actor.companyId, "contactListItem", "update", item);
  if (renumbered) await checkLater(deps, actor.companyId, item.contactListId);
  return item;
}

export async function deleteItem(deps: Deps, actor: Actor, id: number) {
  requireCampaigns(actor);
  requirePermission(actor, "contacts-page:deleteContact");
  await deps.database.write(async (tx) => {
    await repo.getItem(tx, actor.companyId, id);
    await repo.deleteItem(tx, actor.companyId, id);
  });
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "contactListItem",
    action: "delete",
    id,
  });
}
