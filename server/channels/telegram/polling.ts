/**
 * The long-polling fallback (TELEGRAM_UPDATES=polling), for instances Telegram cannot reach: no
 * https PUBLIC_URL, a private network. The scheduler's lease holder asks each connected Telegram
 * connection for its updates (`getUpdates`, without a server-side wait, so a tick never holds the
 * scheduler), feeds them one by one to the same handler as the webhook and keeps the next offset
 * (`telegram_offset`: the last update_id + 1) after each, so a crash mid-batch asks again only for
 * what was not handled — and handling is idempotent on message ids anyway. Telegram refuses
 * getUpdates while a webhook is set: in this mode the adapter's connect deletes it instead.
 */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { botCall, botToken } from "./bot_api.ts";
import { handleUpdate } from "./inbound.ts";
import { onceForUpdate } from "./updates.ts";
import { ALLOWED_UPDATES } from "./allowed.ts";
import type { TgUpdate } from "./types.ts";

/** Updates asked for per connection and tick. */
const LIMIT = 100;

async function pollConnection(deps: Deps, conn: ConnectionRow): Promise<number> {
  const updates = await botCall<TgUpdate[]>(deps, await botToken(deps, conn), "getUpdates", {
    ...(conn.telegramOffset ? { offset: conn.telegramOffset } : {}),
    limit: LIMIT,
    timeout: 0,
    allowed_updates: ALLOWED_UPDATES,
  });
  for (const u of updates) {
    await onceForUpdate(deps, conn, u.update_id, () => handleUpdate(deps, conn, u));
    await deps.database.write((tx) =>
      tx.update(whatsapps).set({ telegramOffset: u.update_id + 1 })
        .where(and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id)))
    );
  }
  return updates.length;
}

/** One tick: every connected Telegram connection of the platform, one after the other. */
export async function pollTelegram(deps: Deps): Promise<void> {
  if (deps.config.telegramUpdates !== "polling") return;
  // unscoped: the platform's scheduler serves every company's bots.
  const conns = await deps.db.select().from(whatsapps)
    .where(and(eq(whatsapps.channel, "telegram"), eq(whatsapps.status, "CONNECTED")));
  for (const conn of conns) {
    await pollConnection(deps, conn).catch((err) => {
      console.warn(`[telegram] connection ${conn.id}: getUpdates failed:`, (err as Error).message);
    });
  }
}
