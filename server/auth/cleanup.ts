/** Deletes sessions and reset codes that ended more than 30 days ago. Safe to run twice. */
import { lt, or } from "drizzle-orm";
import { authSessions, passwordResets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { purgeRateLimits } from "../lib/rate_limit.ts";

export async function purgeExpiredAuth(deps: Deps, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString();
  await deps.database.write(async (tx) => {
    await tx.delete(authSessions).where(
      or(lt(authSessions.expiresAt, cutoff), lt(authSessions.revokedAt, cutoff)),
    );
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, cutoff));
  });
  await purgeRateLimits(deps.database, now);
}
