/** /api/quick-messages: visibility, ownership, media and events (spec 1 §7, spec 2 §2, §3, §5, §6). */
import assert from "node:assert/strict";
import { createTestApp, startTestServer } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

type Page = { records: Json[]; count: number; hasMore: boolean };

Deno.test("[quick_messages] visibility, ownership and tenancy", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const other = await login(app, await createUser(app, a.company.id, { profile: "user" }));
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(`/api/quick-messages${path}`, { method, token, json });
    const create = async (token: string, json: Json) =>
      await expectOk<Json>(await req("", token, "POST", json), 201);

    await t.step("401 ERR_UNAUTHENTICATED on every route without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/quick-messages"],
        ["GET", "/api/quick-messages/list"],
        ["GET", "/api/quick-messages/1"],
        ["POST", "/api/quick-messages"],
        ["PUT", "/api/quick-messages/1"],
        ["DELETE", "/api/quick-messages/1"],
        ["POST", "/api/quick-messages/1/media-upload"],
        ["DELETE", "/api/quick-messages/1/media-upload"],
      ]);
    });

    const mine = await create(a.userToken, { shortcode: "hello", message: "Olá!" });
    const otherPrivate = await create(other.token, { shortcode: "secret", message: "only mine" });
    const otherShared = await create(other.token, { shortcode: "shared", message: "for all", geral: true });
    const hidden = await create(a.userToken, { shortcode: "hidden", message: "off", visao: false });
    const foreign = await create(b.adminToken, { shortcode: "hello", message: "B", geral: true });

    await t.step("POST: owner from the session, defaults; shortcode required", () => {
      assert.equal(mine.userId, a.user.user.id);
      assert.equal(mine.companyId, a.company.id);
      assert.equal(mine.geral, false);
      assert.equal(mine.visao, true);
      assert.equal(mine.mediaPath, null);
      assert.equal(mine.isMedia, false);
    });
    await t.step("POST validation → 400", async () => {
      await expectError(await req("", a.userToken, "POST", { message: "no code" }), 400, "ERR_VALIDATION");
      await expectError(await req("", a.userToken, "POST", { shortcode: "  " }), 400, "ERR_VALIDATION");
    });

    await t.step(
      "GET /: a user sees his own and the shared ones; an admin sees all of the company",
      async () => {
        const u = await expectOk<Page>(await req("", a.userToken));
        assert.deepEqual(u.records.map((r) => r.shortcode).sort(), ["hello", "hidden", "shared"]);
        assert.equal(u.count, 3);
        assert.equal(u.hasMore, false);
        const adm = await expectOk<Page>(await req("", a.adminToken));
        assert.deepEqual(adm.records.map((r) => r.shortcode).sort(), ["hello", "hidden", "secret", "shared"]);
        const search = await expectOk<Page>(await req("?searchParam=for%20al", a.userToken));
        assert.deepEqual(search.records.map((r) => r.id), [otherShared.id]);
      },
    );

    await t.step("GET /list: what the composer may use (own + shared, visible only)", async () => {
      const list = await expectOk<Json[]>(await req("/list", a.userToken));
      assert.deepEqual(list.map((r) => r.shortcode).sort(), ["hello", "shared"]);
      const adm = await expectOk<Json[]>(await req("/list", a.adminToken));
      assert.deepEqual(adm.map((r) => r.shortcode), ["shared"]);
    });

    await t.step("GET /:id: another user's private one and another company's → 404", async () => {
      await expectOk(await req(`/${otherShared.id}`, a.userToken));
      await expectError(await req(`/${otherPrivate.id}`, a.userToken), 404, "ERR_NOT_FOUND");
      await expectError(await req(`/${foreign.id}`, a.adminToken), 404, "ERR_NOT_FOUND");
      await expectOk(await req(`/${otherPrivate.id}`, a.adminToken));
    });

    await t.step(
      "PUT/DELETE on another user's shared one → 403 (read-only); the owner and admins may",
      async () => {
        await expectError(
          await req(`/${otherShared.id}`, a.userToken, "PUT", { message: "x" }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(await req(`/${otherShared.id}`, a.userToken, "DELETE"), 403, "ERR_NO_PERMISSION");
        const own = await expectOk<Json>(
          await req(`/${mine.id}`, a.userToken, "PUT", { message: "Oi", geral: true }),
        );
        assert.equal(own.message, "Oi");
        assert.equal(own.geral, true);
        const byAdmin = await expectOk<Json>(
          await req(`/${otherShared.id}`, a.adminToken, "PUT", { shortcode: "all" }),
        );
        assert.equal(byAdmin.shortcode, "all");
        assert.equal(byAdmin.geral, true, "fields left out keep their value");
        assert.equal(byAdmin.message, "for all");
        await expectError(
          await req(`/${otherPrivate.id}`, a.userToken, "PUT", { message: "x" }),
          404,
          "ERR_NOT_FOUND",
        );
        await expectError(
          await req(`/${foreign.id}`, a.adminToken, "PUT", { message: "x" }),
          404,
          "ERR_NOT_FOUND",
        );
        await expectError(await req(`/${foreign.id}`, a.adminToken, "DELETE"), 404, "ERR_NOT_FOUND");
        await expectError(
          await req(`/${mine.id}`, a.userToken, "PUT", { shortcode: "" }),
          400,
          "ERR_VALIDATION",
        );
        assert.equal((await req(`/${hidden.id}`, a.userToken, "DELETE")).status, 204);
        assert.equal((await req(`/${otherPrivate.id}`, a.adminToken, "DELETE")).status, 204);
      },
    );

    await t.step("paging: 20 per page", async () => {
      for (let i = 0; i < 22; i++) {
        await create(a.adminToken, { shortcode: `bulk${String(i).padStart(2, "0")}` });
      }
      const p1 = await expectOk<Page>(await req("?pageNumber=1", a.adminToken));
      assert.equal(p1.records.length, 20);
      assert.equal(p1.hasMore, true);
      const p2 = await expectOk<Page>(await req("?pageNumber=2", a.adminToken));
      assert.equal(p2.records.length, p1.count - 20);
      assert.equal(p2.hasMore, false);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[quick_messages] media upload and removal", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const other = await login(app, await createUser(app, a.company.id, { profile: "user" }));
    const create = async (token: string, json: Json) =>
      await expectOk<Json>(await app.request("/api/quick-messages", { method: "POST", token, json }), 201);
    const upload = (id: unknown, token: string, name = "my price list.pdf") => {
      const form = new FormData();
      form.append("file", new File(["%PDF-1.4 test"], name, { type: "application/pdf" }));
      return app.request(`/api/quick-messages/${id}/media-upload`, { method: "POST", token, body: form });
    };
    const mine = await create(a.userToken, { shortcode: "price" });
    const shared = await create(other.token, { shortcode: "shared", geral: true });
    const foreign = await create(b.adminToken, { shortcode: "theirs", geral: true });

    let url = "";
    await t.step(
      "upload: spaces become underscores; mediaPath is a signed URL that serves the file",
      async () => {
        const r = await expectOk<Json>(await upload(mine.id, a.userToken));
        assert.equal(r.mediaName, "my_price_list.pdf");
        assert.equal(r.isMedia, true);
        url = String(r.mediaPath);
        assert.match(url, /^\/api\/media\/company\d+\/quick_messages\/\d+\/.+\?exp=\d+&sig=[0-9a-f]+$/);
        const file = await app.request(url);
        assert.equal(file.status, 200);
        assert.equal(await file.text(), "%PDF-1.4 test");
        const shown = await expectOk<Json>(
          await app.request(`/api/quick-messages/${mine.id}`, { token: a.userToken }),
        );
        assert.match(String(shown.mediaPath), /sig=/);
        const tampered = url.replace(/sig=[0-9a-f]+/, "sig=00");
        assert.equal((await app.request(tampered)).status, 403);
      },
    );

    await t.step("upload: another user's shared one → 403; foreign → 404; no file → 400", async () => {
      await expectError(await upload(shared.id, a.userToken), 403, "ERR_NO_PERMISSION");
      await expectError(await upload(foreign.id, a.adminToken), 404, "ERR_NOT_FOUND");
      await expectError(
        await app.request(`/api/quick-messages/${mine.id}/media-upload`, {
          method: "POST",
          token: a.userToken,
          body: new FormData(),
        }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("DELETE media-upload clears it and removes the file; 403/404 as above", async () => {
      await expectError(
        await app.request(`/api/quick-messages/${shared.id}/media-upload`, {
          method: "DELETE",
          token: a.userToken,
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(`/api/quick-messages/${foreign.id}/media-upload`, {
          method: "DELETE",
          token: a.adminToken,
        }),
        404,
        "ERR_NOT_FOUND",
      );
      const r = await expectOk<Json>(
        await app.request(`/api/quick-messages/${mine.id}/media-upload`, {
          method: "DELETE",
          token: a.userToken,
        }),
      );
      assert.equal(r.mediaPath, null);
      assert.equal(r.mediaName, null);
      assert.equal((await app.request(url)).status, 404);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[quick_messages] shared replies are announced to the same company only", async (t) => {
  const srv = await startTestServer();
  const a = await createTenant(srv);
  const b = await createTenant(srv);
  const wsA = await connectWs(srv.wsUrl, a.userToken);
  const wsB = await connectWs(srv.wsUrl, b.userToken);
  const event = `company-${a.company.id}-quickemessage`;
  try {
    await t.step(
      "a shared reply → {action: create, record} on A only; a private one is not broadcast",
      async () => {
        await expectOk(
          await srv.request("/api/quick-messages", {
            method: "POST",
            token: a.adminToken,
            json: { shortcode: "private", message: "mine only" },
          }),
          201,
        );
        const r = await expectOk<Json>(
          await srv.request("/api/quick-messages", {
            method: "POST",
            token: a.adminToken,
            json: { shortcode: "team", message: "for everyone", geral: true },
          }),
          201,
        );
        const f = await wsA.next((f) => f.event === event && f.data?.action === "create");
        assert.equal((f.data!.record as Json).id, r.id);
        await settle();
        assert.equal(wsA.frames.filter((f) => f.event === event).length, 1);
        assert.ok(!wsB.frames.some((f) => String(f.event ?? "").includes("quickemessage")));
      },
    );
  } finally {
    await wsA.close();
    await wsB.close();
    await srv.close();
  }
});
