/**
 * Quick replies (spec 1 §4 composer, spec 2 §2, §3, §5, §6). A user sees his own and the shared
 * (`geral`) ones and manages only his own: someone else's shared reply is read-only for him
 * (403), someone else's private one does not exist for him (404). Admins manage all.
 */
import type { Deps } from "../deps.ts";
import { pageOf } from "../lib/paging.ts";
import type { Actor } from "../lib/context.ts";
import { noPermission } from "../lib/errors.ts";
import { isAdmin } from "../auth/permissions.ts";
import { downloadLimit } from "../channels/download.ts";
import * as repo from "./repo.ts";
import type { QuickMessageRow, Scope } from "./repo.ts";
import type { CreateQuickMessageInput, ListQuickMessagesQuery, UpdateQuickMessageInput } from "./schemas.ts";
import type { QuickMessageDTO } from "@contract/quick_messages.ts";

const PAGE = 20;

export type { QuickMessageDTO };

// The row's columns are the contract's quick message fields.
const _rowIsQuickMessage = (r: QuickMessageRow): Omit<QuickMessageDTO, "isMedia"> => r;

const scopeOf = (actor: Actor): Scope =>
  isAdmin(actor) ? { all: true } : { all: false, userId: actor.userId };
const ownScope = (actor: Actor): Scope => ({ all: false, userId: actor.userId });

/** The stored media path becomes a signed, expiring URL. */
async function toDTO(deps: Deps, row: QuickMessageRow): Promise<QuickMessageDTO> {
  return {
    ...row,
    mediaPath: row.mediaPath ? await deps.media.signedUrl(row.mediaPath) : null,
    isMedia: !!row.mediaPath,
  };
}

/**
 * The company hears shared replies only; a private one stays with its owner (whose screen
 * reloads after his own change). A reply that stops being shared is announced as deleted.
 */
async function announce(deps: Deps, row: QuickMessageRow, wasShared: boolean) {
  const companyId = row.companyId;
  if (row.geral) {
    deps.bus.emit("entity.changed", {
      companyId,
      entity: "quickMessage",
      action: wasShared ? "update" : "create",
      record: await toDTO(deps, row),
    });
  } else if (wasShared) {
    deps.bus.emit("entity.changed", { companyId, entity: "quickMessage", action: "delete", id: row.id });
  }
}

function requireManage(actor: Actor, row: QuickMessageRow) {
  if (!isAdmin(actor) && row.userId !== actor.userId) throw noPermission();
}

export async function listQuickMessages(deps: Deps, actor: Actor, q: ListQuickMessagesQuery) {
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listQuickMessages(deps.db, actor.companyId, scopeOf(actor), {
    search: q.searchParam,
    limit: page.limit,
    offset: page.offset,
  });
  return {
    records: await Promise.all(rows.map((r) => toDTO(deps, r))),
    count,
    hasMore: page.hasMore(count),
  };
}

/** What the composer offers: the user's own and the shared replies that are visible. */
export async function listUsable(deps: Deps, actor: Actor): Promise<QuickMessageDTO[]> {
  const { rows } = await repo.listQuickMessages(deps.db, actor.companyId, ownScope(actor), {
    visibleOnly: true,
  });
  return await Promise.all(rows.map((r) => toDTO(deps, r)));
}

export async function showQuickMessage(deps: Deps, actor: Actor, id: number): Promise<QuickMessageDTO> {
  return await toDTO(deps, await repo.getQuickMessage(deps.db, actor.companyId, scopeOf(actor), id));
}

export async function createQuickMessage(
  deps: Deps,
  actor: Actor,
  input: CreateQuickMessageInput,
): Promise<QuickMessageDTO> {
  const row = await deps.database.write((tx) =>
    repo.insertQuickMessage(tx, { ...input, companyId: actor.companyId, userId: actor.userId })
  );
  await announce(deps, row, false);
  return await toDTO(deps, row);
}

/** @throws ERR_NO_PERMISSION on another user's shared reply (read-only for a non-admin). */
export async function updateQuickMessage(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateQuickMessageInput,
): Promise<QuickMessageDTO> {
  const { before, row } = await deps.database.write(async (tx) => {
    const before = await repo.getQuickMessage(tx, actor.companyId, scopeOf(actor), id);
    requireManage(actor, before);
    return { before, row: await repo.updateQuickMessage(tx, actor.companyId, id, input) };
  });
  await announce(deps, row, before.geral);
  return await toDTO(deps, row);
}

export async function deleteQuickMessage(deps: Deps, actor: Actor, id: number): Promise<void> {
  const row = await deps.database.write(async (tx) => {
    const row = await repo.getQuickMessage(tx, actor.companyId, scopeOf(actor), id);
    requireManage(actor, row);
    await repo.deleteQuickMessage(tx, actor.companyId, id);
    return row;
  });
  if (row.mediaPath) await deps.media.remove(row.mediaPath);
  deps.bus.emit("entity.changed", {
    companyId: actor.companyId,
    entity: "quickMessage",
    action: "delete",
    id,
  });
}

/** Attaches (or replaces) the reply's file; spaces in its name become underscores. */
export async function uploadMedia(
  deps: Deps,
  actor: Actor,
  id: number,
  file: File,
): Promise<QuickMessageDTO> {
  const current = await repo.getQuickMessage(deps.db, actor.companyId, scopeOf(actor), id);
  requireManage(actor, current);
  const stored = await deps.media.save(actor.companyId, `quick_messages/${id}`, file, {
    // The platform's download limit bounds attachments too.
    maxBytes: await downloadLimit(deps),
  });
  const row = await deps.database.write((tx) =>
    repo.updateQuickMessage(tx, actor.companyId, id, {
      mediaPath: stored.path,
      mediaName: file.name.replace(/\s+/g, "_"),
    })
  ).catch(async (err) => {
    await deps.media.remove(stored.path);
    throw err;
  });
  if (current.mediaPath) await deps.media.remove(current.mediaPath);
  await announce(deps, row, current.geral);
  return await toDTO(deps, row);
}

export async function deleteMedia(deps: Deps, actor: Actor, id: number): Promise<QuickMessageDTO> {
  const current = await repo.getQuickMessage(deps.db, actor.companyId, scopeOf(actor), id);
  requireManage(actor, current);
  const row = await deps.database.write((tx) =>
    repo.updateQuickMessage(tx, actor.companyId, id, { mediaPath: null, mediaName: null })
  );
  if (current.mediaPath) await deps.media.remove(current.mediaPath);
  await announce(deps, row, current.geral);
  return await toDTO(deps, row);
}
