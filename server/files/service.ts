/**
 * File lists (spec 2 §2 files page, §3, §5, §7): named lists of files with a message, which queues,
 * chatbot options ("file" type) and campaigns send. Admins manage them (profile user: 403).
 * `fileListForSending` / `sendFileList` are the runtime's entry points (the chatbot tree, queues).
 */
import { getMimeType } from "hono/utils/mime";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { fileOptions, files } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { requireAdmin } from "../auth/permissions.ts";
import { pageOf } from "../lib/paging.ts";
import { downloadLimit } from "../channels/download.ts";
import type { StoredFile } from "../media/store.ts";
import { type MessageDTO } from "../messages/dto.ts";
import { sendOnTicket } from "../messages/send.ts";
import * as repo from "./repo.ts";
import type { FileListRow, FileOptionRow } from "./repo.ts";
import type { CreateFileListInput, UpdateFileListInput } from "./schemas.ts";

const PAGE = 20;

export type FileOptionDTO = FileOptionRow & { url: string | null };
export type FileListDTO = FileListRow & { options: FileOptionDTO[] };

async function dtos(deps: Deps, companyId: number, rows: FileListRow[]): Promise<FileListDTO[]> {
  const opts = await repo.optionsOf(deps.db, companyId, rows.map((r) => r.id));
  return await Promise.all(rows.map(async (r) => ({
    ...r,
    options: await Promise.all((opts.get(r.id) ?? []).map(async (o) => ({
      ...o,
      url: o.path ? await deps.media.signedUrl(o.path) : null,
    }))),
  })));
}

async function announce(deps: Deps, companyId: number, action: "create" | "update", id: number) {
  const [dto] = await dtos(deps, companyId, [await repo.getFileList(deps.db, companyId, id)]);
  deps.bus.emit("entity.changed", { companyId, entity: "file", action, record: dto });
  return dto;
}

export async function listFileLists(
  deps: Deps,
  actor: Actor,
  q: { searchParam?: string; pageNumber: number },
) {
  requireAdmin(actor);
  const page = pageOf(q.pageNumber, PAGE);
  const { rows, count } = await repo.listFileLists(deps.db, actor.companyId, {
    search: q.searchParam,
    limit: page.limit,
    offset: page.offset,
  });
  return { files: await dtos(deps, actor.companyId, rows), count, hasMore: page.hasMore(count) };
}

export async function showFileList(deps: Deps, actor: Actor, id: number): Promise<FileListDTO> {
  requireAdmin(actor);
  return (await dtos(deps, actor.companyId, [await repo.getFileList(deps.db, actor.companyId, id)]))[0];
}

export async function createFileList(deps: Deps, actor: Actor, input: CreateFileListInput) {
  requireAdmin(actor);
  const row = await deps.database.write(async (tx) => {
    const [row] = await tx.insert(files).values({
      companyId: actor.companyId,
      name: input.name,
      message: input.message,
      userId: actor.userId,
    }).returning();
    const named = (input.options ?? []).filter((o) => o.name);
    if (named.length) {
      await tx.insert(fileOptions).values(
        named.map((o) => ({ companyId: actor.companyId, fileId: row.id, name: o.name })),
      );
    }
    return row;
  });
  return await announce(deps, actor.companyId, "create", row.id);
}

/**
 * Name, message and the option set. Options left out are dropped; their stored files stay, since
 * messages already sent may point at them.
 */
export async function updateFileList(deps: Deps, actor: Actor, id: number, input: UpdateFileListInput) {
  requireAdmin(actor);
  await deps.database.write(async (tx) => {
    await repo.getFileList(tx, actor.companyId, id);
    const { options, ...fields } = input;
    if (Object.keys(fields).length) {
      await tx.update(files).set({ ...fields, updatedAt: new Date().toISOString() })
        .where(and(eq(files.companyId, actor.companyId), eq(files.id, id)));
    }
    if (!options) return;
    const keep = options.flatMap((o) => (o.id ? [o.id] : []));
    await tx.delete(fileOptions).where(and(
      eq(fileOptions.companyId, actor.companyId),
      eq(fileOptions.fileId, id),
      keep.length ? notInArray(fileOptions.id, keep) : undefined,
    ));
    for (const o of options) {
      if (o.id) {
        await tx.update(fileOptions).set({ name: o.name })
          .where(
            and(
              eq(fileOptions.companyId, actor.companyId),
              eq(fileOptions.fileId, id),
              eq(fileOptions.id, o.id),
            ),
          );
      } else {
        await tx.insert(fileOptions).values({ companyId: actor.companyId, fileId: id, name: o.name });
      }
    }
  });
  return await announce(deps, actor.companyId, "update", id);
}

