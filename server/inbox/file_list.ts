/**
 * Sends a file list (spec 2 §3 "File list"): its message, then each of its files as media. The
 * Files screen fills `files` / `file_options`; a file missing from the media store is skipped
 * (logged) rather than failing the rest of the list.
 */
import { and, asc, eq } from "drizzle-orm";
import { fileOptions, files } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { sendOnTicket } from "../messages/send.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { botSay } from "./bot.ts";

const MIME: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  txt: "text/plain",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export const mimeOf = (path: string, mediaType: string | null) =>
  mediaType?.includes("/")
    ? mediaType
    : MIME[path.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

export async function sendFileList(deps: Deps, ticket: TicketRow, fileId: number): Promise<void> {
  const [list] = await deps.db.select().from(files)
    .where(and(eq(files.companyId, ticket.companyId), eq(files.id, fileId))).limit(1);
  if (!list) return;
  if (list.message) await botSay(deps, ticket, list.message);
  const items = await deps.db.select().from(fileOptions)
    .where(and(eq(fileOptions.companyId, ticket.companyId), eq(fileOptions.fileId, fileId)))
    .orderBy(asc(fileOptions.id));
  for (const f of items) {
    if (!f.path || f.path.split("/").includes("..")) continue;
    // Stored relative to the company's folder, or already as the store's `company{id}/…` path.
    const prefix = `company${ticket.companyId}/`;
    const path = f.path.startsWith(prefix) ? f.path : prefix + f.path.replace(/^\/+/, "");
    const stat = await Deno.stat(deps.media.absolute(path)).catch(() => null);
    if (!stat?.isFile) {
      console.warn(`[automation] file list ${fileId}: ${f.path} is missing; skipped`);
      continue;
    }
    await sendOnTicket(deps, ticket.companyId, ticket.id, {
      body: f.name,
      media: {
        path,
        name: path.split("/").pop() ?? f.name,
        size: stat.size,
        mimetype: mimeOf(path, f.mediaType),
      },
    });
  }
}

/** Sends a stored media file (path as the media store keeps it) on the ticket as the bot. */
export async function sendStoredMedia(
  deps: Deps,
  ticket: TicketRow,
  path: string,
  caption = "",
): Promise<boolean> {
  const stat = await Deno.stat(deps.media.absolute(path)).catch(() => null);
  if (!stat?.isFile) return false;
  const name = path.split("/").pop() ?? "file";
  await sendOnTicket(deps, ticket.companyId, ticket.id, {
    body: caption,
    media: { path, name, size: stat.size, mimetype: mimeOf(path, null) },
  });
  return true;
}
