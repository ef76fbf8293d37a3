/**
 * What a connection remembers of its bot's update stream: the update_ids it handled last. Telegram
 * redelivers an update until it is answered with a 2xx (webhook) or confirmed by the next offset
 * (polling); messages are deduplicated by their own ids, but a reaction or an edit carries none, so
 * the update's id decides. A bounded list rather than a high-water mark: a webhook may receive
 * several of a bot's updates at once (max_connections), out of order, and after a week without
 * updates Telegram picks the next id at random. The id is taken before the update is handled (a
 * redelivery arriving meanwhile is skipped) and given back if handling fails, so the next delivery
 * is handled. Update ids belong to one bot: a token of another bot forgets all of this.
 */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";

/** Far more than Telegram keeps unconfirmed at once (it retries one update, 40 connections at most). */
export const KEPT_UPDATE_IDS = 200;

type ConnRef = Pick<ConnectionRow, "id" | "companyId">;
const where = (conn: ConnRef) => and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id));

/** Runs `handle` unless `updateId` was handled already. Returns whether it ran. */
export async function onceForUpdate(
  deps: Deps,
  conn: ConnRef,
  updateId: number,
  handle: () => Promise<void>,
): Promise<boolean> {
  const taken = await deps.database.write(async (tx) => {
    const [row] = await tx.select({ ids: whatsapps.telegramUpdateIds }).from(whatsapps).where(where(conn));
    const ids = row?.ids ?? [];
    if (!row || ids.includes(updateId)) return false;
    await tx.update(whatsapps).set({ telegramUpdateIds: [...ids, updateId].slice(-KEPT_UPDATE_IDS) })
      .where(where(conn));
    return true;
  });
  if (!taken) return false;
  try {
    await handle();
  } catch (err) {
    // Not handled: the id goes back, so Telegram's redelivery (or the next poll) is handled.
    await deps.database.write(async (tx) => {
      const [row] = await tx.select({ ids: whatsapps.telegramUpdateIds }).from(whatsapps).where(where(conn));
      if (!row?.ids) return;
      await tx.update(whatsapps).set({ telegramUpdateIds: row.ids.filter((id) => id !== updateId) })
        .where(where(conn));
    }).catch(() => undefined);
    throw err;
  }
  return true;
}

export async function forgetUpdates(deps: Deps, conn: ConnRef): Promise<void> {
  await deps.database.write((tx) =>
    tx.update(whatsapps).set({ telegramOffset: null, telegramUpdateIds: null }).where(where(conn))
  );
}
