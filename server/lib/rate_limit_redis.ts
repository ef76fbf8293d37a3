/**
 * The login throttle in Redis, used when REDIS_URL is set: one counter per key for the
 * whole fleet, in every region, without a write to the primary database per failed login (with
 * embedded replicas the database counter would be read from a replica that may lag). Same
 * contract as RateLimiter (rate_limit.ts), which stays the default without Redis.
 */
import { redisClient } from "./redis_client.ts";
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
  const r = await redisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
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

/**
 * A fixed-window counter that says where a key stands rather than only whether it is over: what
 * the `RateLimit-*` headers need (api_keys/). The caller compares `count` with its limit.
 */
export type WindowCounter = {
  /** Counts one hit; answers the hits in the current window and when it ends (epoch ms). */
  hit(key: string): Promise<{ count: number; resetAt: number }>;
  close?(): Promise<void>;
};

// INCR, the window's expiry on its first hit, and the time left: one atomic step.
const COUNT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {n, t}`;

/** The window counter in Redis: one count per key for every instance of the fleet. */
export async function redisWindowCounter(
  url: string,
  name: string,
  windowMs: number,
): Promise<WindowCounter> {
  const r = await redisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await r.connect();
  return {
    async hit(key) {
      const [n, ttl] = await r.eval(COUNT, 1, `atende:rw:${name}:${await sha256Hex(key)}`, windowMs) as [
        number,
        number,
      ];
      return { count: Number(n), resetAt: Date.now() + Number(ttl) };
    },
    async close() {
      r.disconnect();
      await Promise.resolve();
    },
  };
}
