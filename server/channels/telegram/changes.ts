/**
 * An attendant's edit or delete of a message the customer has, on Telegram: `editMessageText` (or
 * `editMessageCaption` for a file's caption) and `deleteMessage`. Queued in the chat's send lane
 * (outbound.ts `laneKey`), so a change never overtakes the send it changes and reads the Telegram
 * id that send took; a message that never reached Telegram has nothing to change. Telegram's
 * answers: "message is not modified" is success; 429 waits `retry_after`; another refusal (a
 * message older than 48 hours "can't be deleted", or no longer editable) puts our message back as
 * the customer sees it, with the reason (messages/delivery.ts recordChangeFailure).
 */
import type { Deps } from "../../deps.ts";
import type { SentMessage } from "../adapter.ts";
import { enqueue, PermanentJobError, registerQueuedJob, RetryLaterError } from "../../jobs/queue.ts";
import { recordChangeFailure } from "../../messages/delivery.ts";
import { getMessage } from "../../messages/repo.ts";
import { findConnection } from "../../connections/repo.ts";
import { botCall, botToken, TelegramError } from "./bot_api.ts";
import { chatIdOf, messageIdIn } from "./ids.ts";
import { laneKey, signatureEntities, telegramPace } from "./outbound.ts";

export const TELEGRAM_CHANGE_JOB = "channels.telegram.change";

type Change = { kind: "edit"; body: string; previousBody: string } | { kind: "delete" };
type Payload = {
  companyId: number;
  connectionId: number;
  messageId: number;
  contactNumber: string;
  hasMedia: boolean;
  change: Change;
};

export async function enqueueChange(deps: Deps, msg: SentMessage, change: Change): Promise<void> {
  const payload: Payload = {
    companyId: msg.companyId,
    connectionId: msg.connection.id,
    messageId: msg.messageId,
    contactNumber: msg.to.number,
    hasMedia: msg.hasMedia,
    change,
  };
  await deps.database.write((tx) =>
    enqueue(tx, {
      name: TELEGRAM_CHANGE_JOB,
      companyId: msg.companyId,
      payload,
      orderKey: laneKey(msg.connection.id, msg.to.number),
      maxAttempts: 10,
      runAt: deps.clock.now(),
    })
  );
  deps.jobs.kick();
}

async function apply(deps: Deps, raw: unknown): Promise<void> {
  const p = raw as Payload;
  const conn = await findConnection(deps.db, p.companyId, p.connectionId);
  if (!conn?.telegramBot) throw new PermanentJobError("the Telegram connection is gone");
  const m = await getMessage(deps.db, p.companyId, p.messageId);
  const chatId = chatIdOf(p.contactNumber);
  const messageId = messageIdIn(m.wid, chatId);
  if (!messageId) return; // never reached Telegram: the customer has nothing to change
  const token = await botToken(deps, conn);
  try {
    if (p.change.kind === "delete") {
      await botCall(deps, token, "deleteMessage", { chat_id: chatId, message_id: messageId });
      return;
    }
    const { text, entities } = signatureEntities(p.change.body);
    await botCall(
      deps,
      token,
      p.hasMedia ? "editMessageCaption" : "editMessageText",
      p.hasMedia
        ? {
          chat_id: chatId,
          message_id: messageId,
          caption: text,
          ...(entities ? { caption_entities: entities } : {}),
        }
        : { chat_id: chatId, message_id: messageId, text, ...(entities ? { entities } : {}) },
    );
  } catch (err) {
    if (!(err instanceof TelegramError)) throw err;
    if (err.tgCode === 400 && /message is not modified/i.test(err.description)) return;
    if (err.tgCode === 429) throw new RetryLaterError(err.message, (err.retryAfter ?? 1) * 1000);
    if (err.tgCode >= 400 && err.tgCode < 500) throw new PermanentJobError(`Telegram: ${err.description}`);
    throw err;
  }
}

registerQueuedJob({
  name: TELEGRAM_CHANGE_JOB,
  handle: apply,
  pace: (p) => telegramPace(p as Payload),
  onGiveUp: async (deps, payload, error) => {
    const { companyId, messageId, change } = payload as Payload;
    await recordChangeFailure(
      deps,
      companyId,
      messageId,
      change.kind === "edit" ? { kind: "edit", previousBody: change.previousBody } : { kind: "delete" },
      error,
    );
  },
});
