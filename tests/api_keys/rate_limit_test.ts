/**
 * The per-key rate limit: RateLimit-* headers on every answer to a key, 429 ERR_RATE_LIMITED with
 * Retry-After past the limit, a fresh window after it ends; with Redis the count is one for every
 * instance (two apps on one database and one Redis).
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLogs } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startRedis } from "../_helpers/redis.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { makeKey, withKey } from "./_keys.ts";

const headersOf = (res: Response) => ({
  limit: res.headers.get("ratelimit-limit"),
  remaining: res.headers.get("ratelimit-remaining"),
  reset: res.headers.get("ratelimit-reset"),
  retryAfter: res.headers.get("retry-after"),
});

Deno.test("[api_keys] rate limit per key: headers, 429 with Retry-After, next window (memory)", async () => {
  const clock = new ManualClock("2026-03-02T12:00:00Z");
  const app = await createTestApp({ clock, scheduler: false, env: { API_KEY_RATE_LIMIT: "3" } });
  try {
    const a = await createTenant(app, { user: false });
    const k = await makeKey(app, a.adminToken, { scopes: ["tags:read"] });
    const other = await makeKey(app, a.adminToken, { name: "Other", scopes: ["tags:read"] });
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await withKey(app, k.secret, "/api/tags");
      seen.push(headersOf(res));
      await expectOk(res);
      clock.advance(10_000);
    }
    assert.deepEqual(seen.map((h) => [h.limit, h.remaining, h.reset]), [
      ["3", "2", "60"],
      ["3", "1", "50"],
      ["3", "0", "40"],
    ]);
    // Over the limit: the same headers, plus Retry-After; the refusal is audited once.
    const over = await withKey(app, k.secret, "/api/tags");
    assert.deepEqual(headersOf(over), { limit: "3", remaining: "0", reset: "30", retryAfter: "30" });
    await expectError(over, 429, "ERR_RATE_LIMITED");
    // Another key has its own window.
    await expectOk(await withKey(app, other.secret, "/api/tags"));
    clock.advance(30_000);
    const fresh = await withKey(app, k.secret, "/api/tags");
    assert.equal(fresh.headers.get("ratelimit-remaining"), "2");
    await expectOk(fresh);
    const rows = await app.deps.db.select().from(auditLogs)
      .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.action, "api_key.refused")));
    assert.deepEqual(rows.map((r) => r.diff), [{
      reason: "rate_limit",
      method: "GET",
      path: "/api/tags",
      limit: 3,
    }]);
  } finally {
    await app.close();
  }
});

Deno.test("[api_keys] rate limit per key is shared by two instances through Redis", async () => {
  const redis = await startRedis();
  if (!redis) return;
  const dataDir = await Deno.makeTempDir({ prefix: "atende-keys-" });
  const env = { API_KEY_RATE_LIMIT: "4" };
  const one = await createTestApp({ dataDir, redisUrl: redis.url, scheduler: false, env });
  const two = await createTestApp({ dataDir, redisUrl: redis.url, scheduler: false, env });
  try {
    const a = await createTenant(one, { user: false });
    const k = await makeKey(one, a.adminToken, { scopes: ["tags:read"] });
    await expectOk(await withKey(one, k.secret, "/api/tags"));
    await expectOk(await withKey(two, k.secret, "/api/tags"));
    await expectOk(await withKey(one, k.secret, "/api/tags"));
    const last = await withKey(two, k.secret, "/api/tags");
    assert.equal(last.headers.get("ratelimit-remaining"), "0");
    await expectOk(last);
    const over = await withKey(one, k.secret, "/api/tags");
    const h = headersOf(over);
    assert.equal(h.limit, "4");
    assert.ok(Number(h.retryAfter) >= 1 && Number(h.retryAfter) <= 60, `Retry-After ${h.retryAfter}`);
    await expectError(over, 429, "ERR_RATE_LIMITED");
  } finally {
    await two.close();
    await one.close();
    await redis.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
