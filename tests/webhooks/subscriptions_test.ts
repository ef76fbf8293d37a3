/**
 * /api/webhook-subscriptions: admins subscribe URLs to events; the secret is shown once (create,
 * rotation), never listed; profile users get 403, other companies 404, no session 401; changes
 * are audited.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLogs } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

const BASE = "/api/webhook-subscriptions";

Deno.test("[webhooks] subscriptions: admin CRUD, secret once, 401/403/404", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(t), b = await createTenant(t);
    const req = (token: string, method: string, path = "", json?: unknown) =>
      t.request(`${BASE}${path}`, { method, token, ...(json === undefined ? {} : { json }) });
    let sub!: Json & { id: number; secret: string };

    await tt.step("401 without a session", async () => {
      await assertAllNeedAuth(t, [
        ["GET", BASE],
        ["POST", BASE],
        ["PUT", `${BASE}/1`],
        ["DELETE", `${BASE}/1`],
        ["POST", `${BASE}/1/rotate-secret`],
        ["GET", `${BASE}/1/deliveries`],
        ["GET", `${BASE}/1/deliveries/1`],
        ["POST", `${BASE}/1/deliveries/1/resend`],
      ]);
    });

    await tt.step("create: the secret once, validation", async () => {
      await expectError(
        await req(a.adminToken, "POST", "", { url: "ftp://x.test", events: ["ticket.created"] }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await req(a.adminToken, "POST", "", { url: "https://x.test/h", events: [] }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await req(a.adminToken, "POST", "", { url: "https://x.test/h", events: ["nope"] }),
        400,
        "ERR_VALIDATION",
      );
      sub = await expectOk(
        await req(a.adminToken, "POST", "", {
          url: "https://crm.example.test/hooks",
          description: "CRM",
          events: ["message.created", "ticket.updated", "message.created"],
        }),
        201,
      );
      assert.match(sub.secret, /^whsec_[A-Za-z0-9]{40}$/);
      assert.deepEqual(sub.events, ["message.created", "ticket.updated"]);
      assert.equal(sub.status, "active");
      assert.equal(sub.secretHint, `…${sub.secret.slice(-4)}`);
      const list = await expectOk<Json[]>(await req(a.adminToken, "GET"));
      assert.equal(list.length, 1);
      assert.equal(list[0].secret, undefined, "the list never shows the secret");
      assert.equal((await expectOk<Json>(await req(a.adminToken, "GET", `/${sub.id}`))).secret, undefined);
    });

    await tt.step("403 for a profile user", async () => {
      await expectError(await req(a.userToken, "GET"), 403, "ERR_NO_PERMISSION");
      await expectError(
        await req(a.userToken, "POST", "", { url: "https://x.test/h", events: ["ticket.created"] }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await req(a.userToken, "PUT", `/${sub.id}`, { description: "x" }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(await req(a.userToken, "DELETE", `/${sub.id}`), 403, "ERR_NO_PERMISSION");
      await expectError(await req(a.userToken, "GET", `/${sub.id}/deliveries`), 403, "ERR_NO_PERMISSION");
    });

    await tt.step("404 from another company", async () => {
      assert.deepEqual(await expectOk<Json[]>(await req(b.adminToken, "GET")), []);
      await expectError(await req(b.adminToken, "GET", `/${sub.id}`), 404, "ERR_NOT_FOUND");
      await expectError(
        await req(b.adminToken, "PUT", `/${sub.id}`, { description: "x" }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(await req(b.adminToken, "POST", `/${sub.id}/rotate-secret`), 404, "ERR_NOT_FOUND");
      await expectError(await req(b.adminToken, "GET", `/${sub.id}/deliveries`), 404, "ERR_NOT_FOUND");
      await expectError(await req(b.adminToken, "DELETE", `/${sub.id}`), 404, "ERR_NOT_FOUND");
    });

    await tt.step("edit, disable, rotate the secret", async () => {
      const edited = await expectOk<Json>(
        await req(a.adminToken, "PUT", `/${sub.id}`, { events: ["contact.created"], status: "disabled" }),
      );
      assert.deepEqual(edited.events, ["contact.created"]);
      assert.equal(edited.status, "disabled");
      const rotated = await expectOk<Json & { secret: string }>(
        await req(a.adminToken, "POST", `/${sub.id}/rotate-secret`),
      );
      assert.notEqual(rotated.secret, sub.secret);
      assert.equal(rotated.secretHint, `…${rotated.secret.slice(-4)}`);
    });

    await tt.step("delete; every change is in the audit log, no secret in it", async () => {
      assert.equal((await req(a.adminToken, "DELETE", `/${sub.id}`)).status, 204);
      await expectError(await req(a.adminToken, "GET", `/${sub.id}`), 404, "ERR_NOT_FOUND");
      const rows = await t.deps.db.select().from(auditLogs)
        .where(and(eq(auditLogs.companyId, a.company.id), eq(auditLogs.entity, "webhook")));
      assert.deepEqual(rows.map((r) => r.action).sort(), [
        "webhook.create",
        "webhook.delete",
        "webhook.rotate_secret",
        "webhook.update",
      ]);
      assert.ok(!JSON.stringify(rows).includes("whsec_"));
    });
  } finally {
    await t.close();
  }
});
