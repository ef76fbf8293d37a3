/**
 * Telegram sends, through the durable job queue (one FIFO per chat, so a chat's messages keep their
 * order across retries; paced to Telegram's limits per chat, group and bot, `telegramPace`): text (the attendant's `*Name:*` signature becomes a bold entity, not
 * literal asterisks), photos, videos, voice notes, audio and documents with the text as caption
 * (or after, when longer than Telegram's 1,024-character captions), replies through
 * `reply_parameters`. Telegram's answers decide what happens next:
 *  - ok → ack 1 (sent; Telegram reports no delivery) and the message takes Telegram's id;
 *  - 429 → the job comes back after `retry_after` seconds (RetryLaterError), not the backoff;
 *  - 403 (the customer blocked the bot, or left the group) → the contact is marked unreachable
 *    and the message shows the reason; no retry;
 *  - other 4xx → the message shows Telegram's description; no retry; 5xx/network → backoff retries.
 * Buttons-dialog messages (lists, links, copy, PIX) go as inline keyboards (keyboard.ts), and so do
 * the bots' numbered menus (queue, chatbot, LGPD): a tap answers with the option's key.
 */
import { and, eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { OutboundMessage } from "../adapter.ts";
import {
  enqueue,
  type PaceSlot,
  PermanentJobError,
  registerQueuedJob,
  RetryLaterError,
} from "../../jobs/queue.ts";
import { recordSendError, setAck } from "../../messages/delivery.ts";
import { findConnection } from "../../connections/repo.ts";
import { botCall, botToken, TelegramError } from "./bot_api.ts";
import { chatIdOf, messageIdIn, wid } from "./ids.ts";
import { inlineKeyboard, menuKeyboard } from "./keyboard.ts";

export const TELEGRAM_SEND_JOB = "channels.telegram.send";
const CAPTION_MAX = 1024;

type Payload = {
  companyId: number;
  connectionId: number;
  messageId: number;
  contactNumber: string;
  body: string;
  media?: OutboundMessage["media"];
  quotedExternalId?: string | null;
  rich?: OutboundMessage["rich"];
};

/** One chat's lane of the queue: its sends, edits and deletes run one at a time, in order. */
export const laneKey = (connectionId: number, number: string) =>
  `${TELEGRAM_SEND_JOB}:${connectionId}:${number}`;

/**
 * Telegram's limits (Bot API FAQ): about one message a second in a chat, 20 a minute in a group,
 * 30 a second for the whole bot. Each call of a lane takes a slot of its chat and one of its bot.
 */
export const PER_CHAT_MS = 1000;
export const PER_GROUP_MS = 3000;
export const PER_BOT_MS = 34;

export function telegramPace(p: { connectionId: number; contactNumber: string }): PaceSlot[] {
  const group = chatIdOf(p.contactNumber).startsWith("-");
  return [
    { key: `telegram:bot:${p.connectionId}`, gapMs: PER_BOT_MS },
    { key: `telegram:chat:${p.connectionId}:${p.contactNumber}`, gapMs: group ? PER_GROUP_MS : PER_CHAT_MS },
  ];
}

/** Queues one message; the adapter answers "pending" and the job sets the ack. */
export async function enqueueSend(deps: Deps, msg: OutboundMessage) {
  const payload: Payload = {
    companyId: msg.companyId,
    connectionId: msg.connection.id,
    messageId: msg.messageId,
    contactNumber: msg.to.number,
    body: msg.body,
    media: msg.media,
    quotedExternalId: msg.quotedExternalId,
    rich: msg.rich,
  };
  await deps.database.write((tx) =>
    enqueue(tx, {
      name: TELEGRAM_SEND_JOB,
      companyId: msg.companyId,
      payload,
      orderKey: laneKey(msg.connection.id, msg.to.number),
      dedupeKey: `${TELEGRAM_SEND_JOB}:${msg.companyId}:${msg.externalId}`,
      maxAttempts: 10,
      runAt: deps.clock.now(),
    })
  );
  deps.jobs.kick();
}

/** `*Name:*\n` (messages/service's signature) as a bold entity over `Name:`. */
export function signatureEntities(body: string): { text: string; entities?: unknown[] } {
  const m = body.match(/^\*([^*\n]+:)\*\n/);
  if (!m) return { text: body };
  return {
    text: `${m[1]}\n${body.slice(m[0].length)}`,
    entities: [{ type: "bold", offset: 0, length: m[1].length }],
  };
}

/** The Bot API method and field for a file of this MIME type. */
export function mediaMethod(mimetype: string): { method: string; field: string } {
  if (/^image\/(jpeg|png)$/.test(mimetype)) return { method: "sendPhoto", field: "photo" };
  if (mimetype === "video/mp4") return { method: "sendVideo", field: "video" };
  if (mimetype === "audio/ogg") return { method: "sendVoice", field: "voice" };
  if (/^audio\/(mpeg|mp3|mp4|m4a|x-m4a)$/.test(mimetype)) return { method: "sendAudio", field: "audio" };
  return { method: "sendDocument", field: "document" };
}

type TgSent = { message_id: number };

async function deliver(deps: Deps, raw: unknown): Promise<void> {
  const p = raw as Payload;
  const conn = await findConnection(deps.db, p.companyId, p.connectionId);
  if (!conn?.telegramBot) throw new PermanentJobError("the Telegram connection is gone");
  const token = await botToken(deps, conn);
  const chatId = chatIdOf(p.contactNumber);
  const quoted = messageIdIn(p.quotedExternalId, chatId);
  const reply = quoted ? { reply_parameters: { message_id: quoted, allow_sending_without_reply: true } } : {};
  const { text, entities } = signatureEntities(p.body);
  const menu = menuKeyboard(text);
  const sendText = (withReply: boolean) =>
    botCall<TgSent>(deps, token, "sendMessage", {
      chat_id: chatId,
      text,
      ...(entities ? { entities } : {}),
      ...(withReply ? reply : {}),
      ...(menu ? { reply_markup: menu } : {}),
    });
  try {
    let sent: TgSent;
    const keyboard = !p.media && p.rich ? inlineKeyboard(p.rich) : null;
    if (keyboard) {
      sent = await botCall<TgSent>(deps, token, "sendMessage", { chat_id: chatId, ...keyboard, ...reply });
    } else if (!p.media) sent = await sendText(true);
    else {
      const { method, field } = mediaMethod(p.media.mimetype);
      const data = await deps.media.read(p.media.path);
      const captioned = !!text && text.length <= CAPTION_MAX;
      sent = await botCall<TgSent>(deps, token, method, {
        chat_id: chatId,
        [field]: new File([data], p.media.filename, { type: p.media.mimetype }),
        ...(captioned ? { caption: text } : {}),
        ...(captioned && entities ? { caption_entities: entities } : {}),
        ...reply,
      });
      if (text && !captioned) await sendText(false);
    }
    await setAck(deps, p.companyId, p.messageId, 1, wid(conn.telegramBot.id, chatId, sent.message_id));
  } catch (err) {
    if (!(err instanceof TelegramError)) throw err;
    if (err.tgCode === 429) throw new RetryLaterError(err.message, (err.retryAfter ?? 1) * 1000);
    if (err.tgCode === 403) {
      await markUnreachable(deps, p.companyId, p.contactNumber);
      throw new PermanentJobError(`Telegram: ${err.description}`);
    }
    if (err.tgCode >= 400 && err.tgCode < 500) throw new PermanentJobError(`Telegram: ${err.description}`);
    throw err;
  }
}

/** The customer blocked the bot (or the bot left the group): campaigns and attendants can tell. */
async function markUnreachable(deps: Deps, companyId: number, number: string) {
  await deps.database.write((tx) =>
    tx.update(contacts).set({ unreachableAt: deps.clock.now().toISOString() })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
  );
}

registerQueuedJob({
  name: TELEGRAM_SEND_JOB,
  handle: deliver,
  pace: (p) => telegramPace(p as Payload),
  onGiveUp: async (deps, payload, error) => {
    const { companyId, messageId } = payload as Payload;
    await recordSendError(deps, companyId, messageId, error);
  },
});
