/**
 * The Telegram channel (Bot API).
 *  - connect: registers the webhook — `setWebhook` to `{PUBLIC_URL}/api/webhooks/telegram/{id}` with
 *    the connection's sealed random `secret_token` and the updates we read — then CONNECTED, or
 *    DISCONNECTED when Telegram refuses; with TELEGRAM_UPDATES=polling it deletes any webhook
 *    instead and the scheduler polls (polling.ts);
 *  - disconnect: `deleteWebhook` (best effort: a revoked token must not keep a connection alive);
 *  - replaced: a token of another bot lets the old bot go (its webhook deleted with the old token,
 *    the polling offset forgotten) before connect registers the new one; the same bot is re-set;
 *  - send: queued (outbound.ts), paced per chat by the queue's order key; 429 waits `retry_after`;
 *  - editMessage / deleteMessage: an attendant's edit or delete, queued behind the sends (changes.ts);
 *  - fetchMedia: a file the webhook's download missed, through getFile again;
 *  - typing: the "typing…" chat action while an attendant types (channels/typing.ts).
 */
import type { Deps } from "../../deps.ts";
import type { ChannelAdapter } from "../adapter.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { setConnectionStatus } from "../../connections/status.ts";
import { botCall, botToken } from "./bot_api.ts";
import { enqueueSend } from "./outbound.ts";
import { enqueueChange } from "./changes.ts";
import { fetchTelegramFile, type TgMediaSource } from "./media.ts";
import { ALLOWED_UPDATES } from "./allowed.ts";
import { chatIdOf } from "./ids.ts";
import { forgetUpdates } from "./updates.ts";

export { ALLOWED_UPDATES };

export const telegramWebhookUrl = (deps: Deps, conn: Pick<ConnectionRow, "id">) =>
  `${deps.config.publicUrl}/api/webhooks/telegram/${conn.id}`;

export const telegramAdapter: ChannelAdapter = {
  kind: "telegram",
  async connect(deps, conn) {
    try {
      const token = await botToken(deps, conn);
      // Long polling (polling.ts): Telegram answers getUpdates only while no webhook is set.
      if (deps.config.telegramUpdates === "polling") {
        await botCall(deps, token, "deleteWebhook", {});
        return void await setConnectionStatus(deps, conn, "CONNECTED");
      }
      if (!conn.telegramSecret) throw new Error("no webhook secret");
      await botCall(deps, token, "setWebhook", {
        url: telegramWebhookUrl(deps, conn),
        secret_token: await deps.secrets.open(conn.telegramSecret),
        allowed_updates: ALLOWED_UPDATES,
      });
      await setConnectionStatus(deps, conn, "CONNECTED");
    } catch (err) {
      console.warn(`[telegram] connection ${conn.id} could not connect:`, (err as Error).message);
      await setConnectionStatus(deps, conn, "DISCONNECTED");
    }
  },
  async disconnect(deps, conn) {
    await botCall(deps, await botToken(deps, conn), "deleteWebhook", {}).catch((err) => {
      console.warn(`[telegram] connection ${conn.id}: deleteWebhook failed:`, (err as Error).message);
    });
    await setConnectionStatus(deps, conn, "DISCONNECTED");
  },
  async replaced(deps, before, after) {
    if (!before.telegramBot || before.telegramBot.id === after.telegramBot?.id) return;
    await botCall(deps, await botToken(deps, before), "deleteWebhook", {}).catch((err) => {
      console.warn(
        `[telegram] connection ${before.id}: the old bot's deleteWebhook failed:`,
        (err as Error).message,
      );
    });
    await forgetUpdates(deps, after);
  },
  async send(deps, msg) {
    await enqueueSend(deps, msg);
    return { externalId: msg.externalId, ack: 0, pending: true };
  },
  editMessage: (deps, msg) =>
    enqueueChange(deps, msg, { kind: "edit", body: msg.body, previousBody: msg.previousBody }),
  deleteMessage: (deps, msg) => enqueueChange(deps, msg, { kind: "delete" }),
  fetchMedia: (deps, conn, source) => fetchTelegramFile(deps, conn, source as TgMediaSource),
  async typing(deps, conn, to) {
    await botCall(deps, await botToken(deps, conn), "sendChatAction", {
      chat_id: chatIdOf(to.number),
      action: "typing",
    }).catch(() => undefined);
  },
};
