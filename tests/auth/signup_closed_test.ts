/** allowSignup=disabled (an operator setting) closes the public signup; enabled opens it again. */
import { createTestApp } from "../_helpers/test_app.ts";
import { setCompanySetting } from "../_helpers/tenant.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

Deno.test("[auth] allowSignup=disabled closes the public signup", async () => {
  const t = await createTestApp();
  try {
    const input = {
      companyName: `Closed ${Date.now()}`,
      name: "Ana",
      email: `closed.${Date.now()}@acme.test`,
      password: "Pass#2026",
      phone: "+55 11 98888-7777",
      planId: 1,
    };
    await setCompanySetting(t, 1, "allowSignup", "disabled");
    await expectError(
      await t.request("/api/auth/signup", { method: "POST", json: input }),
      403,
      "ERR_USER_CREATION_DISABLED",
    );
    await setCompanySetting(t, 1, "allowSignup", "enabled");
    await expectOk(await t.request("/api/auth/signup", { method: "POST", json: input }), 201);
  } finally {
    await t.close();
  }
});
