/** Announcements: the operator writes for every company; users read the live ones; frames to all companies. */
import assert from "node:assert/strict";
import { OPERATOR, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json, PNG } from "../_helpers/http.ts";
import { connectWs } from "../_helpers/ws_client.ts";

type Ann = Json & {
  id: number;
  title: string;
  priority: number;
  mediaName: string | null;
  mediaUrl: string | null;
};
const call = (t: TestApp, token: string, method: string, path: string, json?: unknown) =>
  t.request(`/api/announcements${path}`, { method, token, ...(json === undefined ? {} : { json }) });

Deno.test("[announcements] routes, roles, visibility, media and live frames", async () => {
  const t = await startTestServer({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/announcements"],
      ["GET", "/api/announcements/1"],
      ["POST", "/api/announcements"],
      ["PUT", "/api/announcements/1"],
      ["DELETE", "/api/announcements/1"],
      ["POST", "/api/announcements/1/media-upload"],
      ["DELETE", "/api/announcements/1/media-upload"],
    ]);
    const op = (await login(t, OPERATOR)).token;
    const a = await createTenant(t), b = await createTenant(t);
    const wsA = await connectWs(t.wsUrl, a.userToken), wsB = await connectWs(t.wsUrl, b.adminToken);

    // Only the super user writes; a company admin gets 403.
    await expectError(
      await call(t, a.adminToken, "POST", "", { title: "x", text: "y" }),
      403,
      "ERR_NO_PERMISSION",
    );
    await expectError(await call(t, a.adminToken, "GET", "?all=1"), 403, "ERR_NO_PERMISSION");
    await expectError(await call(t, op, "POST", "", { title: "", text: "y" }), 400, "ERR_VALIDATION");
    const created = await expectOk<Ann>(
      await call(t, op, "POST", "", { title: "Maintenance", text: "Sunday 2am", priority: 1 }),
      201,
    );
    assert.equal(created.priority, 1);
    // Every company hears it.
    for (const ws of [wsA, wsB]) {
      const f = await ws.next((f) => f.event === "company-announcement" && f.data?.action === "create");
      assert.equal((f.data?.record as Ann).title, "Maintenance");
    }
    await expectError(
      await call(t, a.adminToken, "PUT", `/${created.id}`, { title: "Mine" }),
      403,
      "ERR_NO_PERMISSION",
    );
    await expectError(await call(t, a.adminToken, "DELETE", `/${created.id}`), 403, "ERR_NO_PERMISSION");
    await expectError(await call(t, op, "PUT", "/999999", { title: "x" }), 404, "ERR_NOT_FOUND");

    // An expired and an inactive one: only the operator's admin list shows them.
    await expectOk(
      await call(t, op, "POST", "", { title: "Old", text: "gone", expiresAt: "2020-01-01" }),
      201,
    );
    await expectOk(await call(t, op, "POST", "", { title: "Off", text: "off", status: 0 }), 201);
    const seen = await expectOk<{ records: Ann[] }>(await call(t, a.userToken, "GET", ""));
    assert.deepEqual(seen.records.map((r) => r.title), ["Maintenance"]);
    const all = await expectOk<{ records: Ann[]; count: number }>(await call(t, op, "GET", "?all=1"));
    assert.equal(all.count, 3);

    // The attachment: png/jpg only, operator only.
    const form = (name: string, type: string) => {
      const f = new FormData();
      f.append("file", new File([PNG], name, { type }));
      return f;
    };
    const upload = (token: string, f: FormData) =>
      t.request(`/api/announcements/${created.id}/media-upload`, { method: "POST", token, body: f });
    await expectError(await upload(a.adminToken, form("a.png", "image/png")), 403, "ERR_NO_PERMISSION");
    await expectError(await upload(op, form("a.pdf", "application/pdf")), 400, "ERR_VALIDATION");
    const withMedia = await expectOk<Ann>(await upload(op, form("site banner.png", "image/png")));
    assert.equal(withMedia.mediaName, "site_banner.png");
    assert.ok(withMedia.mediaUrl);
    assert.equal((await t.request(withMedia.mediaUrl!.replace(t.url, ""))).status, 200);
    const cleared = await expectOk<Ann>(await call(t, op, "DELETE", `/${created.id}/media-upload`));
    assert.equal(cleared.mediaUrl, null);

    // Switching it off removes it from the top bars.
    await expectOk(await call(t, op, "PUT", `/${created.id}`, { status: false }));
    await wsA.next((f) => f.event === "company-announcement" && f.data?.action === "delete");
    assert.equal((await call(t, op, "DELETE", `/${created.id}`)).status, 204);
    await wsA.close();
    await wsB.close();
  } finally {
    await t.close();
  }
});
