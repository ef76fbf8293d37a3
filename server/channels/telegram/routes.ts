/**
 * POST /api/webhooks/telegram/:connectionId — where each Telegram connection's bot delivers its
 * updates (setWebhook in adapter.ts). `X-Telegram-Bot-Api-Secret-Token` must equal the
 * connection's sealed secret before the body is read as an update: a missing or wrong secret, or
 * an id that is not a Telegram connection, answers the same 401 and stores nothing. A verified
 * update is processed before the answer (Telegram sends a bot's updates one at a time and
 * redelivers until it gets a 2xx): an update_id already handled is skipped (updates.ts), and
 * messages are idempotent on their ids besides.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { safeEqual } from "../../lib/crypto.ts";
import { parseJson, readBytes } from "../../lib/body.ts";
import { unscopedFindConnectionById } from "../../connections/repo.ts";
import { handleUpdate } from "./inbound.ts";
import { onceForUpdate } from "./updates.ts";
import type { TgUpdate } from "./types.ts";
// Registers the send job next to the route that the composition root mounts.
import "./outbound.ts";

/** Updates are small; anything larger is not one. */
const MAX_BODY = 1024 * 1024;

export const telegramWebhookRoutes = new Hono<AppEnv>()
  .post("/:connectionId", async (c) => {
    const deps = c.var.deps;
    const id = Number(c.req.param("connectionId"));
    const given = c.req.header("x-telegram-bot-api-secret-token") ?? "";
    // unscoped: the connection id in the URL names the company; the secret proves the caller.
    const conn = Number.isSafeInteger(id) && id > 0 ? await unscopedFindConnectionById(deps.db, id) : null;
    if (!conn || conn.channel !== "telegram" || !conn.telegramSecret || !given) {
      throw new AppError("ERR_UNAUTHENTICATED");
    }
    if (!safeEqual(given, await deps.secrets.open(conn.telegramSecret))) {
      throw new AppError("ERR_UNAUTHENTICATED");
    }
    const raw = await readBytes(c, MAX_BODY);
    const update = parseJson(new TextDecoder().decode(raw)) as TgUpdate | null;
    if (update && typeof update === "object" && Number.isSafeInteger(update.update_id)) {
      await onceForUpdate(deps, conn, update.update_id, () => handleUpdate(deps, conn, update));
    }
    return c.json({ ok: true });
  });
