/**
 * Telegram updates → the channel-independent pipeline. Private chats are the customer's ticket;
 * groups and supergroups are group tickets (the group is the contact, the sender its participant)
 * when the connection allows groups, as for WhatsApp; channel posts and other bots are ignored.
 * Content: text (a `/start <payload>` deep link is kept as written: it is the first message),
 * photos (the largest size), documents, audio, voice, video, video notes, stickers and GIFs
 * (fetched through getFile and the fetch guard; a failed download leaves the message pending for
 * the media job), locations and venues (the shared location body), contacts (a vCard), replies
 * (quoted), edits (edited_message), taps on our inline keyboards (callback_query), reactions
 * (message_reaction). Ids are deterministic (ids.ts), so a redelivered update is
 * stored once.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import type { InboundMedia } from "../adapter.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { receiveEdit, receiveUnreaction } from "../../inbox/updates.ts";
import { findMessageByWid } from "../../messages/repo.ts";
import { AppError } from "../../lib/errors.ts";
import { download, downloadLimit, fetchOrPending, mediaTypeOf } from "../download.ts";
import { locationBody } from "../location.ts";
import { botCall, botToken, fileUrl, type TgUser } from "./bot_api.ts";
import { chatNumber, wid } from "./ids.ts";
import { tappedText } from "./keyboard.ts";

type TgChat = { id: number; type: string; title?: string; first_name?: string; last_name?: string };
type TgFile = {
  file_id: string;
  file_unique_id?: string;
  file_size?: number;
  mime_type?: string;
  file_name?: string;
};
export type TgMessage = {
  message_id: number;
  from?: TgUser;
  sender_chat?: TgChat;
  chat: TgChat;
  date?: number;
  text?: string;
  caption?: string;
  photo?: TgFile[];
  document?: TgFile;
  audio?: TgFile & { title?: string; performer?: string };
  voice?: TgFile;
  video?: TgFile;
  video_note?: TgFile;
  animation?: TgFile;
  sticker?: TgFile & { emoji?: string; is_animated?: boolean; is_video?: boolean };
  location?: { latitude: number; longitude: number };
  venue?: { location: { latitude: number; longitude: number }; title?: string; address?: string };
  contact?: {
    phone_number: string;
    first_name?: string;
    last_name?: string;
    user_id?: number;
    vcard?: string;
  };
  reply_to_message?: { message_id: number };
  reply_markup?: { inline_keyboard?: { text: string; callback_data?: string }[][] };
};
/** A change of a user's reactions to a message (Bot API MessageReactionUpdated). */
type TgReaction = {
  chat: TgChat;
  message_id: number;
  user?: TgUser;
  date?: number;
  new_reaction?: { type: string; emoji?: string }[];
};
/** A tap on an inline keyboard button of one of our messages. */
type TgCallback = { id: string; from: TgUser; message?: TgMessage; data?: string };
export type TgUpdate = {
  update_id: number;
  message?: TgMessage;
  edited_message?: TgMessage;
  channel_post?: TgMessage;
  callback_query?: TgCallback;
  message_reaction?: TgReaction;
};

/** What the media job needs to fetch a file again (adapter.ts fetchMedia). */
export type TgMediaSource = { fileId: string; mimetype?: string; filename?: string; kind: string };

