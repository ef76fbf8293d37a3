/**
 * What the bot sends from stored files: a file list (spec 2 §3 "File list" — its message, then
 * each of its files; read by the Files feature, server/files/service.ts) and single stored media
 * (the connection's greeting media). A file missing from the media store is skipped (logged)
 * rather than failing the rest.
 */
import { getMimeType } from "hono/utils/mime";
import type { Deps } from "../deps.ts";
import { isNotFound } from "../lib/errors.ts";
import { sendOnTicket } from "../messages/send.ts";
import { fileListForSending } from "../files/service.ts";
import type { TicketRow } from "../tickets/repo.ts";
import { botSay } from "./bot.ts";

export async function sendFileList(deps: Deps, ticket: TicketRow, fileId: number): Promise<void> {
  const list = await fileListForSending(deps, ticket.companyId, fileId).catch((err) => {
    // A chatbot option may still name a list that was deleted since.
    if (isNotFound(err)) return null;
    throw err;
  });
  if (!list) return;
  if (list.message) await botSay(deps, ticket, list.message);
  for (const f of list.files) {
    await sendOnTicket(deps, ticket.companyId, ticket.id, { body: f.name, media: f.file });
  }
}

/** Sends a stored media file (path as the media store keeps it) on the ticket as the bot. */
export async function sendStoredMedia(
  deps: Deps,
  ticket: TicketRow,
  path: string,
  caption = "",
): Promise<boolean> {
  const stat = await deps.media.stat(path).catch(() => null);
  if (!stat) return false;
  const name = path.split("/").pop() ?? "file";
  await sendOnTicket(deps, ticket.companyId, ticket.id, {
    body: caption,
    media: { path, name, size: stat.size, mimetype: getMimeType(path) ?? "application/octet-stream" },
  });
  return true;
}
