/**
 * The operator's support number behind "Call support" on the Connections page (spec 2 §2): a
 * platform setting only the operator writes, readable by every company (and without a session)
 * through /public-settings, checked to be a phone number.
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

type Setting = { key: string; value: string };

Deno.test("[settings] supportPhone: the operator sets it, every company reads it", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const adm = await login(app, admin);
    const op = await login(app, OPERATOR);
    const put = (value: string, token?: string) =>
      app.request("/api/settings/supportPhone", { method: "PUT", token, json: { value } });

    await t.step("unset by default: empty, and readable without a session", async () => {
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/public-settings/supportPhone")),
        { key: "supportPhone", value: "" },
      );
    });

    await t.step(
      "401 without a session; 403 for a company admin, a profile user, company 1's staff",
      async () => {
        await expectError(await put("+55 11 4000-0000"), 401, "ERR_UNAUTHENTICATED");
        await expectError(await put("+55 11 4000-0000", adm.token), 403, "ERR_NO_PERMISSION");
        const user = await login(app, await createUser(app, company.id));
        await expectError(await put("+55 11 4000-0000", user.token), 403, "ERR_NO_PERMISSION");
        const staff = await login(app, await createUser(app, 1, { profile: "admin" }));
        await expectError(await put("+55 11 4000-0000", staff.token), 403, "ERR_NO_PERMISSION");
      },
    );

    await t.step("the operator sets it; a tenant reads it; not a phone number → 400", async () => {
      await expectOk(await put("+55 (11) 4000-1234", op.token));
      assert.equal(
        (await expectOk<Setting>(
          await app.request("/api/public-settings/supportPhone", { token: adm.token }),
        ))
          .value,
        "+55 (11) 4000-1234",
      );
      await expectError(await put("javascript:alert(1)", op.token), 400, "ERR_VALIDATION");
      await expectError(await put("https://evil.example/", op.token), 400, "ERR_VALIDATION");
      await expectOk(await put("", op.token));
    });
  } finally {
    await app.close();
  }
});
