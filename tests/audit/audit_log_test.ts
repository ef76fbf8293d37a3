/** The audit log through the API: what is recorded, who reads what, filters, export. */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import ExcelJS from "exceljs";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createQueue, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

type Log = {
  id: number;
  companyId: number | null;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string | null;
  diff: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
};
type Page = { logs: Log[]; count: number; hasMore: boolean };

Deno.test("[audit] changes are recorded with who/what/diff; admins see their company, the operator all", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const op = await login(app, OPERATOR);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(path, { method, token, json, headers: { "user-agent": "audit-test/1.0" } });

    await t.step("401 on every route without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/audit-logs"],
        ["GET", "/api/audit-logs/filters"],
        ["GET", "/api/audit-logs/export"],
      ]);
    });

    await t.step("403 for a profile user", async () => {
      await expectError(await req("/api/audit-logs", a.userToken), 403, "ERR_NO_PERMISSION");
      await expectError(await req("/api/audit-logs/filters", a.userToken), 403, "ERR_NO_PERMISSION");
      await expectError(await req("/api/audit-logs/export", a.userToken), 403, "ERR_NO_PERMISSION");
    });

    let createdId = 0;
    await t.step("user create/update (password masked, flags diffed) and delete are recorded", async () => {
      const created = await expectOk<Json>(
        await req("/api/users", a.adminToken, "POST", {
          name: "Ana Auditada",
          email: `ana-${crypto.randomUUID()}@t.local`,
          password: "Segredo#123",
          profile: "user",
        }),
        201,
      );
      createdId = Number(created.id);
      await expectOk(
        await req(`/api/users/${createdId}`, a.adminToken, "PUT", {
          profile: "admin",
          allTicket: "enabled",
          password: "Outra#Senha9",
        }),
      );
      const page = await expectOk<Page>(await req("/api/audit-logs?entity=user", a.adminToken));
      const upd = page.logs.find((l) => l.action === "user.update" && l.entityId === String(createdId))!;
      assert.ok(upd, "update recorded");
      assert.deepEqual(upd.diff!.profile, ["user", "admin"]);
      // A new user starts with allTicket disabled.
      assert.deepEqual(upd.diff!.allTicket, ["disabled", "enabled"]);
      assert.deepEqual(upd.diff!.password, ["••••", "••••"]);
      assert.equal(upd.userId, a.admin.user.id);
      assert.equal(upd.userEmail, a.admin.email);
      assert.equal(upd.userAgent, "audit-test/1.0");
      assert.ok(upd.ip);
      const crt = page.logs.find((l) => l.action === "user.create" && l.entityId === String(createdId))!;
      assert.equal(crt.diff!.name, "Ana Auditada");
      assert.equal(crt.diff!.password, undefined);
      const raw = JSON.stringify(page);
      assert.ok(!raw.includes("Segredo#123") && !raw.includes("Outra#Senha9") && !raw.includes("$argon2"));
      await expectOk(await req(`/api/users/${createdId}`, a.adminToken, "DELETE"), 204);
      const del = await expectOk<Page>(await req("/api/audit-logs?action=user.delete", a.adminToken));
      assert.equal(del.logs[0].entityId, String(createdId));
      assert.equal(del.logs[0].summary, created.email);
    });

    await t.step(
      "settings (secret masked for the operator's keys), queues, connections are recorded",
      async () => {
        await expectOk(await req("/api/settings/userRating", a.adminToken, "PUT", { value: "enabled" }));
        await expectOk(
          await req("/api/settings/openaikeyaudio", op.token, "PUT", { value: "sk-very-secret-key" }),
        );
        const q = await createQueue(app, a.company.id);
        await expectOk(await req(`/api/queue/${q.id}`, a.adminToken, "PUT", { name: "Renamed queue" }));
        const conn = await expectOk<Json>(
          await req("/api/whatsapp", a.adminToken, "POST", {
            name: "Linha API",
            channel: "api",
            webhookUrl: "https://hooks.example.invalid/in",
          }),
          201,
        );
        await expectOk(await req(`/api/whatsapp/${conn.id}`, a.adminToken, "DELETE"), 204);

        const mine = await expectOk<Page>(await req("/api/audit-logs", a.adminToken));
        const actions = mine.logs.map((l) => l.action);
        for (
          const x of [
            "setting.update",
            "queue.update",
            "connection.create",
            "connection.delete",
            "auth.login",
          ]
        ) {
          assert.ok(actions.includes(x), `${x} in ${actions}`);
        }
        const setting = mine.logs.find((l) => l.action === "setting.update")!;
        assert.deepEqual(setting.diff, { value: ["disabled", "enabled"] });
        assert.equal(mine.logs.find((l) => l.action === "queue.update")!.summary, "Renamed queue");
        const conCreate = mine.logs.find((l) => l.action === "connection.create")!;
        assert.ok(
          !JSON.stringify(conCreate).match(/"token":"[A-Za-z0-9]{30}"/),
          "connection token never logged",
        );

        const opPage = await expectOk<Page>(await req("/api/audit-logs?entity=setting", op.token));
        const secret = opPage.logs.find((l) => l.entityId === "openaikeyaudio")!;
        assert.deepEqual(secret.diff, { value: ["••••", "••••"] });
        assert.ok(!JSON.stringify(opPage).includes("sk-very-secret-key"));
      },
    );

    await t.step("failed logins: known e-mail → its company's log; unknown → operator only", async () => {
      await expectError(
        await app.request("/api/auth/login", {
          method: "POST",
          json: { email: a.user.email, password: "wrong-password" },
        }),
        401,
        "ERR_INVALID_CREDENTIALS",
      );
      await expectError(
        await app.request("/api/auth/login", {
          method: "POST",
          json: { email: "nobody@nowhere.test", password: "wrong-password" },
        }),
        401,
        "ERR_INVALID_CREDENTIALS",
      );
      const mine = await expectOk<Page>(await req("/api/audit-logs?action=auth.login_failed", a.adminToken));
      assert.equal(mine.count, 1);
      assert.equal(mine.logs[0].summary, a.user.email);
      assert.equal(mine.logs[0].userId, null);
      assert.deepEqual(mine.logs[0].diff, { reason: "ERR_INVALID_CREDENTIALS" });
      const all = await expectOk<Page>(await req("/api/audit-logs?action=auth.login_failed", op.token));
      const unknown = all.logs.find((l) => l.summary === "nobody@nowhere.test")!;
      assert.equal(unknown.companyId, null);
    });

    await t.step(
      "cross-company: an admin never sees another company's rows, even asking for them",
      async () => {
        await expectOk(await req("/api/settings/userRating", b.adminToken, "PUT", { value: "enabled" }));
        for (const q of ["", `?companyId=${b.company.id}`, `?userId=${b.admin.user.id}`]) {
          const page = await expectOk<Page>(await req(`/api/audit-logs${q}`, a.adminToken));
          assert.ok(page.logs.every((l) => l.companyId === a.company.id), `leak with ${q}`);
        }
        const theirs = await expectOk<Page>(await req("/api/audit-logs", b.adminToken));
        assert.ok(theirs.logs.every((l) => l.companyId === b.company.id));
        assert.ok(theirs.logs.some((l) => l.action === "setting.update"));
        const filters = await expectOk<Json>(await req("/api/audit-logs/filters", a.adminToken));
        assert.deepEqual(filters.companies, []);
        assert.ok((filters.users as { id: number }[]).every((u) => u.id !== b.admin.user.id));
      },
    );

    await t.step(
      "the operator sees every company, filters by one; filters by user, action, dates",
      async () => {
        const all = await expectOk<Page>(await req("/api/audit-logs?action=setting.update", op.token));
        const companies = new Set(all.logs.map((l) => l.companyId));
        assert.ok(companies.has(a.company.id) && companies.has(b.company.id));
        const onlyB = await expectOk<Page>(await req(`/api/audit-logs?companyId=${b.company.id}`, op.token));
        assert.ok(onlyB.count > 0 && onlyB.logs.every((l) => l.companyId === b.company.id));
        const filters = await expectOk<Json>(await req("/api/audit-logs/filters", op.token));
        assert.ok((filters.companies as { id: number }[]).some((c) => c.id === b.company.id));

        const byUser = await expectOk<Page>(
          await req(`/api/audit-logs?userId=${a.admin.user.id}`, a.adminToken),
        );
        assert.ok(byUser.count > 0 && byUser.logs.every((l) => l.userId === a.admin.user.id));
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
        const inRange = await expectOk<Page>(
          await req(`/api/audit-logs?dateFrom=${today}&dateTo=${today}`, a.adminToken),
        );
        assert.equal(inRange.count, (await expectOk<Page>(await req("/api/audit-logs", a.adminToken))).count);
        const past = await expectOk<Page>(
          await req("/api/audit-logs?dateFrom=2020-01-01&dateTo=2020-01-02", a.adminToken),
        );
        assert.equal(past.count, 0);
        await expectError(
          await req("/api/audit-logs?dateFrom=yesterday", a.adminToken),
          400,
          "ERR_VALIDATION",
        );
      },
    );

    await t.step("export: an .xlsx of the filtered rows, itself audited", async () => {
      const res = await req("/api/audit-logs/export?entity=setting", a.adminToken);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /spreadsheetml/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const ws = wb.worksheets[0];
      assert.equal(ws.getRow(1).getCell(5).value, "action");
      const rows: string[] = [];
      ws.eachRow((r, i) => i > 1 && rows.push(String(r.getCell(5).value)));
      assert.ok(rows.length >= 1 && rows.every((x) => x === "setting.update"));
      const after = await expectOk<Page>(await req("/api/audit-logs?action=export.audit_log", a.adminToken));
      assert.equal(after.count, 1);
      // The contacts export is recorded too.
      await (await req("/api/contacts/export", a.adminToken)).arrayBuffer();
      const c = await expectOk<Page>(await req("/api/audit-logs?action=export.contacts", a.adminToken));
      assert.equal(c.count, 1);
    });

    await t.step("paging: 50 a page, newest first", async () => {
      for (let i = 0; i < 45; i++) {
        await expectOk(
          await req("/api/settings/userRating", a.adminToken, "PUT", {
            value: i % 2 ? "enabled" : "disabled",
          }),
        );
      }
      const p1 = await expectOk<Page>(await req("/api/audit-logs", a.adminToken));
      assert.equal(p1.logs.length, 50);
      assert.equal(p1.hasMore, true);
      assert.ok(p1.logs[0].id > p1.logs[49].id);
      const p2 = await expectOk<Page>(await req("/api/audit-logs?pageNumber=2", a.adminToken));
      assert.equal(p2.logs.length, p1.count - 50);
      assert.equal(p2.hasMore, false);
    });
  } finally {
    await app.close();
  }
});