export async function deleteFileList(deps: Deps, actor: Actor, id: number) {
  requireAdmin(actor);
  await deps.database.write(async (tx) => {
    await repo.getFileList(tx, actor.companyId, id);
    await tx.delete(files).where(and(eq(files.companyId, actor.companyId), eq(files.id, id)));
  });
  deps.bus.emit("entity.changed", { companyId: actor.companyId, entity: "file", action: "delete", id });
}

/**
 * POST /files/uploadList/{id}: each `files` part becomes an option's file — the option named by the
 * `id` part at the same position (spec's client), else a new option named by `name` or the file name.
 */
export async function uploadFiles(
  deps: Deps,
  actor: Actor,
  id: number,
  parts: { file: File; optionId?: number; name?: string }[],
) {
  requireAdmin(actor);
  if (!parts.length) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "files", message: "file required" }] });
  }
  await repo.getFileList(deps.db, actor.companyId, id);
  const maxBytes = await downloadLimit(deps);
  const stored: { part: (typeof parts)[number]; file: StoredFile }[] = [];
  for (const part of parts) {
    stored.push({
      part,
      file: await deps.media.save(actor.companyId, `fileList/${id}`, part.file, { maxBytes }),
    });
  }
  try {
    await deps.database.write(async (tx) => {
      const ids = stored.flatMap((s) => (s.part.optionId ? [s.part.optionId] : []));
      const known = ids.length
        ? (await tx.select({ id: fileOptions.id }).from(fileOptions).where(and(
          eq(fileOptions.companyId, actor.companyId),
          eq(fileOptions.fileId, id),
          inArray(fileOptions.id, ids),
        ))).map((r) => r.id)
        : [];
      for (const { part, file } of stored) {
        const values = { path: file.path, mediaType: file.mimetype || "application/octet-stream" };
        if (part.optionId) {
          if (!known.includes(part.optionId)) throw notFound("file option");
          await tx.update(fileOptions).set({ ...values, ...(part.name ? { name: part.name } : {}) })
            .where(eq(fileOptions.id, part.optionId));
        } else {
          await tx.insert(fileOptions).values({
            companyId: actor.companyId,
            fileId: id,
            name: part.name || file.name,
            ...values,
          });
        }
      }
    });
  } catch (err) {
    for (const s of stored) await deps.media.remove(s.file.path);
    throw err;
  }
  return await announce(deps, actor.companyId, "update", id);
}

/** GET /files/list for selects (chatbot options, queues, campaigns): id and name of every list. */
export async function fileListOptions(deps: Deps, actor: Actor) {
  const { rows } = await repo.listFileLists(deps.db, actor.companyId, {});
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** What sending a list means: its message, then each option's file (name as caption). */
export async function fileListForSending(deps: Deps, companyId: number, fileListId: number) {
  const list = await repo.getFileList(deps.db, companyId, fileListId);
  const options = (await repo.optionsOf(deps.db, companyId, [list.id])).get(list.id) ?? [];
  const sendable: { name: string; file: StoredFile }[] = [];
  for (const o of options) {
    if (!o.path) continue;
    const size = await deps.media.stat(o.path).then((s) => s?.size ?? null, () => null);
    if (size === null) {
      console.warn(`[files] list ${list.id}: ${o.path} is missing from the media store; skipped`);
      continue;
    }
    // Older rows keep only the major type ("image"): the file's extension then says it.
    const mimetype = o.mediaType?.includes("/")
      ? o.mediaType
      : getMimeType(o.path) ?? "application/octet-stream";
    sendable.push({ name: o.name, file: { path: o.path, name: o.path.split("/").pop()!, size, mimetype } });
  }
  return { message: list.message, files: sendable };
}

/**
 * Sends a file list on a ticket through the normal send path (store → emit → adapter), as the
 * chatbot's "file" option and the queue's file list do at run time (reference §3).
 */
export async function sendFileList(
  deps: Deps,
  companyId: number,
  ticketId: number,
  fileListId: number,
): Promise<MessageDTO[]> {
  const { message, files: list } = await fileListForSending(deps, companyId, fileListId);
  const sent: MessageDTO[] = [];
  if (message.trim()) sent.push(await sendOnTicket(deps, companyId, ticketId, { body: message }));
  for (const f of list) {
    sent.push(await sendOnTicket(deps, companyId, ticketId, { body: f.name, media: f.file }));
  }
  return sent;
}
