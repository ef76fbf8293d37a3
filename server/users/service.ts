/**
 * Users of a company (spec 2 §2, §5, §6). Only an admin changes profiles, queues and
 * permissions; nobody raises his own profile; only the operator grants the super flag.
 */
import type { Deps } from "../deps.ts";
import { pageOf } from "../lib/paging.ts";
import type { Actor, UserRow } from "../lib/context.ts";
import { AppError, isUniqueViolation, noPermission } from "../lib/errors.ts";
import { hashPassword } from "../lib/crypto.ts";
import { isAdmin, requireAdmin, requireWithinLimit } from "../auth/permissions.ts";
import { toUserDTO, type UserDTO } from "./dto.ts";
import * as repo from "./repo.ts";
import { getConnection } from "../connections/repo.ts";
import { ADMIN_ONLY_FIELDS, type CreateUserInput, type UpdateUserInput } from "./schemas.ts";
import { evict, invalidate } from "../caches.ts";
import { audit, changes, snapshot } from "../audit/audit.ts";

const PAGE = 20;

export async function userDTOs(deps: Deps, companyId: number, rows: UserRow[]): Promise<UserDTO[]> {
  const qs = await repo.queuesOfUsers(deps.db, companyId, rows.map((r) => r.id));
  return await Promise.all(rows.map((r) => toUserDTO(deps.media, r, qs.get(r.id) ?? [])));
}

export async function userDTO(deps: Deps, u: UserRow): Promise<UserDTO> {
  return (await userDTOs(deps, u.companyId, [u]))[0];
}

export async function listUsers(deps: Deps, actor: Actor, q: { searchParam?: string; pageNumber: number }) {
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listUsers(deps.db, actor.companyId, {
    search: q.searchParam,
    limit: page.limit,
    offset: page.offset,
  });
  return { users: await userDTOs(deps, actor.companyId, rows), count, hasMore: page.hasMore(count) };
}

export async function listAllUsers(deps: Deps, actor: Actor) {
  const { rows } = await repo.listUsers(deps.db, actor.companyId);
  return await userDTOs(deps, actor.companyId, rows);
}

/** The user himself or an admin of his company. */
function requireSelfOrAdmin(actor: Actor, id: number) {
  if (actor.userId !== id && !isAdmin(actor)) throw noPermission();
}

/**
 * Changing a user: himself or an admin; a super user (the platform operator) only by a super
 * user. Without the second rule a plain admin of company 1 could reset the operator's password
 * or e-mail and take the platform over.
 */
function requireMayManage(actor: Actor, target: UserRow) {
  requireSelfOrAdmin(actor, target.id);
  if (target.super && !actor.user.super) throw noPermission();
}

export async function showUser(deps: Deps, actor: Actor, id: number): Promise<UserDTO> {
  const u = await repo.getUser(deps.db, actor.companyId, id);
  requireSelfOrAdmin(actor, id);
  return await userDTO(deps, u);
}

export async function createUser(deps: Deps, actor: Actor, input: CreateUserInput): Promise<UserDTO> {
  requireAdmin(actor);
  if (input.super && !actor.user.super) throw noPermission();
  const passwordHash = await hashPassword(input.password);
  const { queueIds, password: _pw, ...fields } = input;
  const user = await deps.database.write(async (tx) => {
    requireWithinLimit(actor.plan, "users", await repo.countUsers(tx, actor.companyId));
    if (input.whatsappId != null) await getConnection(tx, actor.companyId, input.whatsappId);
    const u = await repo.insertUser(tx, {
      ...fields,
      super: !!input.super,
      companyId: actor.companyId,
      passwordHash,
    })
      .catch((err) => {
        throw isUniqueViolation(err, "email") ? new AppError("ERR_EMAIL_IN_USE") : err;
      });
    await repo.setUserQueues(tx, actor.companyId, u.id, queueIds);
    await audit(tx, actor, {
      action: "user.create",
      entity: "user",
      entityId: u.id,
      summary: u.email,
      diff: snapshot({ ...fields, super: !!input.super, queueIds }),
    });
    return u;
  });
  const dto = await userDTO(deps, user);
  deps.bus.emit("user.created", { companyId: actor.companyId, user: dto });
  return dto;
}

