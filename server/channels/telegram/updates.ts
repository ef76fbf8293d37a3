/**
 * What a connection remembers of its bot's update stream. Update ids belong to one bot: when the
 * token changes to another bot, what was kept of the old one's stream is forgotten, or the new
 * bot's updates would be asked for (polling) from the old bot's offset.
 */
import { and, eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";

export async function forgetUpdates(deps: Deps, conn: ConnectionRow): Promise<void> {
  await deps.database.write((tx) =>
    tx.update(whatsapps).set({ telegramOffset: null })
      .where(and(eq(whatsapps.companyId, conn.companyId), eq(whatsapps.id, conn.id)))
  );
}
