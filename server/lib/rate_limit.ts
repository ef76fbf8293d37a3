/**
 * Fixed-window counters per key, kept in the database (`rate_limits`), so every instance on the
 * same database shares them: ten failed logins are ten, however many instances answered them.
 * Keys are stored hashed. Expired windows are purged by the hourly auth cleanup job.
 */
import { eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "@db/schema.ts";
import type { Database } from "@db/client.ts";
import { sha256Hex } from "./crypto.ts";

export class RateLimiter {
  constructor(
    private database: Database,
    private limit: number,
    private windowMs: number,
    private now: () => Date = () => new Date(),
  ) {}

  /** True when the key has used up its window. */
  async blocked(key: string): Promise<boolean> {
    const [row] = await this.database.db.select().from(rateLimits)
      .where(eq(rateLimits.key, await sha256Hex(key))).limit(1);
    return !!row && row.resetAt > this.now().toISOString() && row.count >= this.limit;
  }

  /** Counts a hit in one atomic upsert; true when the key is now over the limit. */
  async hit(key: string): Promise<boolean> {
    const k = await sha256Hex(key);
    const now = this.now();
    const at = now.toISOString();
    const resetAt = new Date(now.getTime() + this.windowMs).toISOString();
    const [row] = await this.database.write((tx) =>
      tx.insert(rateLimits).values({ key: k, count: 1, resetAt }).onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt:
            sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
        },
      }).returning({ count: rateLimits.count })
    );
    return row.count > this.limit;
  }

  async reset(key: string): Promise<void> {
    const k = await sha256Hex(key);
    await this.database.write((tx) => tx.delete(rateLimits).where(eq(rateLimits.key, k)));
  }
}

/** Deletes windows that ended before `now`. */
export async function purgeRateLimits(database: Database, now: Date): Promise<void> {
  await database.write((tx) => tx.delete(rateLimits).where(lt(rateLimits.resetAt, now.toISOString())));
}

/**
 * The window counter of one instance (rate_limit_redis.ts's `WindowCounter` without Redis): a map
 * of key → {count, window end}, swept of ended windows as it grows. The clock is injected.
 */
export class MemoryWindowCounter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private windowMs: number, private now: () => Date = () => new Date()) {}

  hit(key: string): Promise<{ count: number; resetAt: number }> {
    const now = this.now().getTime();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return Promise.resolve({ ...w });
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
