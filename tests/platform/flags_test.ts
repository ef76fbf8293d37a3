/**
 * Flags as the spec's client sends them (0/1, "true"/"false") are read as booleans on every route
 * that takes one (lib/flag.ts); a malformed flag is still a validation error.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { type ApiConn, createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

Deno.test('[platform] flags as 0/1 and "true"/"false" are accepted where the spec\'s client sends them', async (tt) => {
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
