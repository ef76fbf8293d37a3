/** To-do list: per user on the server; another user's or company's task is 404. */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

Deno.test("[todos] per-user tasks: create, edit, done, delete; others' are 404", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    await assertAllNeedAuth(t, [["GET", "/api/todos"], ["POST", "/api/todos"], ["PUT", "/api/todos/1"], [
      "DELETE",
      "/api/todos/1",
    ]]);
    const a = await createTenant(t), b = await createTenant(t);
    const req = (token: string, method: string, path: string, json?: unknown) =>
      t.request(`/api/todos${path}`, { method, token, ...(json === undefined ? {} : { json }) });
    await expectError(await req(a.userToken, "POST", "", { text: "   " }), 400, "ERR_VALIDATION");
    const first = await expectOk<Json & { id: number }>(
      await req(a.userToken, "POST", "", { text: "Call Maria" }),
      201,
    );
    await expectOk(await req(a.userToken, "POST", "", { text: "Send the invoice" }), 201);
    const done = await expectOk<Json>(
      await req(a.userToken, "PUT", `/${first.id}`, { done: 1, text: "Call Maria back" }),
    );
    assert.equal(done.done, true);
    assert.equal(done.text, "Call Maria back");
    const list = await expectOk<Json[]>(await req(a.userToken, "GET", ""));
    assert.deepEqual(list.map((x) => x.text), ["Send the invoice", "Call Maria back"]);
    // Same company, another user: not his list.
    assert.equal((await expectOk<Json[]>(await req(a.adminToken, "GET", ""))).length, 0);
    await expectError(await req(a.adminToken, "PUT", `/${first.id}`, { text: "x" }), 404, "ERR_NOT_FOUND");
    await expectError(await req(a.adminToken, "DELETE", `/${first.id}`), 404, "ERR_NOT_FOUND");
    // Another company.
    await expectError(await req(b.adminToken, "PUT", `/${first.id}`, { done: true }), 404, "ERR_NOT_FOUND");
    await expectError(await req(b.adminToken, "DELETE", `/${first.id}`), 404, "ERR_NOT_FOUND");
    assert.equal((await req(a.userToken, "DELETE", `/${first.id}`)).status, 204);
    assert.equal((await expectOk<Json[]>(await req(a.userToken, "GET", ""))).length, 1);
  } finally {
    await t.close();
  }
});
