/**
 * GET /setting/{key} and GET /public-settings/{key}: one setting, for a company's users and for anyone
 * (spec 2 §6, §7).
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk } from "../_helpers/http.ts";

type Setting = { key: string; value: string };

Deno.test("[settings] GET /setting/{key}", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const agent = await login(app, await createUser(app, company.id));

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await app.request("/api/setting/userRating"), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("any user reads his own company's key", async () => {
      await expectOk(
        await app.request("/api/settings/sendGreetingAccepted", {
          method: "PUT",
          token: adm.token,
          json: { value: "enabled" },
        }),
      );
      assert.deepEqual(
        await expectOk<Setting>(
          await app.request("/api/setting/sendGreetingAccepted", { token: agent.token }),
        ),
        { key: "sendGreetingAccepted", value: "enabled" },
      );
      const os = await login(app, other.admin);
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/setting/sendGreetingAccepted", { token: os.token })),
        { key: "sendGreetingAccepted", value: "disabled" },
      );
    });

    await t.step("non-secret platform keys are readable by any user", async () => {
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/setting/appName", { token: agent.token })),
        { key: "appName", value: "Atende" },
      );
    });

    await t.step("an unknown key → 404 ERR_NO_SETTING_FOUND", async () => {
      await expectError(
        await app.request("/api/setting/nope", { token: agent.token }),
        404,
        "ERR_NO_SETTING_FOUND",
      );
      await expectError(
        await app.request("/api/setting/toString", { token: agent.token }),
        404,
        "ERR_NO_SETTING_FOUND",
      );
    });
  } finally {
    await app.close();
  }
});

Deno.test("[settings] GET /public-settings/{key}", async (t) => {
  const app = await createTestApp();
  try {
    const { admin } = await createCompany(app);
    const adm = await login(app, admin);

    await t.step("public branding keys without a session (a token param is ignored)", async () => {
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/public-settings/appName?token=whatever")),
        { key: "appName", value: "Atende" },
      );
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/public-settings/primaryColorLight")),
        { key: "primaryColorLight", value: "#5AC2D2" },
      );
      assert.deepEqual(
        await expectOk<Setting>(await app.request("/api/public-settings/primaryColorDark")),
        { key: "primaryColorDark", value: "#39ACE7" },
      );
      for (const k of ["appLogoLight", "appLogoDark", "appLogoFavicon", "allowSignup", "userCreation"]) {
        const b = await expectOk<Setting>(await app.request(`/api/public-settings/${k}`));
        assert.equal(b.key, k);
      }
    });

    await t.step("the platform's value, whoever asks", async () => {
      const b = await expectOk<Setting>(
        await app.request("/api/public-settings/appName", { token: adm.token }),
      );
      assert.equal(b.value, "Atende");
    });

    await t.step("secret, private platform and tenant keys → 404 ERR_NO_SETTING_FOUND", async () => {
      for (
        const k of [
          "stripeprivatekey",
          "facebookIdsecret",
          "openaikeyaudio",
          "facebookId",
          "downloadLimit",
          "userRating",
          "nope",
        ]
      ) {
        await expectError(await app.request(`/api/public-settings/${k}`), 404, "ERR_NO_SETTING_FOUND");
      }
    });
  } finally {
    await app.close();
  }
});
