/** The login answer carries company.companieSettings, the shape the spec's client reads. */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import type { Json } from "../_helpers/http.ts";

Deno.test("[auth] login answers company.companieSettings as the spec's client reads it", async () => {
  const t = await createTestApp();
  try {
    const a = await createTenant(t, { webhook: null, user: false, settings: { userRating: "enabled" } });
    const { user } = await login(t, a.admin);
    const company = user.company as { settings: Json; companieSettings: Json[] };
    assert.equal(company.companieSettings.length, 1);
    assert.equal(company.companieSettings[0].userRating, "enabled");
    assert.deepEqual(company.companieSettings[0], company.settings);
  } finally {
    await t.close();
  }
});
