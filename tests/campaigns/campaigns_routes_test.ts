/** Campaign routes (spec 3 §2, §4, §6, §7): auth, roles, plan, tenancy, status machine, settings, media, report. */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { seedList, setCampaignSettings, upload } from "./_support.ts";
import { campaignsTick } from "@/campaigns/dispatcher.ts";

Deno.test("[campaigns] routes, status machine, settings, media and report", async (t) => {
  const clock = new ManualClock("2026-11-25T15:00:00Z"); // Wednesday 12:00 in São Paulo
  const app = await createTestApp({ scheduler: false, clock });
  try {
    const a = await createTenant(app, { webhook: null, user: false });
    const b = await createTenant(app, { webhook: null, user: false });
    const noPlan = await createTenant(app, { webhook: null, user: false, plan: { useCampaigns: false } });
    const user = await userOf(app, a.company.id, { profile: "user" });
    const list = await seedList(app, a.company.id, 3);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(path, { method, token, json });
    const body = (o: Json = {}) => ({
      name: "Black Friday",
      message1: "Oi {nome}!",
      contactListId: list.id,
      whatsappId: a.conn.id,
      ...o,
    });

    await t.step("401 without a token on every route", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/campaigns"],
        ["GET", "/api/campaigns/1"],
        ["GET", "/api/campaigns/1/report"],
        ["POST", "/api/campaigns"],
        ["PUT", "/api/campaigns/1"],
        ["DELETE", "/api/campaigns/1"],
        ["POST", "/api/campaigns/1/cancel"],
        ["POST", "/api/campaigns/1/restart"],
        ["POST", "/api/campaigns/1/media-upload"],
        ["DELETE", "/api/campaigns/1/media-upload"],
        ["GET", "/api/campaign-settings"],
        ["POST", "/api/campaign-settings"],
      ]);
    });

    await t.step("403 for a profile user; 403 ERR_PLAN_FEATURE without the campaigns plan", async () => {
      for (
        const [m, p] of [["GET", "/api/campaigns"], ["POST", "/api/campaigns"], [
          "GET",
          "/api/campaign-settings",
        ]]
      ) {
        await expectError(
          await req(p, user.token, m, m === "POST" ? body() : undefined),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await req(p, noPlan.adminToken, m, m === "POST" ? body() : undefined),
          403,
          "ERR_PLAN_FEATURE",
        );
      }
    });

    let id = 0;
    await t.step("create: INATIVA without a start, validation per spec", async () => {
      await expectError(
        await req("/api/campaigns", a.adminToken, "POST", body({ name: "X" })),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await req("/api/campaigns", a.adminToken, "POST", body({ whatsappId: undefined })),
        400,
        "ERR_VALIDATION",
      );
      const u = await userOf(app, a.company.id);
      await expectError(
        await req("/api/campaigns", a.adminToken, "POST", body({ userId: u.user.id, openTicket: "enabled" })),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await req("/api/campaigns", a.adminToken, "POST", body({ message1: "" })),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await req("/api/campaigns", a.adminToken, "POST", body({ whatsappId: b.conn.id })),
        404,
        "ERR_NO_WAPP_FOUND",
      );
      const c = await expectOk<Json>(await req("/api/campaigns", a.adminToken, "POST", body()), 201);
      id = c.id as number;
      assert.equal(c.status, "INATIVA");
      assert.equal(c.statusTicket, "closed");
      assert.equal(c.openTicket, "disabled");
      assert.equal((c.contactList as Json).id, list.id);
      const page = await expectOk<Json>(await req("/api/campaigns?searchParam=friday", a.adminToken));
      assert.equal((page.records as Json[]).length, 1);
    });

    await t.step("another company's campaign answers 404", async () => {
      for (
        const [m, p] of [
          ["GET", `/api/campaigns/${id}`],
          ["PUT", `/api/campaigns/${id}`],
          ["DELETE", `/api/campaigns/${id}`],
          ["POST", `/api/campaigns/${id}/cancel`],
          ["POST", `/api/campaigns/${id}/restart`],
          ["GET", `/api/campaigns/${id}/report`],
          ["DELETE", `/api/campaigns/${id}/media-upload`],
        ]
      ) {
        await expectError(
          await req(p, b.adminToken, m, m === "PUT" ? { name: "Hack" } : undefined),
          404,
          "ERR_NOT_FOUND",
        );
      }
    });

    await t.step("media upload and removal", async () => {
      const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "promo.png", { type: "image/png" });
      const c = await expectOk<Json>(
        await upload(app, `/api/campaigns/${id}/media-upload`, a.adminToken, png),
      );
      assert.equal(c.mediaName, "promo.png");
      const d = await expectOk<Json>(await req(`/api/campaigns/${id}/media-upload`, a.adminToken, "DELETE"));
      assert.equal(d.mediaPath, null);
    });

    await t.step(
      "status machine: scheduled → running (tick) → cancelled → restarted → finished",
      async () => {
        const soon = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
        const p = await expectOk<Json>(
          await req(`/api/campaigns/${id}`, a.adminToken, "PUT", { scheduledAt: soon }),
        );
        assert.equal(p.status, "PROGRAMADA");
        // Less than an hour before its start it is read-only.
        await expectError(
          await req(`/api/campaigns/${id}`, a.adminToken, "PUT", { name: "Late edit" }),
          409,
          "ERR_CONFLICT",
        );
        await expectError(
          await req(`/api/campaigns/${id}/restart`, a.adminToken, "POST"),
          409,
          "ERR_CONFLICT",
        );
        await setCampaignSettings(app, a.adminToken, { messageInterval: 0, greaterInterval: 0 });
        clock.advance(31 * 60_000);
        // Access tokens expire by the same clock: log in again.
        a.adminToken = (await login(app, a.admin)).token;
        b.adminToken = (await login(app, b.admin)).token;
        await campaignsTick(app.deps);
        await app.deps.bus.drain();
        const report = await expectOk<Json>(await req(`/api/campaigns/${id}/report`, a.adminToken));
        assert.equal((report.campaign as Json).status, "FINALIZADA");
        assert.equal((report.counts as Json).delivered, 3);
        assert.equal((report.records as Json[]).length, 3);
        assert.ok(
          (report.records as Json[]).every((r) =>
            r.deliveredAt && String(r.message).startsWith("Oi Contact")
          ),
        );
        await expectError(
          await req(`/api/campaigns/${id}/cancel`, a.adminToken, "POST"),
          409,
          "ERR_CONFLICT",
        );

        const c2 = await expectOk<Json>(
          await req("/api/campaigns", a.adminToken, "POST", body({ scheduledAt: clock.now().toISOString() })),
          201,
        );
        assert.equal(c2.status, "PROGRAMADA");
        const cancelled = await expectOk<Json>(
          await req(`/api/campaigns/${c2.id}/cancel`, a.adminToken, "POST"),
        );
        assert.equal(cancelled.status, "CANCELADA");
        // A cancelled campaign stays editable, and is never started by the tick.
        await expectOk(
          await req(`/api/campaigns/${c2.id}`, a.adminToken, "PUT", { message2: "Variant two" }),
        );
        await campaignsTick(app.deps);
        assert.equal(
          (await expectOk<Json>(await req(`/api/campaigns/${c2.id}`, a.adminToken))).status,
          "CANCELADA",
        );
        const restarted = await expectOk<Json>(
          await req(`/api/campaigns/${c2.id}/restart`, a.adminToken, "POST"),
        );
        assert.equal(restarted.status, "EM_ANDAMENTO");
        await campaignsTick(app.deps);
        assert.equal(
          (await expectOk<Json>(await req(`/api/campaigns/${c2.id}`, a.adminToken))).status,
          "FINALIZADA",
        );
        assert.equal((await req(`/api/campaigns/${c2.id}`, a.adminToken, "DELETE")).status, 204);
        await expectError(await req(`/api/campaigns/${c2.id}`, a.adminToken), 404, "ERR_NOT_FOUND");
      },
    );

    await t.step("settings: defaults, save, validation", async () => {
      const fresh = await expectOk<Json[]>(await req("/api/campaign-settings", b.adminToken));
      const get = (rows: Json[], k: string) => rows.find((r) => r.key === k)?.value;
      assert.equal(get(fresh, "messageInterval"), 20);
      assert.equal(get(fresh, "longerIntervalAfter"), 20);
      assert.equal(get(fresh, "greaterInterval"), 60);
      assert.equal(get(fresh, "startHour"), "09:00");
      assert.equal(get(fresh, "sabado"), false);
      const saved = await setCampaignSettings(app, b.adminToken, {
        messageInterval: 30,
        sabado: "true",
        endHour: "20:00",
        variables: [{ key: "cupom", value: "BF10" }],
      });
      assert.equal(get(saved, "messageInterval"), 30);
      assert.equal(get(saved, "sabado"), true);
      assert.equal(get(saved, "endHour"), "20:00");
      await expectError(
        await req("/api/campaign-settings", b.adminToken, "POST", { settings: { startHour: "25:00" } }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await app.close();
  }
});
