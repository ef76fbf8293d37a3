/**
 * /api/contacts CRUD, toggles, tenancy and permissions (spec 1 §2, §3, §5, §7; DESIGN §4). The list's
 * search, filters and paging: contacts_search_test.ts.
 */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { insertContacts } from "./_contacts.ts";

Deno.test("[contacts] CRUD, validation, tenancy and permissions", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const [foreign] = await insertContacts(app, b.company.id, [{
      name: "Outsider",
      number: "5599000000001",
    }]);

    await t.step("401 ERR_UNAUTHENTICATED on every route without a token", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/contacts"],
        ["GET", "/api/contacts/list"],
        ["GET", "/api/contacts/1"],
        ["GET", "/api/contacts/profile/5511999998888"],
        ["GET", "/api/contacts/export"],
        ["POST", "/api/contacts"],
        ["POST", "/api/contacts/upload"],
        ["PUT", "/api/contacts/1"],
        ["DELETE", "/api/contacts/1"],
        ["PUT", "/api/contacts/toggleAcceptAudio/1"],
        ["PUT", "/api/contacts/block/1"],
        ["PUT", "/api/contacts/toggleDisableBot/1"],
      ]);
    });

    let id = 0;
    await t.step(
      "POST creates: number stripped to digits, extraInfo kept, companyId from the session",
      async () => {
        const c = await expectOk<Json>(
          await app.request("/api/contacts", {
            method: "POST",
            token: a.userToken,
            json: {
              name: "  Ana Lima ",
              number: "+55 (11) 98765-4321",
              email: "ANA@Example.com",
              companyId: b.company.id,
              extraInfo: [{ name: "CPF", value: "123" }, { name: "Cidade", value: "SP" }],
            },
          }),
          201,
        );
        id = c.id as number;
        assert.equal(c.name, "Ana Lima");
        assert.equal(c.number, "5511987654321");
        assert.equal(c.email, "ana@example.com");
        assert.equal(c.companyId, a.company.id);
        assert.deepEqual((c.extraInfo as Json[]).map((e) => [e.name, e.value]), [["CPF", "123"], [
          "Cidade",
          "SP",
        ]]);
        assert.deepEqual(c.tags, []);
        assert.equal(c.active, true);
      },
    );

    await t.step("POST validation: short name, too few digits, bad e-mail → 400 ERR_VALIDATION", async () => {
      for (
        const json of [
          { name: "A", number: "5511987654322" },
          { name: "Bob", number: "(11) 9876" },
          { name: "Bob", number: "1".repeat(51) },
          { name: "Bob", number: "5511987654322", email: "not-an-email" },
          { name: "Bob" },
          { name: "Bob", number: "5511987654322", extraInfo: [{ value: "x" }] },
        ]
      ) {
        await expectError(
          await app.request("/api/contacts", { method: "POST", token: a.userToken, json }),
          400,
          "ERR_VALIDATION",
        );
      }
    });

    await t.step(
      "the same number twice → 409 ERR_DUPLICATED_CONTACT (another company may have it)",
      async () => {
        await expectError(
          await app.request("/api/contacts", {
            method: "POST",
            token: a.adminToken,
            json: { name: "Ana again", number: "5511987654321" },
          }),
          409,
          "ERR_DUPLICATED_CONTACT",
        );
        await expectOk(
          await app.request("/api/contacts", {
            method: "POST",
            token: b.adminToken,
            json: { name: "Ana at B", number: "5511987654321" },
          }),
          201,
        );
      },
    );

    await t.step("GET /:id returns tags and extraInfo; another company's id → 404", async () => {
      const c = await expectOk<Json>(await app.request(`/api/contacts/${id}`, { token: a.userToken }));
      assert.equal(c.id, id);
      assert.equal((c.extraInfo as Json[]).length, 2);
      await expectError(
        await app.request(`/api/contacts/${foreign.id}`, { token: a.adminToken }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
      await expectError(
        await app.request(`/api/contacts/abc`, { token: a.adminToken }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("PUT updates and replaces extraInfo; duplicate number → 409; foreign → 404", async () => {
      const c = await expectOk<Json>(
        await app.request(`/api/contacts/${id}`, {
          method: "PUT",
          token: a.userToken,
          json: {
            name: "Ana Paula",
            number: "55 11 98765 4321",
            extraInfo: [{ name: "Plano", value: "Ouro" }],
          },
        }),
      );
      assert.equal(c.name, "Ana Paula");
      assert.deepEqual((c.extraInfo as Json[]).map((e) => e.name), ["Plano"]);
      const [other] = await insertContacts(app, a.company.id, [{ name: "Other", number: "5511911112222" }]);
      await expectError(
        await app.request(`/api/contacts/${other.id}`, {
          method: "PUT",
          token: a.userToken,
          json: { number: "5511987654321" },
        }),
        409,
        "ERR_DUPLICATED_CONTACT",
      );
      await expectError(
        await app.request(`/api/contacts/${id}`, {
          method: "PUT",
          token: a.userToken,
          json: { number: "123" },
        }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await app.request(`/api/contacts/${foreign.id}`, {
          method: "PUT",
          token: a.adminToken,
          json: { name: "Hack" },
        }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
    });

    await t.step("toggleAcceptAudio, block and toggleDisableBot", async () => {
      const audio = await expectOk<Json>(
        await app.request(`/api/contacts/toggleAcceptAudio/${id}`, {
          method: "PUT",
          token: a.userToken,
          json: { acceptAudioMessage: false },
        }),
      );
      assert.equal(audio.acceptAudioMessage, false);
      const blocked = await expectOk<Json>(
        await app.request(`/api/contacts/block/${id}`, {
          method: "PUT",
          token: a.userToken,
          json: { active: false },
        }),
      );
      assert.equal(blocked.active, false);
      const bot1 = await expectOk<Json>(
        await app.request(`/api/contacts/toggleDisableBot/${id}`, { method: "PUT", token: a.userToken }),
      );
      assert.equal(bot1.disableBot, true);
      const bot2 = await expectOk<Json>(
        await app.request(`/api/contacts/toggleDisableBot/${id}`, { method: "PUT", token: a.userToken }),
      );
      assert.equal(bot2.disableBot, false);
      await expectError(
        await app.request(`/api/contacts/block/${id}`, {
          method: "PUT",
          token: a.userToken,
          json: { active: "no" },
        }),
        400,
        "ERR_VALIDATION",
      );
      for (const path of ["toggleAcceptAudio", "block", "toggleDisableBot"]) {
        const json = path === "block" ? { active: true } : { acceptAudioMessage: true };
        await expectError(
          await app.request(`/api/contacts/${path}/${foreign.id}`, {
            method: "PUT",
            token: a.adminToken,
            json,
          }),
          404,
          "ERR_NO_CONTACT_FOUND",
        );
      }
    });

    await t.step("GET /profile/:number finds by digits; unknown or foreign → 404", async () => {
      const p = await expectOk<Json>(
        await app.request(`/api/contacts/profile/${encodeURIComponent("+55 11 98765-4321")}`, {
          token: a.userToken,
        }),
      );
      assert.deepEqual(p, { contactId: id, urlPicture: null });
      await expectError(
        await app.request(`/api/contacts/profile/5500000000000`, { token: a.userToken }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
      await expectError(
        await app.request(`/api/contacts/profile/${foreign.number}`, { token: a.userToken }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
    });

    await t.step("GET /list → [{id, name, number}] of the company only", async () => {
      const list = await expectOk<Json[]>(await app.request("/api/contacts/list", { token: a.userToken }));
      assert.ok(list.length >= 2);
      assert.deepEqual(Object.keys(list[0]).sort(), ["id", "name", "number"]);
      assert.ok(!list.some((c) => c.id === foreign.id));
    });

    await t.step("DELETE: a profile user → 403 ERR_NO_PERMISSION; admin → 204; foreign → 404", async () => {
      await expectError(
        await app.request(`/api/contacts/${id}`, { method: "DELETE", token: a.userToken }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request(`/api/contacts/${foreign.id}`, { method: "DELETE", token: a.adminToken }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
      const res = await app.request(`/api/contacts/${id}`, { method: "DELETE", token: a.adminToken });
      assert.equal(res.status, 204);
      await expectError(
        await app.request(`/api/contacts/${id}`, { token: a.adminToken }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
      await expectOk(await app.request(`/api/contacts/${foreign.id}`, { token: b.adminToken }));
    });
  } finally {
    await app.close();
  }
});
