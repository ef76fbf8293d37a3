/** Help entries: every user reads them; only the operator (super user) writes them. */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

Deno.test("[helps] routes and roles", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [
      ["GET", "/api/helps"],
      ["GET", "/api/helps/list"],
      ["GET", "/api/helps/1"],
      ["POST", "/api/helps"],
      ["PUT", "/api/helps/1"],
      ["DELETE", "/api/helps/1"],
    ]);
    const op = (await login(t, OPERATOR)).token;
    const a = await createTenant(t);
    const req = (token: string, method: string, path: string, json?: unknown) =>
      t.request(`/api/helps${path}`, { method, token, ...(json === undefined ? {} : { json }) });
    await expectError(await req(a.adminToken, "POST", "", { title: "x" }), 403, "ERR_NO_PERMISSION");
    const help = await expectOk<Json & { id: number; video: string }>(
      await req(op, "POST", "", {
        title: "Getting started",
        description: "A tour",
        video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      }),
      201,
    );
    assert.equal(help.video, "dQw4w9WgXcQ");
    await expectError(
      await req(a.adminToken, "PUT", `/${help.id}`, { title: "Mine" }),
      403,
      "ERR_NO_PERMISSION",
    );
    await expectError(await req(a.adminToken, "DELETE", `/${help.id}`), 403, "ERR_NO_PERMISSION");
    await expectError(await req(op, "PUT", "/999999", { title: "x" }), 404, "ERR_NOT_FOUND");
    const list = await expectOk<Json[]>(await req(a.userToken, "GET", "/list"));
    assert.deepEqual(list.map((h) => h.title), ["Getting started"]);
    const paged = await expectOk<{ records: Json[]; hasMore: boolean }>(
      await req(a.userToken, "GET", "?searchParam=start"),
    );
    assert.equal(paged.records.length, 1);
    await expectOk(await req(op, "PUT", `/${help.id}`, { title: "Start here" }));
    assert.equal((await expectOk<Json>(await req(a.userToken, "GET", `/${help.id}`))).title, "Start here");
    assert.equal((await req(op, "DELETE", `/${help.id}`)).status, 204);
    assert.equal((await expectOk<Json[]>(await req(a.userToken, "GET", "/list"))).length, 0);
  } finally {
    await t.close();
  }
});