/** The default MIME type of each kind when Telegram does not say (its file server answers octet-stream). */
const KIND_MIME: Record<string, string> = {
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

const fullName = (u: { first_name?: string; last_name?: string; username?: string; title?: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(" ") || u.title || u.username || "";

/** The file of a message and what it is, or null for text-like messages. */
function fileOf(m: TgMessage): TgMediaSource | null {
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

/** A shared contact as the vCard every channel stores (`contactMessage`). */
function contactCard(c: NonNullable<TgMessage["contact"]>): string {
  if (c.vcard?.startsWith("BEGIN:VCARD")) return c.vcard;
  const phone = c.phone_number.replace(/[^\d+]/g, "");
  const digits = phone.replace(/\D/g, "");
  const name = fullName(c) || phone;
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:${c.last_name ?? ""};${c.first_name ?? ""};;;`,
    `FN:${name}`,
    `TEL;type=CELL;waid=${digits}:+${digits}`,
    "END:VCARD",
  ].join("\n");
}

/** Text of a message: its text or caption, a location, a venue, a sticker's emoji. */
function textOf(m: TgMessage): { body: string; mediaType?: string } {
  if (m.venue) {
    const desc = [m.venue.title, m.venue.address].filter(Boolean).join(", ");
    return {
      body: locationBody(m.venue.location.latitude, m.venue.location.longitude, desc),
      mediaType: "locationMessage",
    };
  }
  if (m.location) {
    return { body: locationBody(m.location.latitude, m.location.longitude), mediaType: "locationMessage" };
  }
  if (m.contact) return { body: contactCard(m.contact), mediaType: "contactMessage" };
  if (m.audio && !m.caption && (m.audio.title || m.audio.performer)) {
    return { body: [m.audio.performer, m.audio.title].filter(Boolean).join(" – ") };
  }
  return { body: m.text ?? m.caption ?? "" };
}

type Ctx = { deps: Deps; conn: ConnectionRow };

async function onMessage(ctx: Ctx, m: TgMessage): Promise<void> {
  const { deps, conn } = ctx;
  const bot = conn.telegramBot;
  if (!bot) return;
  const chat = m.chat;
  const isGroup = chat.type === "group" || chat.type === "supergroup";
  if (chat.type !== "private" && !isGroup) return log(conn, m, `chat type ${chat.type}`);
  if (!m.from || m.from.is_bot) return log(conn, m, "sent by a bot or anonymously");
  if (isGroup && !conn.allowGroup) return log(conn, m, "group messages are off on this connection");
  const externalId = wid(bot.id, chat.id, m.message_id);
  if (await findMessageByWid(deps.db, conn.companyId, externalId)) return;
  const from = { number: chatNumber(m.from.id), name: fullName(m.from) || undefined };
  await clearUnreachable(deps, conn.companyId, from.number);
  const source = fileOf(m);
  const { media, pendingMedia } = source
    ? await fetchOrPending(
      `[telegram] ${externalId} on ${conn.id}`,
      () => fetchTelegramFile(deps, conn, source),
      {
        mediaType: mediaTypeOf(source.mimetype ?? KIND_MIME[source.kind]),
        source,
      },
    )
    : {};
  const { body, mediaType } = textOf(m);
  if (!body && !media && !pendingMedia) return log(conn, m, "nothing an attendant can read");
  await receiveInbound(deps, {
    connection: conn,
    externalId,
    from,
    group: isGroup ? { id: chatNumber(chat.id), name: chat.title } : undefined,
    fromMe: false,
    body,
    media,
    pendingMedia,
    mediaType,
    quotedExternalId: m.reply_to_message ? wid(bot.id, chat.id, m.reply_to_message.message_id) : undefined,
    timestamp: m.date ? new Date(Math.min(m.date * 1000, deps.clock.now().getTime())) : undefined,
  });
}

function log(conn: ConnectionRow, m: TgMessage, reason: string) {
  console.info(`[telegram] message ${m.chat?.id}:${m.message_id} on ${conn.id} ignored: ${reason}`);
}

/** A customer who writes again has unblocked the bot. */
async function clearUnreachable(deps: Deps, companyId: number, number: string) {
  await deps.database.write((tx) =>
    tx.update(contacts).set({ unreachableAt: null }).where(
      and(eq(contacts.companyId, companyId), eq(contacts.number, number), isNotNull(contacts.unreachableAt)),
    )
  );
}

/** An edit of a message we may not have (older than the connection): ignored then. */
async function onEdit(ctx: Ctx, m: TgMessage): Promise<void> {
  const bot = ctx.conn.telegramBot;
  if (!bot) return;
  const body = m.text ?? m.caption;
  if (body === undefined) return;
  await receiveEdit(ctx.deps, ctx.conn, wid(bot.id, m.chat.id, m.message_id), body).catch((err) => {
    if (!(err instanceof AppError && err.code === "ERR_NOT_FOUND")) throw err;
  });
}

export async function handleUpdate(deps: Deps, conn: ConnectionRow, u: TgUpdate): Promise<void> {
  const ctx = { deps, conn };
  if (u.message) return await onMessage(ctx, u.message);
  if (u.edited_message) return await onEdit(ctx, u.edited_message);
  if (u.callback_query) return await onCallback(ctx, u.callback_query);
  if (u.message_reaction) return await onReaction(ctx, u.message_reaction);
}

/**
 * A reaction replaces the customer's earlier one on that message (as on the other channels); an
 * empty list only removes it. Custom and paid reactions have no emoji we can show: removal only.
 * Anonymous reactions (a group's admins as the chat) are ignored.
 */
async function onReaction(ctx: Ctx, r: TgReaction): Promise<void> {
  const { deps, conn } = ctx;
  const bot = conn.telegramBot;
  if (!bot || !r.user || r.user.is_bot || !r.chat) return;
  const isGroup = r.chat.type === "group" || r.chat.type === "supergroup";
  if ((r.chat.type !== "private" && !isGroup) || (isGroup && !conn.allowGroup)) return;
  const target = wid(bot.id, r.chat.id, r.message_id);
  const customer = chatNumber(r.user.id);
  const emoji = r.new_reaction?.find((x) => x.type === "emoji" && x.emoji)?.emoji;
  const id = `${target}:reaction:${r.user.id}:${r.date ?? 0}`;
  if (emoji && await findMessageByWid(deps.db, conn.companyId, id)) return;
  await receiveUnreaction(deps, conn, target, customer);
  if (!emoji) return;
  await receiveInbound(deps, {
    connection: conn,
    externalId: id,
    from: { number: customer, name: fullName(r.user) || undefined },
    group: isGroup ? { id: chatNumber(r.chat.id), name: r.chat.title } : undefined,
    fromMe: false,
    body: emoji,
    mediaType: "reactionMessage",
    quotedExternalId: target,
  });
}

/**
 * A tapped inline button: Telegram's spinner is stopped (answerCallbackQuery, best effort) and the
 * button's text is the customer's answer, quoting the message that carried the keyboard, so the
 * ticket (and its chatbot) reads it like a typed reply.
 */
async function onCallback(ctx: Ctx, cb: TgCallback): Promise<void> {
  const { deps, conn } = ctx;
  const bot = conn.telegramBot;
  const m = cb.message;
  if (!bot || !m?.chat || cb.from?.is_bot) return;
  const token = await botToken(deps, conn);
  await botCall(deps, token, "answerCallbackQuery", { callback_query_id: cb.id }).catch((err) => {
    console.warn(`[telegram] answerCallbackQuery on ${conn.id}:`, (err as Error).message);
  });
  const body = tappedText(m.reply_markup, cb.data);
  const isGroup = m.chat.type === "group" || m.chat.type === "supergroup";
  if (!body || (m.chat.type !== "private" && !isGroup) || (isGroup && !conn.allowGroup)) return;
  const externalId = `${wid(bot.id, m.chat.id, m.message_id)}:cb:${cb.id}`;
  if (await findMessageByWid(deps.db, conn.companyId, externalId)) return;
  const from = { number: chatNumber(cb.from.id), name: fullName(cb.from) || undefined };
  await receiveInbound(deps, {
    connection: conn,
    externalId,
    from,
    group: isGroup ? { id: chatNumber(m.chat.id), name: m.chat.title } : undefined,
    fromMe: false,
    body,
    quotedExternalId: wid(bot.id, m.chat.id, m.message_id),
  });
}
