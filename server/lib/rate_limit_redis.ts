/**
 * The login throttle in Redis, used when REDIS_URL is set: one counter per key for the
 * whole fleet, in every region, without a write to the primary database per failed login (with
 * embedded replicas the database counter would be read from a replica that may lag). Same
 * contract as RateLimiter (rate_limit.ts), which stays the default without Redis.
 */
import { Redis } from "ioredis";
import { sha256Hex } from "./crypto.ts";

export type Limiter = {
  blocked(key: string): Promise<boolean>;
  hit(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
  close?(): Promise<void>;
};

// INCR and, for the first hit of a window, its expiry: one atomic step.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export async function redisLimiter(
  url: string,
  name: string,
  limit: number,
  windowMs: number,
): Promise<Limiter> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await r.connect();
  const k = async (key: string) => `atende:rl:${name}:${await sha256Hex(key)}`;
  return {
    async blocked(key) {
      return Number(await r.get(await k(key)) ?? 0) >= limit;
    },
    async hit(key) {
      return Number(await r.eval(HIT, 1, await k(key), windowMs)) > limit;
    },
    async reset(key) {
      await r.del(await k(key));
    },
    async close() {
      r.disconnect();
      await Promise.resolve();
    },
  };
}
