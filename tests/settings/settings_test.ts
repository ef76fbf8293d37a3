/**
 * GET /settings and PUT /settings/{key} (spec 2 §3, §6, §7). Secrets at rest: settings_secrets_test.ts;
 * the single-key reads GET /setting/{key} and GET /public-settings/{key}: settings_key_test.ts.
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { rawSetting } from "../_helpers/tenant.ts";

type Setting = { key: string; value: string };
const PLATFORM_KEYS = ["userCreation", "allowSignup", "appName", "stripeprivatekey", "primaryColorLight"];

Deno.test("[settings] GET /settings", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const adm = await login(app, admin);

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await app.request("/api/settings"), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("a profile user → 403 ERR_NO_PERMISSION", async () => {
      const s = await login(app, await createUser(app, company.id));
      await expectError(await app.request("/api/settings", { token: s.token }), 403, "ERR_NO_PERMISSION");
    });

    await t.step("an admin gets the company's keys with defaults, and no platform key", async () => {
      const b = await expectOk<Setting[]>(await app.request("/api/settings", { token: adm.token }));
      assert.ok(Array.isArray(b));
      const map = Object.fromEntries(b.map((s) => [s.key, s.value]));
      assert.equal(map.userRating, "disabled");
      assert.equal(map.scheduleType, "disabled");
      assert.equal(map.chatBotType, "text");
      assert.equal(map.sendSignMessage, "enabled");
      for (const k of PLATFORM_KEYS) assert.equal(k in map, false, k);
      assert.equal(new Set(b.map((s) => s.key)).size, b.length, "no duplicate keys");
    });

    await t.step("the operator also sees the platform keys, secrets masked", async () => {
      const op = await login(app, OPERATOR);
      await expectOk(
        await app.request("/api/settings/stripeprivatekey", {
          method: "PUT",
          token: op.token,
          json: { value: "sk_test_1234567890abcd" },
        }),
      );
      const b = await expectOk<Setting[]>(await app.request("/api/settings", { token: op.token }));
      const map = Object.fromEntries(b.map((s) => [s.key, s.value]));
      for (const k of PLATFORM_KEYS) assert.ok(k in map, k);
      assert.equal(map.userRating, "disabled");
      assert.equal(map.stripeprivatekey, "••••abcd");
      assert.equal(map.openaikeyaudio, "");
      assert.equal(JSON.stringify(b).includes("sk_test_1234567890abcd"), false);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[settings] PUT /settings/{key}", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const put = (key: string, value: unknown, token?: string) =>
      app.request(`/api/settings/${key}`, { method: "PUT", token, json: { value } });

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await put("userRating", "enabled"), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("a profile user → 403 ERR_NO_PERMISSION", async () => {
      const s = await login(app, await createUser(app, company.id));
      await expectError(await put("userRating", "enabled", s.token), 403, "ERR_NO_PERMISSION");
    });

    await t.step("an admin changes a company key; only his company sees it", async () => {
      const b = await expectOk<Setting>(await put("userRating", "enabled", adm.token));
      assert.deepEqual(b, { key: "userRating", value: "enabled" });
      await expectOk(await put("scheduleType", "queue", adm.token));
      await expectOk(await put("greetingAcceptedMessage", "Hello {{name}}", adm.token));
      const list = await expectOk<Setting[]>(await app.request("/api/settings", { token: adm.token }));
      const map = Object.fromEntries(list.map((s) => [s.key, s.value]));
      assert.equal(map.userRating, "enabled");
      assert.equal(map.scheduleType, "queue");
      assert.equal(map.greetingAcceptedMessage, "Hello {{name}}");

      const os = await login(app, other.admin);
      const theirs = await expectOk<Setting[]>(await app.request("/api/settings", { token: os.token }));
      const tmap = Object.fromEntries(theirs.map((s) => [s.key, s.value]));
      assert.equal(tmap.userRating, "disabled");
      assert.equal(tmap.scheduleType, "disabled");
      // Nor does the operator's company.
      assert.equal(await rawSetting(app, 1, "userRating"), "disabled");
      // The session payload (login, refresh, me) carries the new value.
      const me = await expectOk<Json>(await app.request("/api/auth/me", { token: adm.token }));
      assert.equal(((me.company as Json).settings as Json).userRating, "enabled");
    });

    await t.step("numbers and booleans are stored as text", async () => {
      const op = await login(app, OPERATOR);
      assert.deepEqual(
        await expectOk<Setting>(await put("downloadLimit", 128, op.token)),
        { key: "downloadLimit", value: "128" },
      );
    });

    await t.step("platform keys → 403 for a non-super admin", async () => {
      for (
        const [key, value] of [
          ["userCreation", "disabled"],
          ["allowSignup", "disabled"],
          ["appName", "Hijacked"],
          ["primaryColorLight", "#000000"],
          ["stripeprivatekey", "sk_live_evil"],
          ["facebookIdsecret", "evil"],
          ["downloadLimit", "2048"],
        ]
      ) {
        await expectError(await put(key, value, adm.token), 403, "ERR_NO_PERMISSION");
      }
      // Company 1's admins who are not the operator are refused too.
      const staff = await login(app, await createUser(app, 1, { profile: "admin" }));
      await expectError(await put("appName", "Hijacked", staff.token), 403, "ERR_NO_PERMISSION");
      const b = await expectOk<Setting>(await app.request("/api/public-settings/appName"));
      assert.equal(b.value, "Atende");
    });

    await t.step("an invalid value → 400 ERR_VALIDATION", async () => {
      const op = await login(app, OPERATOR);
      for (
        const [key, value, token] of [
          ["userRating", "maybe", adm.token],
          ["scheduleType", "weekly", adm.token],
          ["chatBotType", "voice", adm.token],
          ["greetingAcceptedMessage", "x".repeat(5001), adm.token],
          ["userCreation", "yes", op.token],
          ["downloadLimit", "100", op.token],
          ["primaryColorLight", "red", op.token],
        ] as const
      ) {
        const b = await expectError(await put(key, value, token), 400, "ERR_VALIDATION");
        assert.equal((b.details as Json[])[0].path, key);
      }
      await expectError(
        await app.request("/api/settings/userRating", { method: "PUT", token: adm.token, json: {} }),
        400,
        "ERR_VALIDATION",
      );
      const list = await expectOk<Setting[]>(await app.request("/api/settings", { token: adm.token }));
      assert.equal(list.find((s) => s.key === "chatBotType")?.value, "text");
    });

    await t.step("an unknown key → 404 ERR_NO_SETTING_FOUND", async () => {
      await expectError(await put("noSuchSetting", "x", adm.token), 404, "ERR_NO_SETTING_FOUND");
      await expectError(await put("__proto__", "x", adm.token), 404, "ERR_NO_SETTING_FOUND");
      await expectError(await put("constructor", "x", adm.token), 404, "ERR_NO_SETTING_FOUND");
    });

    await t.step("the operator changes platform keys (branding is public)", async () => {
      const op = await login(app, OPERATOR);
      await expectOk(await put("appName", "Suporte Já", op.token));
      await expectOk(await put("primaryColorDark", "#112233", op.token));
      assert.equal(
        (await expectOk<Setting>(await app.request("/api/public-settings/appName"))).value,
        "Suporte Já",
      );
      assert.equal(
        (await expectOk<Setting>(await app.request("/api/public-settings/primaryColorDark"))).value,
        "#112233",
      );
    });
  } finally {
    await app.close();
  }
});
