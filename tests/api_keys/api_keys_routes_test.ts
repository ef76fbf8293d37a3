/** /api/api-keys: who may manage keys, what the answers hold, tenancy and the audit rows. */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { apiKeys, auditLogs } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { sha256Hex } from "@/lib/crypto.ts";
import { makeKey, withKey } from "./_keys.ts";

Deno.test("[api_keys] create, list, revoke: admins only, secret shown once, other company 404, audited", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app);
    const b = await createTenant(app, { user: false });

    await t.step("401 without a session", async () => {
      await assertAllNeedAuth(app, [["GET", "/api/api-keys"], ["POST", "/api/api-keys"], [
        "DELETE",
        "/api/api-keys/1",
      ]]);
    });

    await t.step("403 for a profile user", async () => {
      await expectError(await app.request("/api/api-keys", { token: a.userToken }), 403, "ERR_NO_PERMISSION");
      await expectError(
        await app.request("/api/api-keys", {
          method: "POST",
          token: a.userToken,
          json: { name: "x", scopes: ["tickets:read"] },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    let keyId = 0, secret = "";
    await t.step(
      "create: the secret is atk_ + 32 bytes base64url, once; only its hash is stored",
      async () => {
        const k = await makeKey(app, a.adminToken, {
          scopes: ["tickets:read", "contacts:write", "tickets:read"],
          expiresAt: "2099-01-01T00:00:00Z",
        });
        keyId = k.id;
        secret = k.secret;
        assert.match(secret, /^atk_[A-Za-z0-9_-]{43}$/);
        assert.equal(k.prefix, secret.slice(0, 10));
        assert.deepEqual(k.scopes, ["tickets:read", "contacts:write"]);
        assert.deepEqual(k.allowedIps, []);
        assert.equal(k.expiresAt, "2099-01-01T00:00:00.000Z");
        const [row] = await app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
        assert.equal(row.secretHash, await sha256Hex(secret));
        assert.ok(!JSON.stringify(row).includes(secret));
      },
    );

    await t.step("allowed IP ranges are kept normalised (v4, a bare host, v6)", async () => {
      const k = await makeKey(app, a.adminToken, {
        name: "Ranges",
        scopes: ["tickets:read"],
        allowedIps: ["10.0.0.0/8", "192.168.1.7", "2001:DB8::/32"],
      });
      assert.deepEqual(k.allowedIps, ["10.0.0.0/8", "192.168.1.7/32", "2001:db8::/32"]);
      await app.request(`/api/api-keys/${k.id}`, { method: "DELETE", token: a.adminToken });
    });

    await t.step("validation: unknown scope, bad range, past expiry, no scopes → 400", async () => {
      for (
        const body of [
          { name: "x", scopes: ["users:write"] },
          { name: "x", scopes: [] },
          { name: "x", scopes: ["tickets:read"], allowedIps: ["10.0.0.0/33"] },
          { name: "x", scopes: ["tickets:read"], allowedIps: ["example.com"] },
          { name: "x", scopes: ["tickets:read"], expiresAt: "2001-01-01T00:00:00Z" },
        ]
      ) {
        await expectError(
          await app.request("/api/api-keys", { method: "POST", token: a.adminToken, json: body }),
          400,
          "ERR_VALIDATION",
        );
      }
    });

    await t.step("list: the company's keys without secret or hash", async () => {
      const { apiKeys: list } = await expectOk<{ apiKeys: Json[] }>(
        await app.request("/api/api-keys", { token: a.adminToken }),
      );
      assert.deepEqual(list.map((k) => k.name), ["Ranges", "ERP"]);
      assert.equal(list[1].id, keyId);
      assert.equal(list[0].secret, undefined);
      assert.equal(list[0].secretHash, undefined);
      assert.equal(list[0].lastUsedAt, null);
      const other = await expectOk<{ apiKeys: Json[] }>(
        await app.request("/api/api-keys", { token: b.adminToken }),
      );
      assert.deepEqual(other.apiKeys, []);
    });

    await t.step("a key cannot manage keys (the route is not open to keys)", async () => {
      await expectError(await withKey(app, secret, "/api/api-keys"), 403, "ERR_API_KEY_SCOPE");
    });

    await t.step("another company's key: 404, and nothing changes", async () => {
      await expectError(
        await app.request(`/api/api-keys/${keyId}`, { method: "DELETE", token: b.adminToken }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectOk(await withKey(app, secret, "/api/tickets"));
    });

    await t.step("revoke: the key answers 401 at once", async () => {
      const r = await expectOk<Json>(
        await app.request(`/api/api-keys/${keyId}`, { method: "DELETE", token: a.adminToken }),
      );
      assert.ok(r.revokedAt);
      await expectError(await withKey(app, secret, "/api/tickets"), 401, "ERR_API_KEY_INVALID");
    });

    await t.step("audit rows: create and revoke, secret never logged", async () => {
      const rows = await app.deps.db.select().from(auditLogs)
        .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.entity, "api_key")));
      const actions = rows.map((r) => r.action);
      assert.ok(actions.includes("api_key.create"));
      assert.ok(actions.includes("api_key.revoke"));
      assert.ok(actions.includes("api_key.refused"));
      assert.ok(rows.every((r) => !JSON.stringify(r).includes(secret)));
      const create = rows.find((r) => r.action === "api_key.create")!;
      assert.equal(create.userId, a.admin.user.id);
      assert.equal(create.summary, "ERP");
    });
  } finally {
    await app.close();
  }
});
