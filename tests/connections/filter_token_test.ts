/**
 * Routes of /whatsapp the spec's client relies on besides the CRUD: GET /whatsapp/filter (not
 * caught by /whatsapp/{id}) and the connection token rotation (POST /whatsapp/{id}/token).
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLogs } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { type ApiConn, assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays, inboundRaw, nextExternalId } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

const rotate = (t: TestApp, token: string, id: number) =>
  t.request(`/api/whatsapp/${id}/token`, { method: "POST", token });

Deno.test("[connections] /whatsapp/filter and /whatsapp/{id}/token need a session", async () => {
  const t = await createTestApp();
  try {
    await assertAllNeedAuth(t, [["GET", "/api/whatsapp/filter"], ["POST", "/api/whatsapp/1/token"]]);
  } finally {
    await t.close();
  }
});

Deno.test("[connections] GET /whatsapp/filter answers the company's connections of a channel", async () => {
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

Deno.test("[connections] POST /whatsapp/{id}/token rotates the token: 404 across companies, 403 for a user", async (tt) => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false });
    const b = await createTenant(t, { webhook: null, user: false });
    await tt.step("another company's connection answers 404 and keeps its token", async () => {
      await expectError(await rotate(t, a.adminToken, b.conn.id), 404, "ERR_NO_WAPP_FOUND");
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
