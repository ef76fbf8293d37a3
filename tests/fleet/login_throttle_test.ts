/**
 * With REDIS_URL the login throttle is one counter for the fleet (server/lib/rate_limit_redis.ts):
 * two instances that do not even share a database count the same failures; a success resets it.
 */
import assert from "node:assert/strict";
import { Redis } from "ioredis";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startRedis } from "../_helpers/redis.ts";
import { createCompany } from "../_helpers/factories.ts";

const attempt = (t: TestApp, email: string, password: string) =>
  t.request("/api/auth/login", { method: "POST", json: { email, password } })
    .then(async (r) => ({ status: r.status, error: (await r.json()).error }));

Deno.test("[fleet] failed logins are counted once across instances (Redis)", async () => {
  const redis = await startRedis();
  if (!redis) return;
  // Separate databases: only Redis can make them agree.
  const a = await createTestApp({ redisUrl: redis.url, scheduler: false });
  const b = await createTestApp({ redisUrl: redis.url, scheduler: false });
  const r = new Redis(redis.url);
  try {
    const email = "ana@fleet.test";
    for (let i = 0; i < 10; i++) {
      assert.equal((await attempt(i % 2 ? a : b, email, `bad-${i}`)).status, 401);
    }
    assert.deepEqual(await attempt(a, email, "bad"), { status: 429, error: "ERR_RATE_LIMITED" });
    assert.deepEqual(await attempt(b, email.toUpperCase(), "bad"), {
      status: 429,
      error: "ERR_RATE_LIMITED",
    });
    const keys = await r.keys("atende:rl:login:*");
    assert.equal(keys.length, 1, "one counter, its key hashed");
    assert.ok(!keys[0].includes("ana"));
    const ttl = await r.pttl(keys[0]);
    assert.ok(ttl > 0 && ttl <= 15 * 60_000, "the window expires by itself");

    // A right password resets its counter.
    const { admin } = await createCompany(a);
    for (let i = 0; i < 3; i++) await attempt(b, admin.email, "bad");
    assert.equal((await attempt(a, admin.email, admin.password)).status, 200);
    assert.equal(await r.keys("atende:rl:login:*").then((k) => k.length), 1, "the admin's counter is gone");
  } finally {
    r.disconnect();
    await a.close();
    await b.close();
    await redis.stop();
  }
});
