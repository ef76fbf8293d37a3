/**
 * Issue 21's spec gaps: GET /whatsapp/filter (not caught by /whatsapp/{id}), the connection token
 * rotation (POST /whatsapp/{id}/token), allowSignup enforced, login's company.companieSettings and
 * flags sent as 0/1 or "true"/"false" by the spec's client.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLogs } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import {
  type ApiConn,
  assertAllNeedAuth,
  createTenant,
  setCompanySetting,
  userOf,
} from "../_helpers/tenant.ts";
import { customerSays, inboundRaw, nextExternalId } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

const rotate = (t: TestApp, token: string, id: number) =>
  t.request(`/api/whatsapp/${id}/token`, { method: "POST", token });

Deno.test("[inbox] /whatsapp/filter and /whatsapp/{id}/token need a session", async () => {
  const t = await createTestApp();
  try {
    await assertAllNeedAuth(t, [["GET", "/api/whatsapp/filter"], ["POST", "/api/whatsapp/1/token"]]);
  } finally {
    await t.close();
  }
});

Deno.test("[inbox] GET /whatsapp/filter answers the company's connections of a channel", async () => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const b = await createTenant(t, { webhook: null, user: false });
    const all = await expectOk<ApiConn[]>(
      await t.request("/api/whatsapp/filter?session=0", { token: a.adminToken }),
    );
    assert.deepEqual(all.map((c) => c.id), [a.conn.id], "only the company's own, never B's");
    const api = await expectOk<ApiConn[]>(
      await t.request("/api/whatsapp/filter?session=0&channel=api", { token: a.adminToken }),
    );
    assert.deepEqual(api.map((c) => c.id), [a.conn.id]);
    const none = await expectOk<ApiConn[]>(
      await t.request("/api/whatsapp/filter?channel=whatsapp", { token: a.adminToken }),
    );
    assert.deepEqual(none, []);
    // A plain user lists them too (the composer's channel pickers), without tokens.
    const u = await userOf(t, a.company.id, { allowConnections: "disabled" });
    const seen = await expectOk<ApiConn[]>(await t.request("/api/whatsapp/filter", { token: u.token }));
    assert.deepEqual(seen.map((c) => c.id), [a.conn.id]);
    assert.ok(!("token" in seen[0]));
    assert.ok(b.conn.id);
  } finally {
    await t.close();
  }
});

Deno.test("[inbox] POST /whatsapp/{id}/token rotates the token: 404 across companies, 403 for a user", async (tt) => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const b = await createTenant(t, { webhook: null, user: false });
    await tt.step("another company's connection answers 404 and keeps its token", async () => {
      await expectError(await rotate(t, a.adminToken, b.conn.id), 404, "ERR_NOT_FOUND");
      const still = await expectOk<ApiConn>(
        await t.request(`/api/whatsapp/${b.conn.id}`, { token: b.adminToken }),
      );
      assert.equal(still.token, b.conn.token);
    });
    await tt.step("a plain user answers 403; a user with allowConnections may", async () => {
      const u = await userOf(t, a.company.id, { allowConnections: "disabled" });
      await expectError(await rotate(t, u.token, a.conn.id), 403, "ERR_NO_PERMISSION");
      const c = await userOf(t, a.company.id, { allowConnections: "enabled" });
      const r = await expectOk<ApiConn>(await rotate(t, c.token, a.conn.id));
      assert.equal(r.token.length, 30);
      a.conn.token = r.token;
    });
    await tt.step("the admin rotates: the old token stops working, the new one works, audited", async () => {
      const old = a.conn.token;
      const r = await expectOk<ApiConn>(await rotate(t, a.adminToken, a.conn.id));
      assert.equal(r.token.length, 30);
      assert.notEqual(r.token, old);
      const refused = await inboundRaw(t, old, {
        externalId: nextExternalId(),
        from: { number: "5511911110000" },
        body: "oi",
      });
      assert.equal(refused.status, 401);
      await refused.body?.cancel();
      const ok = await customerSays(t, { token: r.token }, "5511911110000", "oi");
      assert.ok(ok.ticketId > 0);
      const rows = await t.deps.db.select().from(auditLogs).where(
        and(eq(auditLogs.action, "connection.token_rotate"), eq(auditLogs.companyId, a.company.id)),
      );
      assert.equal(rows.length, 2);
      assert.equal(JSON.stringify(rows).includes(r.token), false, "the audit never stores the token");
    });
  } finally {
    await t.close();
  }
});

Deno.test("[inbox] allowSignup=disabled closes the public signup", async () => {
  const t = await createTestApp();
  try {
    const input = {
      companyName: `Closed ${Date.now()}`,
      name: "Ana",
      email: `closed.${Date.now()}@acme.test`,
      password: "Pass#2026",
      phone: "+55 11 98888-7777",
      planId: 1,
    };
    await setCompanySetting(t, 1, "allowSignup", "disabled");
    await expectError(
      await t.request("/api/auth/signup", { method: "POST", json: input }),
      403,
      "ERR_USER_CREATION_DISABLED",
    );
    await setCompanySetting(t, 1, "allowSignup", "enabled");
    await expectOk(await t.request("/api/auth/signup", { method: "POST", json: input }), 201);
  } finally {
    await t.close();
  }
});

Deno.test("[inbox] login answers company.companieSettings as the spec's client reads it", async () => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false, settings: { userRating: "enabled" } });
    const { user } = await login(t, a.admin);
    const company = user.company as { settings: Json; companieSettings: Json[] };
    assert.equal(company.companieSettings.length, 1);
    assert.equal(company.companieSettings[0].userRating, "enabled");
    assert.deepEqual(company.companieSettings[0], company.settings);
  } finally {
    await t.close();
  }
});

Deno.test('[inbox] flags as 0/1 and "true"/"false" are accepted where the spec\'s client sends them', async (tt) => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const first = await customerSays(t, a.conn, "5511922220000", "Olá");
    await expectOk(
      await t.request(`/api/tickets/${first.ticketId}`, {
        method: "PUT",
        token: a.adminToken,
        json: { status: "open" },
      }),
    );
    await tt.step('POST /messages/{ticketId} with read: 1 and isPrivate: "false"', async () => {
      const res = await t.request(`/api/messages/${first.ticketId}`, {
        method: "POST",
        token: a.adminToken,
        json: { body: "Bom dia", read: 1, fromMe: 1, isPrivate: "false", signMessage: "true" },
      });
      assert.ok(res.status < 300, `status ${res.status}: ${await res.text()}`);
    });
    await tt.step(
      'PUT /whatsapp/{id} with allowGroup: "true", PUT /tickets/{id} with isTransfered: 0',
      async () => {
        const c = await expectOk<ApiConn>(
          await t.request(`/api/whatsapp/${a.conn.id}`, {
            method: "PUT",
            token: a.adminToken,
            json: { allowGroup: "true" },
          }),
        );
        assert.equal(c.allowGroup, true);
        await expectOk(
          await t.request(`/api/tickets/${first.ticketId}`, {
            method: "PUT",
            token: a.adminToken,
            json: { isTransfered: 0, status: "open" },
          }),
        );
      },
    );
    await tt.step("a malformed flag still answers 400", async () => {
      await expectError(
        await t.request(`/api/whatsapp/${a.conn.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { allowGroup: "maybe" },
        }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await t.close();
  }
});
