/**
 * One way to open a Redis client (ioredis), loaded on first use: only a fleet (REDIS_URL) needs the
 * package, and a single instance would otherwise hold it all its life (bench/boot_cost.ts).
 */
import type { Redis, RedisOptions } from "ioredis";

export async function redisClient(url: string, opts: RedisOptions): Promise<Redis> {
  const { Redis } = await import("ioredis");
  return new Redis(url, opts);
}
