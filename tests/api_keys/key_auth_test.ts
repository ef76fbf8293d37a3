/**
 * A request made with an API key: it acts as its company (never another's, never the operator),
 * reaches only the routes its scopes open, is refused when revoked, expired or from outside its
 * ranges, records its last use at most once a minute, and every refusal is audited.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { apiKeys, auditLogs, messages } from "@db/schema.ts";
import { createTestApp, startTestServer } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { ManualClock, MINUTE } from "../_helpers/clock.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { API_KEY_SCOPES } from "@contract/api_keys.ts";
import { makeKey, withKey } from "./_keys.ts";

Deno.test("[api_keys] a key acts as its company within its scopes", async (t) => {
  const clock = new ManualClock("2026-03-02T12:00:00Z");
  const app = await createTestApp({ clock, scheduler: false });
  try {
    const a = await createTenant(app, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const b = await createTenant(app, { webhook: null, user: false });
    const aIn = await customerSays(app, a.conn, { number: "5511988887777", name: "Maria" }, "Olá");
    const bIn = await customerSays(app, b.conn, "5521900000009", "oi B");
    const full = await makeKey(app, a.adminToken, { name: "Full", scopes: [...API_KEY_SCOPES] });
    const reader = await makeKey(app, a.adminToken, {
      name: "Reader",
      scopes: ["tickets:read", "contacts:read"],
    });

    await t.step("Bearer and X-Api-Key both work; the list is the company's", async () => {
      const page = await expectOk<{ tickets: Json[] }>(
        await withKey(app, full.secret, "/api/tickets?status=pending&showAll=true"),
      );
      assert.deepEqual(page.tickets.map((x) => x.id), [aIn.ticketId]);
      const viaHeader = await app.request(`/api/tickets/${aIn.ticketId}`, {
        headers: { "x-api-key": full.secret },
      });
      assert.equal((await expectOk<Json>(viaHeader)).id, aIn.ticketId);
    });

    await t.step("another company's ids answer 404 as for users", async () => {
      await expectError(
        await withKey(app, full.secret, `/api/tickets/${bIn.ticketId}`),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      const bTicket = await expectOk<Json>(
        await app.request(`/api/tickets/${bIn.ticketId}`, { token: b.adminToken }),
      );
      await expectError(
        await withKey(app, full.secret, `/api/messages/${bTicket.uuid}`),
        404,
        "ERR_NO_TICKET_FOUND",
      );
      await expectError(
        await withKey(app, full.secret, `/api/messages/${bIn.ticketId}`, {
          method: "POST",
          json: { body: "x" },
        }),
        404,
        "ERR_NO_TICKET_FOUND",
      );
    });

    await t.step("wrong scope 403 ERR_API_KEY_SCOPE naming the scope", async () => {
      const e = await expectError(
        await withKey(app, reader.secret, "/api/contacts", {
          method: "POST",
          json: { name: "Ana", number: "5511977776666" },
        }),
        403,
        "ERR_API_KEY_SCOPE",
      );
      assert.deepEqual(e.details, { reason: "scope", scope: "contacts:write" });
      await expectError(await withKey(app, reader.secret, "/api/dashboard"), 403, "ERR_API_KEY_SCOPE");
    });

    await t.step(
      "routes not open to keys are refused whatever the scopes (users, keys, settings, companies)",
      async () => {
        for (
          const p of [
            "/api/users",
            "/api/api-keys",
            "/api/settings",
            "/api/companies",
            "/api/audit-logs",
            "/api/invoices/all",
          ]
        ) {
          const e = await expectError(await withKey(app, full.secret, p), 403, "ERR_API_KEY_SCOPE");
          assert.deepEqual(e.details, { reason: "route", scope: null });
        }
      },
    );

    await t.step("accepting a ticket needs an explicit userId (a key has no user)", async () => {
      const e = await expectError(
        await withKey(app, full.secret, `/api/tickets/${aIn.ticketId}`, {
          method: "PUT",
          json: { status: "open" },
        }),
        400,
        "ERR_VALIDATION",
      );
      assert.match(String(e.message), /userId/);
      const t1 = await expectOk<Json>(
        await withKey(app, full.secret, `/api/tickets/${aIn.ticketId}`, {
          method: "PUT",
          json: { status: "open", userId: a.admin.user.id },
        }),
      );
      assert.equal(t1.userId, a.admin.user.id);
    });

    await t.step("messages:send sends on the accepted ticket, by no user", async () => {
      const sent = await expectOk<Json>(
        await withKey(app, full.secret, `/api/messages/${aIn.ticketId}`, {
          method: "POST",
          json: { body: "Pedido 42 enviado" },
        }),
        201,
      );
      const [row] = await app.deps.db.select().from(messages).where(eq(messages.id, sent.id as number));
      assert.equal(row.fromMe, true);
      assert.equal(row.userId, null);
    });

    await t.step("closing by key", async () => {
      const closed = await expectOk<Json>(
        await withKey(app, full.secret, `/api/tickets/${aIn.ticketId}`, {
          method: "PUT",
          json: { status: "closed" },
        }),
      );
      assert.equal(closed.status, "closed");
    });

    await t.step("create a contact, read the dashboard", async () => {
      const c = await expectOk<Json>(
        await withKey(app, full.secret, "/api/contacts", {
          method: "POST",
          json: { name: "Ana", number: "5511977776666" },
        }),
        201,
      );
      assert.equal(c.companyId, a.company.id);
      await expectOk(await withKey(app, full.secret, "/api/dashboard?days=7"));
    });

    await t.step("last use: time and address, written at most once a minute", async () => {
      const read = async () => (await app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, full.id)))[0];
      const first = await read();
      assert.equal(first.lastUsedAt, "2026-03-02T12:00:00.000Z");
      assert.equal(first.lastUsedIp, "local");
      clock.advance(30_000);
      await expectOk(await withKey(app, full.secret, "/api/tags"));
      assert.equal((await read()).lastUsedAt, first.lastUsedAt);
      clock.advance(MINUTE);
      await expectOk(await withKey(app, full.secret, "/api/tags"));
      assert.equal((await read()).lastUsedAt, "2026-03-02T12:01:30.000Z");
    });

    await t.step("expired 401, revoked 401, unknown 401", async () => {
      const soon = await makeKey(app, a.adminToken, {
        name: "Soon",
        scopes: ["tickets:read"],
        expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      });
      await expectOk(await withKey(app, soon.secret, "/api/tickets"));
      await expectOk(
        await app.request(`/api/api-keys/${reader.id}`, { method: "DELETE", token: a.adminToken }),
      );
      clock.advance(2 * 3_600_000);
      const e = await expectError(
        await withKey(app, soon.secret, "/api/tickets"),
        401,
        "ERR_API_KEY_INVALID",
      );
      assert.deepEqual(e.details, { reason: "expired" });
      await expectError(await withKey(app, reader.secret, "/api/tickets"), 401, "ERR_API_KEY_INVALID");
      await expectError(
        await withKey(app, "atk_" + "A".repeat(43), "/api/tickets"),
        401,
        "ERR_API_KEY_INVALID",
      );
      await expectError(
        await app.request("/api/tickets", { headers: { "x-api-key": "not-a-key" } }),
        401,
        "ERR_API_KEY_INVALID",
      );
    });

    await t.step(
      "refusals are audited under the key's company, one row per key and reason a minute",
      async () => {
        const rows = await app.deps.db.select().from(auditLogs)
          .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.action, "api_key.refused")));
        const reasons = rows.map((r) => `${r.summary}:${(r.diff as Json).reason}`).sort();
        assert.deepEqual(reasons, ["Full:route", "Reader:revoked", "Reader:scope", "Soon:expired"]);
        assert.ok(rows.every((r) => r.userId === null && r.userName?.startsWith("API key: ")));
        const b1 = await app.deps.db.select().from(auditLogs)
          .where(and(eq(auditLogs.companyId, b.company.id), eq(auditLogs.action, "api_key.refused")));
        assert.equal(b1.length, 0);
      },
    );
  } finally {
    await app.close();
  }
});

Deno.test("[api_keys] allowed IP ranges: inside passes, outside 403 (v4 and v6)", async () => {
  const srv = await startTestServer({ scheduler: false });
  try {
    const a = await createTenant(srv, { user: false });
    const call = (secret: string) =>
      fetch(`${srv.url}/api/tickets`, { headers: { authorization: `Bearer ${secret}` } });
    const inside = await makeKey(srv, a.adminToken, {
      scopes: ["tickets:read"],
      allowedIps: ["127.0.0.0/8"],
    });
    const outside = await makeKey(srv, a.adminToken, {
      scopes: ["tickets:read"],
      allowedIps: ["10.0.0.0/8", "2001:db8::/32"],
    });
    const v6only = await makeKey(srv, a.adminToken, { scopes: ["tickets:read"], allowedIps: ["::1"] });
    await expectOk(await call(inside.secret));
    const e = await expectError(await call(outside.secret), 403, "ERR_API_KEY_IP_NOT_ALLOWED");
    assert.deepEqual(e.details, { reason: "ip", ip: "127.0.0.1" });
    await expectError(await call(v6only.secret), 403, "ERR_API_KEY_IP_NOT_ALLOWED");
  } finally {
    await srv.close();
  }
});