export async function updateUser(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateUserInput,
): Promise<UserDTO> {
  const current = await repo.getUser(deps.db, actor.companyId, id);
  requireMayManage(actor, current);
  const currentQueues = await repo.queueIdsOfUser(deps.db, actor.companyId, id);
  assertMayChange(actor, current, currentQueues, input);

  const { queueIds, password, ...fields } = input;
  const values: Partial<UserRow> = { ...fields };
  if (password) values.passwordHash = await hashPassword(password);
  const user = await deps.database.write(async (tx) => {
    // Only a new value is checked: the form resends the current one, whatever became of it.
    if (input.whatsappId != null && input.whatsappId !== current.whatsappId) {
      await getConnection(tx, actor.companyId, input.whatsappId);
    }
    const u = await repo.updateUser(tx, actor.companyId, id, values).catch((err) => {
      throw isUniqueViolation(err, "email") ? new AppError("ERR_EMAIL_IN_USE") : err;
    });
    if (queueIds) await repo.setUserQueues(tx, actor.companyId, id, queueIds);
    await audit(tx, actor, {
      action: "user.update",
      entity: "user",
      entityId: id,
      summary: u.email,
      diff: changes({ ...current, queueIds: currentQueues }, { ...fields, queueIds, password }),
    });
    return u;
  });
  // Profile, flags and queues take effect on the user's next request (the event also evicts).
  evict(deps.caches, { kind: "user", companyId: actor.companyId, userId: id });
  const dto = await userDTO(deps, user);
  deps.bus.emit("user.updated", { companyId: actor.companyId, user: dto });
  return dto;
}

/** Rejects privileged changes with ERR_NO_PERMISSION; unchanged values pass (forms resend them). */
function assertMayChange(actor: Actor, current: UserRow, currentQueues: number[], input: UpdateUserInput) {
  const changed = (k: string) => {
    const v = (input as Record<string, unknown>)[k];
    if (v === undefined) return false;
    if (k === "queueIds") {
      const a = [...new Set(v as number[])].sort(), b = [...currentQueues].sort();
      return a.length !== b.length || a.some((x, i) => x !== b[i]);
    }
    return v !== (current as Record<string, unknown>)[k];
  };
  if (changed("super") && (!actor.user.super || actor.userId === current.id)) throw noPermission();
  if (!isAdmin(actor) && ADMIN_ONLY_FIELDS.some(changed)) throw noPermission();
  // Nobody raises his own profile (an admin keeps admin; a user cannot become one).
  if (actor.userId === current.id && input.profile === "admin" && current.profile !== "admin") {
    throw noPermission();
  }
}

export async function deleteUser(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireAdmin(actor);
  const target = await repo.getUser(deps.db, actor.companyId, id);
  requireMayManage(actor, target);
  if (id === actor.userId) throw new AppError("ERR_NO_PERMISSION", { message: "cannot delete yourself" });
  await deps.database.write(async (tx) => {
    await repo.deleteUser(tx, actor.companyId, id);
    await audit(tx, actor, {
      action: "user.delete",
      entity: "user",
      entityId: id,
      summary: target.email,
      diff: snapshot({ name: target.name, email: target.email, profile: target.profile }),
    });
  });
  evict(deps.caches, { kind: "user", companyId: actor.companyId, userId: id });
  await deps.media.removeOwned(actor.companyId, [target.profileImage]);
  deps.bus.emit("user.deleted", { companyId: actor.companyId, userId: id });
}

export async function uploadProfileImage(deps: Deps, actor: Actor, id: number, file: File): Promise<UserDTO> {
  const current = await repo.getUser(deps.db, actor.companyId, id);
  requireMayManage(actor, current);
  const stored = await deps.media.save(actor.companyId, `users/${id}`, file, {
    maxBytes: 5 * 1024 * 1024,
    accept: /^image\/(png|jpe?g|webp|gif)$/,
  });
  const user = await deps.database.write((tx) =>
    repo.updateUser(tx, actor.companyId, id, { profileImage: stored.path })
  );
  if (current.profileImage) await deps.media.remove(current.profileImage);
  const dto = await userDTO(deps, user);
  deps.bus.emit("user.updated", { companyId: actor.companyId, user: dto });
  return dto;
}

export async function setTicketsWidth(deps: Deps, actor: Actor, id: number, width: number): Promise<UserDTO> {
  requireMayManage(actor, await repo.getUser(deps.db, actor.companyId, id));
  const user = await deps.database.write((tx) =>
    repo.updateUser(tx, actor.companyId, id, { defaultTicketsManagerWidth: width })
  );
  invalidate(deps, { kind: "user", companyId: actor.companyId, userId: id });
  return await userDTO(deps, user);
}
