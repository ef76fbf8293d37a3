/**
 * GET /companySettings/{id}, GET /companySettingOne?column=, PUT /companySettings {column, data}
 * (spec 1 §7, spec 2 §7). The reference interpolated `column` into SQL; here it is a known key.
 */
import assert from "node:assert/strict";
import { createTestApp, OPERATOR } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { rawSetting } from "../_helpers/tenant.ts";

Deno.test("[settings] GET /companySettings/{id}", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const agent = await login(app, await createUser(app, company.id));

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await app.request(`/api/companySettings/${company.id}`), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("own id → the company's keys as one object (admin and user)", async () => {
      await expectOk(
        await app.request("/api/settings/lgpdHideNumber", {
          method: "PUT",
          token: adm.token,
          json: { value: "enabled" },
        }),
      );
      for (const token of [adm.token, agent.token]) {
        const b = await expectOk<Json>(await app.request(`/api/companySettings/${company.id}`, { token }));
        assert.equal(b.lgpdHideNumber, "enabled");
        assert.equal(b.sendSignMessage, "enabled");
        assert.equal("userCreation" in b, false);
        assert.equal("stripeprivatekey" in b, false);
      }
    });

    await t.step("another company's id → 404 ERR_NOT_FOUND, like a missing one", async () => {
      for (const token of [adm.token, agent.token]) {
        const foreign = await expectError(
          await app.request(`/api/companySettings/${other.company.id}`, { token }),
          404,
          "ERR_NOT_FOUND",
        );
        const missing = await expectError(
          await app.request(`/api/companySettings/99999999`, { token }),
          404,
          "ERR_NOT_FOUND",
        );
        assert.deepEqual(foreign, missing);
      }
    });

    await t.step("the operator may read any existing company; a missing one → 404", async () => {
      const op = await login(app, OPERATOR);
      const b = await expectOk<Json>(
        await app.request(`/api/companySettings/${company.id}`, { token: op.token }),
      );
      assert.equal(b.lgpdHideNumber, "enabled");
      await expectError(
        await app.request(`/api/companySettings/99999999`, { token: op.token }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await t.step("a non-numeric id → 400 ERR_VALIDATION", async () => {
      await expectError(
        await app.request(`/api/companySettings/abc`, { token: adm.token }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await app.close();
  }
});

Deno.test("[settings] GET /companySettingOne", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const agent = await login(app, await createUser(app, company.id));

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(
        await app.request("/api/companySettingOne?column=sendSignMessage"),
        401,
        "ERR_UNAUTHENTICATED",
      );
    });

    await t.step("any user gets {[column]: value} of his own company", async () => {
      await expectOk(
        await app.request("/api/settings/sendSignMessage", {
          method: "PUT",
          token: adm.token,
          json: { value: "disabled" },
        }),
      );
      assert.deepEqual(
        await expectOk(
          await app.request("/api/companySettingOne?column=sendSignMessage", { token: agent.token }),
        ),
        { sendSignMessage: "disabled" },
      );
      const os = await login(app, other.admin);
      assert.deepEqual(
        await expectOk(
          await app.request("/api/companySettingOne?column=sendSignMessage", { token: os.token }),
        ),
        { sendSignMessage: "enabled" },
      );
    });

    await t.step("unknown, platform or injected columns → 404; missing column → 400", async () => {
      for (
        const column of [
          "nope",
          "userCreation",
          "stripeprivatekey",
          `sendSignMessage"; DROP TABLE settings; --`,
        ]
      ) {
        await expectError(
          await app.request(`/api/companySettingOne?column=${encodeURIComponent(column)}`, {
            token: agent.token,
          }),
          404,
          "ERR_NO_SETTING_FOUND",
        );
      }
      await expectError(
        await app.request("/api/companySettingOne", { token: agent.token }),
        400,
        "ERR_VALIDATION",
      );
    });
  } finally {
    await app.close();
  }
});

Deno.test("[settings] PUT /companySettings", async (t) => {
  const app = await createTestApp();
  try {
    const { company, admin } = await createCompany(app);
    const other = await createCompany(app);
    const adm = await login(app, admin);
    const put = (json: unknown, token?: string) =>
      app.request("/api/companySettings", { method: "PUT", token, json });

    await t.step("401 ERR_UNAUTHENTICATED without a token", async () => {
      await expectError(await put({ column: "requiredTag", data: "enabled" }), 401, "ERR_UNAUTHENTICATED");
    });

    await t.step("a profile user → 403 ERR_NO_PERMISSION", async () => {
      const s = await login(app, await createUser(app, company.id));
      await expectError(
        await put({ column: "requiredTag", data: "enabled" }, s.token),
        403,
        "ERR_NO_PERMISSION",
      );
    });

    await t.step("an admin → {[column]: data}, stored for his company only", async () => {
      assert.deepEqual(
        await expectOk(await put({ column: "requiredTag", data: "enabled" }, adm.token)),
        { requiredTag: "enabled" },
      );
      assert.equal(await rawSetting(app, company.id, "requiredTag"), "enabled");
      assert.equal(await rawSetting(app, other.company.id, "requiredTag"), "disabled");
    });

    await t.step("a body companyId is ignored", async () => {
      await expectOk(
        await put(
          { column: "closeTicketOnTransfer", data: "enabled", companyId: other.company.id },
          adm.token,
        ),
      );
      assert.equal(await rawSetting(app, company.id, "closeTicketOnTransfer"), "enabled");
      assert.equal(await rawSetting(app, other.company.id, "closeTicketOnTransfer"), "disabled");
    });

    await t.step("platform keys → 403 for an admin; invalid → 400; unknown → 404", async () => {
      await expectError(
        await put({ column: "userCreation", data: "disabled" }, adm.token),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await put({ column: "requiredTag", data: "sometimes" }, adm.token),
        400,
        "ERR_VALIDATION",
      );
      await expectError(await put({ column: "requiredTag" }, adm.token), 400, "ERR_VALIDATION");
      await expectError(
        await put({ column: `requiredTag"='x'; --`, data: "enabled" }, adm.token),
        404,
        "ERR_NO_SETTING_FOUND",
      );
    });

    await t.step("the operator writes a secret through it: sealed and masked", async () => {
      const op = await login(app, OPERATOR);
      assert.deepEqual(
        await expectOk(await put({ column: "mpaccesstoken", data: "APP_USR-123456789-abcdef" }, op.token)),
        { mpaccesstoken: "••••cdef" },
      );
      assert.ok((await rawSetting(app, 1, "mpaccesstoken"))?.startsWith("enc:v1:"));
    });
  } finally {
    await app.close();
  }
});
