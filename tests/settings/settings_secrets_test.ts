/**
 * Settings' secrets (DESIGN §5): encrypted at rest and never returned in full.
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { rawSetting } from "../_helpers/tenant.ts";

type Setting = { key: string; value: string };

Deno.test("[settings] secrets are encrypted at rest and never returned in full", async (t) => {
  const app = await createTestApp();
  try {
    const { admin, company } = await createCompany(app);
    const op = await login(app, OPERATOR);
    const adm = await login(app, admin);
    const agent = await login(app, await createUser(app, company.id));
    const secret = "sk_live_51ABCdefGHIjklMNOpqrSTUvwx9876";

    await t.step("PUT answers the masked value", async () => {
      const b = await expectOk<Setting>(
        await app.request("/api/settings/stripeprivatekey", {
          method: "PUT",
          token: op.token,
          json: { value: secret },
        }),
      );
      assert.deepEqual(b, { key: "stripeprivatekey", value: "••••9876" });
    });

    await t.step("the stored row starts with enc:v1: and does not contain the plaintext", async () => {
      const raw = (await rawSetting(app, 1, "stripeprivatekey")) ?? "";
      assert.ok(raw.startsWith("enc:v1:"), raw);
      assert.equal(raw.includes(secret), false);
      assert.equal(raw.includes("9876"), false);
      // Two writes of the same value differ (random IV).
      await expectOk(
        await app.request("/api/settings/stripeprivatekey", {
          method: "PUT",
          token: op.token,
          json: { value: secret },
        }),
      );
      assert.notEqual(await rawSetting(app, 1, "stripeprivatekey"), raw);
    });

    await t.step("GET /setting/{key}: masked for the operator, 403 for anyone else", async () => {
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/setting/stripeprivatekey", { token: op.token })),
        { key: "stripeprivatekey", value: "••••9876" },
      );
      await expectError(
        await app.request("/api/setting/stripeprivatekey", { token: adm.token }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request("/api/setting/stripeprivatekey", { token: agent.token }),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("never through public-settings, companySettingOne or companySettings", async () => {
      await expectError(
        await app.request("/api/public-settings/stripeprivatekey"),
        404,
        "ERR_NO_SETTING_FOUND",
      );
      await expectError(
        await app.request("/api/companySettingOne?column=stripeprivatekey", { token: op.token }),
        404,
        "ERR_NO_SETTING_FOUND",
      );
      const all = await expectOk<Json>(await app.request("/api/companySettings/1", { token: op.token }));
      assert.equal("stripeprivatekey" in all, false);
    });

    await t.step("a short secret is masked without revealing any of it", async () => {
      await expectOk(
        await app.request("/api/settings/openaikeyaudio", {
          method: "PUT",
          token: op.token,
          json: { value: "abc123" },
        }),
      );
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/setting/openaikeyaudio", { token: op.token })),
        { key: "openaikeyaudio", value: "••••" },
      );
    });

    await t.step("an empty value clears the secret", async () => {
      await expectOk(
        await app.request("/api/settings/openaikeyaudio", {
          method: "PUT",
          token: op.token,
          json: { value: "" },
        }),
      );
      assert.equal(await rawSetting(app, 1, "openaikeyaudio"), "");
      assert.equal(
        (await expectOk<Setting>(await app.request("/api/setting/openaikeyaudio", { token: op.token })))
          .value,
        "",
      );
    });
  } finally {
    await app.close();
  }
});
