/**
 * With REDIS_URL, cache invalidations cross instances through the broker (server/caches.ts):
 * a change made through one instance reaches the other's caches well before their TTL. Two app
 * instances share one database and one Redis; the other instance's caches are warmed first.
 */
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { customerSays, inboundRaw, nextExternalId } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startRedis } from "../_helpers/redis.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { CACHE_TTL_MS, clearCaches } from "@/caches.ts";

/**
 * Polls until `probe` holds. Every entry of B was stored after `since`, so a probe that starts
 * less than CACHE_TTL_MS after it and succeeds proves an eviction, not an expiry.
 */
async function within(probe: () => Promise<boolean>, since: number, what: string): Promise<void> {
  for (;;) {
    const started = performance.now();
    if (started - since >= CACHE_TTL_MS) throw new Error(`${what}: not evicted within the cache TTL`);
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

Deno.test("[realtime] with REDIS_URL a change on one instance evicts the other instance's caches", async (tt) => {
  const redis = await startRedis();
  if (!redis) return;
  const dataDir = await Deno.makeTempDir({ prefix: "atende-cache-redis-" });
  let a: TestApp | null = null, b: TestApp | null = null;
  const sink = startWebhookSink();
  try {
    a = await createTestApp({ redisUrl: redis.url, dataDir });
    b = await createTestApp({ redisUrl: redis.url, dataDir, scheduler: false });
    const A = a, B = b;
    const { company, admin } = await createCompany(A);
    const adminToken = (await login(A, admin)).token;

    await tt.step("a logout on A: the session's token is refused on B", async () => {
      const u = await createUser(A, company.id);
      const s = await login(A, u);
      clearCaches(B.deps.caches); // so that every entry B holds is stored after `warmed`
      const warmed = performance.now();
      await expectOk(await B.request("/api/auth/me", { token: s.token }));
      await expectOk(await B.request("/api/auth/me", { token: s.token }));
      await expectOk(await A.request("/api/auth/logout", { method: "DELETE", token: s.token }), 204);
      await within(
        async () => (await B.request("/api/auth/me", { token: s.token })).status === 401,
        warmed,
        "logout seen by B",
      );
    });

    await tt.step("a setting changed on A: B's next read has the new value", async () => {
      const read = async () =>
        (await expectOk(
          await B.request("/api/companySettingOne?column=sendSignMessage", { token: adminToken }),
        )).sendSignMessage;
      clearCaches(B.deps.caches); // so that every entry B holds is stored after `warmed`
      const warmed = performance.now();
      assert.equal(await read(), "enabled");
      await expectOk(
        await A.request("/api/settings/sendSignMessage", {
          method: "PUT",
          token: adminToken,
          json: { value: "disabled" },
        }),
      );
      await within(async () => (await read()) === "disabled", warmed, "setting seen by B");
    });

    await tt.step("a connection deleted on A: its token is refused on B", async () => {
      const w = await createTenant(A, { webhook: sink, user: false });
      clearCaches(B.deps.caches); // so that every entry B holds is stored after `warmed`
      const warmed = performance.now();
      await customerSays(B, w.conn, "5511933334444", "oi"); // B caches the token
      await expectOk(
        await A.request(`/api/whatsapp/${w.conn.id}`, { method: "DELETE", token: w.adminToken }),
        204,
      );
      await within(
        async () =>
          (await inboundRaw(B, w.conn.token, {
            externalId: nextExternalId(),
            from: { number: "5511933334444" },
            body: "depois",
          })).status === 401,
        warmed,
        "deletion seen by B",
      );
    });
  } finally {
    await b?.close();
    await a?.close();
    await sink.close();
    await redis.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
