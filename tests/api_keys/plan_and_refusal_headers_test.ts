/**
 * Keys and the plan: the plan's useExternalApi flag is the switch for keys (a plan without it
 * cannot make one, and the ones it has answer 403 ERR_PLAN_FEATURE until the flag is back), and
 * every refusal of a key — unknown, revoked, outside its ranges, plan — carries the RateLimit-*
 * headers and counts in a window, so a loop of bad calls is throttled too.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLogs, plans } from "@db/schema.ts";
import { createTestApp, startTestServer } from "../_helpers/test_app.ts";
import { clearCaches } from "@/caches.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { makeKey, withKey } from "./_keys.ts";

const limitHeaders = (res: Response) => [
  res.headers.get("ratelimit-limit"),
  res.headers.get("ratelimit-remaining"),
  res.headers.get("ratelimit-reset"),
];

Deno.test("[api_keys] a plan without useExternalApi: no new keys, existing keys 403 ERR_PLAN_FEATURE, audited", async () => {
  const clock = new ManualClock("2026-03-02T12:00:00Z");
  const app = await createTestApp({ clock, scheduler: false });
  try {
    const a = await createTenant(app, { user: false });
    const key = await makeKey(app, a.adminToken, { name: "ERP", scopes: ["tags:read"] });
    await expectOk(await withKey(app, key.secret, "/api/tags"));

    // Written behind the plans service, so the session cache is cleared as the caches' rule says.
    const setFlag = async (on: boolean) => {
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ useExternalApi: on }).where(eq(plans.id, a.plan.id))
      );
      clearCaches(app.deps.caches);
    };
    await setFlag(false);
    const res = await withKey(app, key.secret, "/api/tags");
    assert.deepEqual(limitHeaders(res), ["600", "598", "60"]);
    const e = await expectError(res, 403, "ERR_PLAN_FEATURE");
    assert.deepEqual(e.details, { reason: "plan", feature: "useExternalApi" });
    const made = await app.request("/api/api-keys", {
      method: "POST",
      token: a.adminToken,
      json: { name: "Another", scopes: ["tags:read"] },
    });
    assert.deepEqual((await expectError(made, 403, "ERR_PLAN_FEATURE")).details, {
      feature: "useExternalApi",
    });
    // The admin still sees and revokes the keys of a downgraded plan.
    const list = await expectOk<{ apiKeys: Json[] }>(
      await app.request("/api/api-keys", { token: a.adminToken }),
    );
    assert.deepEqual(list.apiKeys.map((k) => k.name), ["ERP"]);
    const [audit] = await app.deps.db.select().from(auditLogs)
      .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.action, "api_key.refused")));
    assert.equal((audit.diff as Json).reason, "plan");

    await setFlag(true);
    await expectOk(await withKey(app, key.secret, "/api/tags"));
  } finally {
    await app.close();
  }
});

Deno.test("[api_keys] refusals carry RateLimit-* headers: unknown (per address), revoked, expired; past the limit 429", async () => {
  const clock = new ManualClock("2026-03-02T12:00:00Z");
  const app = await createTestApp({ clock, scheduler: false, env: { API_KEY_RATE_LIMIT: "2" } });
  try {
    const a = await createTenant(app, { user: false });
    const unknown = "atk_" + "B".repeat(43);
    const r1 = await withKey(app, unknown, "/api/tags");
    assert.deepEqual(limitHeaders(r1), ["2", "1", "60"]);
    await expectError(r1, 401, "ERR_API_KEY_INVALID");
    clock.advance(10_000);
    const r2 = await app.request("/api/tags", { headers: { "x-api-key": "not-a-key" } });
    assert.deepEqual(limitHeaders(r2), ["2", "0", "50"]);
    await expectError(r2, 401, "ERR_API_KEY_INVALID");
    const r3 = await withKey(app, unknown, "/api/tags");
    assert.equal(r3.headers.get("retry-after"), "50");
    await expectError(r3, 429, "ERR_RATE_LIMITED");

    const key = await makeKey(app, a.adminToken, { name: "Old", scopes: ["tags:read"] });
    await expectOk(await app.request(`/api/api-keys/${key.id}`, { method: "DELETE", token: a.adminToken }));
    const revoked = await withKey(app, key.secret, "/api/tags");
    assert.deepEqual(limitHeaders(revoked), ["2", "1", "60"]);
    assert.deepEqual((await expectError(revoked, 401, "ERR_API_KEY_INVALID")).details, { reason: "revoked" });
    await expectError(await withKey(app, key.secret, "/api/tags"), 401, "ERR_API_KEY_INVALID");
    const over = await withKey(app, key.secret, "/api/tags");
    assert.deepEqual([...limitHeaders(over), over.headers.get("retry-after")], ["2", "0", "60", "60"]);
    await expectError(over, 429, "ERR_RATE_LIMITED");

    clock.advance(60_000);
    const fresh = await withKey(app, unknown, "/api/tags");
    assert.deepEqual(limitHeaders(fresh), ["2", "1", "60"]);
    await expectError(fresh, 401, "ERR_API_KEY_INVALID");
  } finally {
    await app.close();
  }
});

Deno.test("[api_keys] a call from outside the key's ranges: 403 with RateLimit-* headers", async () => {
  const srv = await startTestServer({ scheduler: false });
  try {
    const a = await createTenant(srv, { user: false });
    const outside = await makeKey(srv, a.adminToken, {
      scopes: ["tickets:read"],
      allowedIps: ["10.0.0.0/8"],
    });
    const res = await fetch(`${srv.url}/api/tickets`, {
      headers: { authorization: `Bearer ${outside.secret}` },
    });
    assert.equal(res.headers.get("ratelimit-limit"), "600");
    assert.equal(res.headers.get("ratelimit-remaining"), "599");
    await expectError(res, 403, "ERR_API_KEY_IP_NOT_ALLOWED");
  } finally {
    await srv.close();
  }
});
