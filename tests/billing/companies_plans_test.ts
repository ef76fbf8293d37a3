/**
 * The operator's back office: companies and plans (spec 3 §2, §3, §7). Every operator route:
 * 401 without a session, 403 for a company admin (and a profile user), the happy path.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, contacts, users, whatsapps } from "@db/schema.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken, routeCall } from "./_support.ts";

const OPERATOR_ROUTES: [string, string][] = [
  ["GET", "/api/companies"],
  ["GET", "/api/companiesPlan"],
  ["GET", "/api/companies/list"],
  ["POST", "/api/companies"],
  ["PUT", "/api/companies/1"],
  ["POST", "/api/companies/1/renew"],
  ["POST", "/api/companies/1/folder"],
  ["DELETE", "/api/companies/1"],
  ["GET", "/api/plans/1"],
  ["POST", "/api/plans"],
  ["PUT", "/api/plans/1"],
  ["DELETE", "/api/plans/1"],
  ["PUT", "/api/recepts/1"],
  ["POST", "/api/settings/cert-upload"],
  ["GET", "/api/whatsapp-admin/1"],
];

Deno.test("[billing] companies and plans admin", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    const op = await operatorToken(app);
    const a = await createTenant(app);

    await t.step(
      "401 without a session; a company admin and a profile user are refused everywhere",
      async () => {
        await assertAllNeedAuth(app, [...OPERATOR_ROUTES, ["GET", "/api/companies/listPlan/1"], [
          "GET",
          "/api/companies/1",
        ]]);
        for (const token of [a.adminToken, a.userToken]) {
          for (const [method, path] of OPERATOR_ROUTES) {
            await expectError(await routeCall(app, method, path, token), 403, "ERR_NO_PERMISSION");
          }
        }
      },
    );

    await t.step("listPlan and GET /companies/{id}: own company, another company's id is 404", async () => {
      const own = await expectOk<Json>(
        await app.request(`/api/companies/listPlan/${a.company.id}`, { token: a.adminToken }),
      );
      assert.equal((own.plan as Json).id, a.plan.id);
      assert.equal((own.plan as Json).useCampaigns, true);
      assert.equal("passwordHash" in own, false);
      await expectError(
        await app.request(`/api/companies/listPlan/1`, { token: a.adminToken }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(await app.request(`/api/companies/1`, { token: a.userToken }), 404, "ERR_NOT_FOUND");
      await expectOk(await app.request(`/api/companies/${a.company.id}`, { token: a.userToken }));
      await expectOk(await app.request(`/api/companies/listPlan/${a.company.id}`, { token: op }));
    });

    await t.step("GET /whatsapp-admin/{id}: any company's connection, display fields only", async () => {
      const [w] = await app.deps.database.write((tx) =>
        tx.insert(whatsapps).values({ companyId: a.company.id, name: "Loja", channel: "api" }).returning()
      );
      const r = await expectOk<Json>(
        await app.request(`/api/whatsapp-admin/${w.id}?session=0`, { token: op }),
      );
      assert.equal(r.name, "Loja");
      assert.deepEqual(r.company, { id: a.company.id, name: a.company.name });
      assert.equal("token" in r, false);
      await expectError(
        await app.request(`/api/whatsapp-admin/999999`, { token: op }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
    });

    await t.step("GET /companies/find and PUT /companies/{id}/schedules", async () => {
      const own = await expectOk<Json[]>(await app.request("/api/companies/find", { token: a.userToken }));
      assert.deepEqual(own.map((c) => c.id), [a.company.id]);
      const all = await expectOk<Json[]>(await app.request("/api/companies/find", { token: op }));
      assert.ok(all.length >= 2);
      const schedules = [{
        weekday: "Lunes",
        weekdayEn: "monday",
        startTimeA: "08:00",
        endTimeA: "12:00",
        startTimeB: "13:00",
        endTimeB: "18:00",
      }];
      const path = `/api/companies/${a.company.id}/schedules`;
      assert.equal((await app.request(path, { method: "PUT", json: { schedules } })).status, 401);
      await expectError(
        await app.request(path, { method: "PUT", token: a.userToken, json: { schedules } }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(`/api/companies/1/schedules`, {
          method: "PUT",
          token: a.adminToken,
          json: { schedules },
        }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await app.request(path, {
          method: "PUT",
          token: a.adminToken,
          json: { schedules: [{ ...schedules[0], startTimeA: "25:00" }] },
        }),
        400,
        "ERR_VALIDATION",
      );
      const r = await expectOk<Json>(
        await app.request(path, { method: "PUT", token: a.adminToken, json: { schedules } }),
      );
      assert.deepEqual(r.schedules, schedules);
    });

    let planId = 0;
    await t.step("plans CRUD with every limit and flag; flags accepted as 0/1 and strings", async () => {
      const p = await expectOk<Json>(
        await app.request("/api/plans", {
          method: "POST",
          token: op,
          json: {
            name: "Pro",
            users: 5,
            connections: 2,
            queues: 3,
            amount: 49.9,
            recurrence: "MENSAL",
            isPublic: 1,
            useCampaigns: "true",
            useKanban: 0,
            useOpenAi: false,
          },
        }),
        201,
      );
      planId = p.id as number;
      assert.equal(p.useCampaigns, true);
      assert.equal(p.useKanban, false);
      assert.equal(p.useOpenAi, false);
      await expectError(
        await app.request("/api/plans", { method: "POST", token: op, json: { name: "Pro" } }),
        409,
        "ERR_CONFLICT",
      );
      const pub = await expectOk<Json[]>(await app.request("/api/plans/list"));
      assert.ok(pub.some((x) => x.id === planId));
      const hidden = await expectOk<Json>(
        await app.request(`/api/plans/${planId}`, {
          method: "PUT",
          token: op,
          json: { isPublic: false, users: 6 },
        }),
      );
      assert.equal(hidden.users, 6);
      assert.ok(!(await expectOk<Json[]>(await app.request("/api/plans/list"))).some((x) => x.id === planId));
      const all = await expectOk<Json[]>(await app.request("/api/plans/all", { token: op }));
      assert.ok(all.some((x) => x.id === planId));
      await expectError(await app.request(`/api/plans/999999`, { token: op }), 404, "ERR_NOT_FOUND");
    });

    await t.step("a plan change applies at once to its companies' sessions", async () => {
      // The tenant's plan allows campaigns' sibling flag useKanban: turning it off refuses at once.
      const before = await app.request("/api/companies/listPlan/" + a.company.id, { token: a.adminToken });
      assert.equal(((await before.json()).plan as Json).useExternalApi, true);
      await expectOk(
        await app.request(`/api/plans/${a.plan.id}`, {
          method: "PUT",
          token: op,
          json: { useExternalApi: 0, users: 1 },
        }),
      );
      const me = await expectOk<Json>(await app.request("/api/auth/me", { token: a.adminToken }));
      assert.equal(((me.company as Json).plan as Json).useExternalApi, false);
      // users limit 1: the company already has two users, a third is refused.
      await expectError(
        await app.request("/api/users", {
          method: "POST",
          token: a.adminToken,
          json: { name: "Third", email: "third@x.test", password: "Secret#123", profile: "user" },
        }),
        403,
        "ERR_PLAN_LIMIT_REACHED",
      );
    });

    let created: Json = {};
    await t.step("create a company with its first admin", async () => {
      created = await expectOk<Json>(
        await app.request("/api/companies", {
          method: "POST",
          token: op,
          json: {
            name: "Acme Ltda",
            email: "owner@acme.test",
            password: "Acme#2026",
            phone: "5511999990000",
            planId,
            status: true,
            numberAttendants: "3",
            numberConections: 2,
            recurrence: "TRIMESTRAL",
          },
        }),
        201,
      );
      assert.equal(created.planName, "Pro");
      assert.equal(created.recurrence, "TRIMESTRAL");
      assert.equal(created.numberAttendants, 3);
      assert.ok(created.dueDate);
      const s = await login(app, { email: "owner@acme.test", password: "Acme#2026" });
      assert.equal((s.user as Json).profile, "admin");
      await expectError(
        await app.request("/api/companies", {
          method: "POST",
          token: op,
          json: { name: "Acme Ltda", email: "other@acme.test", password: "Acme#2026", planId },
        }),
        409,
        "ERR_CONFLICT",
      );
      await expectError(
        await app.request("/api/companies", {
          method: "POST",
          token: op,
          json: { name: "A", email: "x", planId },
        }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("list with search and paging; renew advances by the recurrence", async () => {
      const l = await expectOk<Json>(
        await app.request("/api/companies?searchParam=acme&pageNumber=1", { token: op }),
      );
      assert.equal(l.count, 1);
      assert.equal((l.companies as Json[])[0].name, "Acme Ltda");
      const p = await expectOk<Json>(await app.request("/api/companiesPlan?pageNumber=1", { token: op }));
      assert.equal((p.companies as Json[]).length, Math.min(5, p.count as number));
      const renewed = await expectOk<Json>(
        await app.request(`/api/companies/${created.id}/renew`, { method: "POST", token: op }),
      );
      const [y, m] = String(created.dueDate).split("-").map(Number);
      const months = y * 12 + m - 1 + 3;
      assert.equal(
        String(renewed.dueDate).slice(0, 7),
        `${Math.floor(months / 12)}-${String(months % 12 + 1).padStart(2, "0")}`,
      );
    });

    await t.step("deactivate: its users are refused at once; activate lets them back", async () => {
      const s = await login(app, { email: "owner@acme.test", password: "Acme#2026" });
      await expectOk(
        await app.request(`/api/companies/${created.id}`, { method: "PUT", token: op, json: { status: 0 } }),
      );
      await expectError(await app.request("/api/users", { token: s.token }), 402, "ERR_SUBSCRIPTION_EXPIRED");
      await expectOk(
        await app.request(`/api/companies/${created.id}`, {
          method: "PUT",
          token: op,
          json: { status: "true" },
        }),
      );
      await expectOk(await app.request("/api/users", { token: s.token }));
      await expectError(
        await app.request(`/api/companies/1`, { method: "PUT", token: op, json: { status: false } }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("folder size and file count per company (a job)", async () => {
      const dir = `media/company${created.id}/x`;
      await app.deps.storage.put(`${dir}/a.bin`, new Uint8Array(2048));
      await app.deps.storage.put(`${dir}/b.bin`, new Uint8Array(1024));
      assert.equal(
        (await app.request(`/api/companies/${created.id}/folder`, { method: "POST", token: op })).status,
        202,
      );
      await runDueJobs(app.deps);
      const c = await expectOk<Json>(await app.request(`/api/companies/${created.id}`, { token: op }));
      assert.equal(c.folderSize, "3.0 KB");
      assert.equal(c.numberFileFolder, "2");
      assert.ok(c.updatedAtFolder);
    });

    await t.step("a plan in use cannot be deleted; plan 1 never", async () => {
      await expectError(
        await app.request(`/api/plans/${planId}`, { method: "DELETE", token: op }),
        409,
        "ERR_CONFLICT",
      );
      await expectError(
        await app.request(`/api/plans/1`, { method: "DELETE", token: op }),
        409,
        "ERR_CONFLICT",
      );
    });

    await t.step("delete: switched off at once, data and files removed by a job", async () => {
      const id = created.id as number;
      await app.deps.database.write((tx) =>
        tx.insert(contacts).values({ companyId: id, name: "Cliente", number: "5511988887777" })
      );
      const s = await login(app, { email: "owner@acme.test", password: "Acme#2026" });
      assert.equal((await app.request(`/api/companies/${id}`, { method: "DELETE", token: op })).status, 202);
      await expectError(await app.request("/api/users", { token: s.token }), 402, "ERR_SUBSCRIPTION_EXPIRED");
      const progress: Json[] = [];
      app.deps.bus.on("company.purge_progress", (e) => void progress.push(e as unknown as Json));
      await runDueJobs(app.deps);
      await app.deps.bus.drain();
      assert.equal((await app.deps.db.select().from(companies).where(eq(companies.id, id))).length, 0);
      assert.equal((await app.deps.db.select().from(users).where(eq(users.companyId, id))).length, 0);
      assert.equal((await app.deps.db.select().from(contacts).where(eq(contacts.companyId, id))).length, 0);
      assert.deepEqual(
        await Array.fromAsync(app.deps.storage.list(`media/company${id}/`)),
        [],
        "its files went",
      );
      assert.ok(progress.length > 2);
      assert.equal(progress.at(-1)!.finished, true);
      await expectError(await app.request(`/api/companies/${id}`, { token: op }), 404, "ERR_NOT_FOUND");
      await expectOk(await app.request(`/api/plans/${planId}`, { method: "DELETE", token: op }), 204);
    });
  } finally {
    await app.close();
  }
});
