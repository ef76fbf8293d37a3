/**
 * Telegram updates → the channel-independent pipeline. Private chats are the customer's ticket;
 * groups and supergroups are group tickets (the group is the contact, the sender its participant)
 * when the connection allows groups, as for WhatsApp; channel posts and other bots are ignored.
 * Content: text (a `/start <payload>` deep link is kept as written: it is the first message),
 * photos (the largest size), documents, audio, voice, video, video notes, stickers and GIFs
 * (fetched through getFile and the fetch guard; a failed download leaves the message pending for
 * the media job), locations and venues (the shared location body), contacts (a vCard), replies
 * (quoted), edits (edited_message), taps on our inline keyboards (callback_query), reactions
 * (message_reaction). Files: media.ts. Ids are deterministic (ids.ts), so a redelivered update is
 * stored once.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { receiveEdit, receiveUnreaction } from "../../inbox/updates.ts";
import { findMessageByWid } from "../../messages/repo.ts";
import { AppError } from "../../lib/errors.ts";
import { fetchOrPending, mediaTypeOf } from "../download.ts";
import { locationBody } from "../location.ts";
import { botCall, botToken } from "./bot_api.ts";
import { chatNumber, wid } from "./ids.ts";
import { tappedChoice, tappedText } from "./keyboard.ts";
import { fetchTelegramFile, fileOf, KIND_MIME } from "./media.ts";
import type { TgCallback, TgMessage, TgReaction, TgUpdate } from "./types.ts";

const fullName = (u: { first_name?: string; last_name?: string; username?: string; title?: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(" ") || u.title || u.username || "";

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
    choice: tappedChoice(cb.data),
    quotedExternalId: wid(bot.id, m.chat.id, m.message_id),
  });
}
