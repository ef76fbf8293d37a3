/**
 * Inbound files: which file of a message to fetch (the largest photo size; stickers by their kind)
 * and the fetch itself — getFile, then the file through the fetch guard with the company's size cap.
 * Telegram's file server answers application/octet-stream, so the MIME type comes from the message,
 * the file's extension or its kind. Also the media job's retry (adapter.ts fetchMedia).
 */
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import type { InboundMedia } from "../adapter.ts";
import { AppError } from "../../lib/errors.ts";
import { download, downloadLimit } from "../download.ts";
import { botCall, botToken, fileUrl } from "./bot_api.ts";
import type { TgFile, TgMessage } from "./types.ts";

/** What the media job needs to fetch a file again (adapter.ts fetchMedia). */
export type TgMediaSource = { fileId: string; mimetype?: string; filename?: string; kind: string };

/** The default MIME type of each kind when Telegram does not say (its file server answers octet-stream). */
export const KIND_MIME: Record<string, string> = {
  photo: "image/jpeg",
  voice: "audio/ogg",
  video_note: "video/mp4",
  video: "video/mp4",
  animation: "video/mp4",
  sticker: "image/webp",
  audio: "audio/mpeg",
  document: "application/octet-stream",
};

const EXT_MIME: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  webm: "video/webm",
  mp4: "video/mp4",
  oga: "audio/ogg",
  ogg: "audio/ogg",
  mp3: "audio/mpeg",
  pdf: "application/pdf",
  tgs: "application/x-tgsticker",
};

/** getFile, then the file through the fetch guard with the company's size cap. */
export async function fetchTelegramFile(
  deps: Deps,
  conn: ConnectionRow,
  s: TgMediaSource,
): Promise<InboundMedia> {
  const token = await botToken(deps, conn);
  const f = await botCall<{ file_path?: string }>(
    deps,
    token,
    "getFile",
    { file_id: s.fileId },
    "ERR_WAPP_DOWNLOAD_MEDIA",
  );
  if (!f.file_path) throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { message: "getFile gave no file_path" });
  const file = await download(deps, fileUrl(deps, token, f.file_path), {
    maxBytes: await downloadLimit(deps),
  });
  const base = f.file_path.split("/").pop() ?? "";
  const ext = base.includes(".") ? base.split(".").pop()!.toLowerCase() : "";
  const served = file.mimetype !== "application/octet-stream" ? file.mimetype : undefined;
  const mimetype = s.mimetype ?? served ?? EXT_MIME[ext] ?? KIND_MIME[s.kind] ?? "application/octet-stream";
  const filename = s.filename || base || `${s.kind}-${s.fileId.slice(-12)}`;
  return { data: file.data, mimetype, filename };
}

/** The file of a message and what it is, or null for text-like messages. */
export function fileOf(m: TgMessage): TgMediaSource | null {
  const pick = (kind: string, f: TgFile | undefined): TgMediaSource | null =>
    f?.file_id ? { fileId: f.file_id, mimetype: f.mime_type, filename: f.file_name, kind } : null;
  // Sizes are listed smallest first; the last is the largest.
  if (m.photo?.length) return pick("photo", m.photo[m.photo.length - 1]);
  if (m.sticker) {
    const kind = m.sticker.is_animated ? "tgs" : m.sticker.is_video ? "webm" : "webp";
    const mime = { tgs: "application/x-tgsticker", webm: "video/webm", webp: "image/webp" }[kind];
    return { ...pick("sticker", m.sticker)!, mimetype: mime };
  }
  return pick("animation", m.animation) ?? pick("video", m.video) ?? pick("video_note", m.video_note) ??
    pick("voice", m.voice) ?? pick("audio", m.audio) ?? pick("document", m.document);
}
