/** Contact tags (sync, unlink, contactTags) and tag changes on the company's sockets (spec 1 §7, DESIGN §4). */
import assert from "node:assert/strict";
import { contacts } from "@db/schema.ts";
import { createTestApp, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";

async function contact(t: TestApp, companyId: number, name: string, number: string) {
  const [c] = await t.deps.database.write((tx) =>
    tx.insert(contacts).values({ companyId, name, number }).returning()
  );
  return c;
}

Deno.test("[tags] contact tags: sync, unlink, contactTags", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(path, { method, token, json });
    const c = await contact(app, a.company.id, "Carla", "5511900002222");
    const foreignContact = await contact(app, b.company.id, "Bruno", "5511900003333");
    const existing = await expectOk<Json>(
      await req("/api/tags", a.adminToken, "POST", { name: "Existing" }),
      201,
    );
    const foreignTag = await expectOk<Json>(
      await req("/api/tags", b.adminToken, "POST", { name: "Theirs" }),
      201,
    );

    await t.step(
      "sync replaces the set; unknown names are created; answers the contact with its tags",
      async () => {
        const r = await expectOk<Json>(
          await req("/api/tags/sync", a.userToken, "POST", {
            contactId: c.id,
            tags: [{ id: existing.id }, { name: "Brand New" }, { name: "Existing" }],
          }),
        );
        assert.equal(r.id, c.id);
        assert.deepEqual((r.tags as Json[]).map((x) => x.name), ["Brand New", "Existing"]);
        const again = await expectOk<Json>(
          await req("/api/tags/sync", a.userToken, "POST", {
            contactId: c.id,
            tags: [{ name: "Brand New" }],
          }),
        );
        assert.deepEqual((again.tags as Json[]).map((x) => x.name), ["Brand New"]);
        const all = await expectOk<Json[]>(await req("/api/tags/list", a.userToken));
        assert.equal(all.filter((x) => x.name === "Brand New").length, 1);
      },
    );

    await t.step("sync: foreign contact or tag → 404; short new name → 400", async () => {
      await expectError(
        await req("/api/tags/sync", a.userToken, "POST", { contactId: foreignContact.id, tags: [] }),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
      await expectError(
        await req("/api/tags/sync", a.userToken, "POST", { contactId: c.id, tags: [{ id: foreignTag.id }] }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await req("/api/tags/sync", a.userToken, "POST", { contactId: c.id, tags: [{ name: "ab" }] }),
        400,
        "ERR_VALIDATION",
      );
    });

    await t.step("GET /contactTags/:contactId → {tags: boolean, contactTags}; foreign → 404", async () => {
      const r = await expectOk<Json>(await req(`/api/contactTags/${c.id}`, a.userToken));
      assert.equal(r.tags, true);
      assert.deepEqual((r.contactTags as Json[]).map((x) => x.name), ["Brand New"]);
      await expectError(
        await req(`/api/contactTags/${foreignContact.id}`, a.userToken),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
    });

    await t.step("DELETE /tags-contacts/:tagId/:contactId unlinks; foreign ids → 404", async () => {
      const brandNew = (await expectOk<Json[]>(await req("/api/tags/list", a.userToken))).find((x) =>
        x.name === "Brand New"
      )!;
      await expectError(
        await req(`/api/tags-contacts/${brandNew.id}/${foreignContact.id}`, a.userToken, "DELETE"),
        404,
        "ERR_NO_CONTACT_FOUND",
      );
      await expectError(
        await req(`/api/tags-contacts/${foreignTag.id}/${c.id}`, a.userToken, "DELETE"),
        404,
        "ERR_NOT_FOUND",
      );
      assert.equal(
        (await req(`/api/tags-contacts/${brandNew.id}/${c.id}`, a.userToken, "DELETE")).status,
        204,
      );
      const r = await expectOk<Json>(await req(`/api/contactTags/${c.id}`, a.userToken));
      assert.deepEqual(r, { tags: false, contactTags: [] });
    });
  } finally {
    await app.close();
  }
});

Deno.test("[tags] a tag change reaches the same company's sockets only", async (t) => {
  const srv = await startTestServer();
  const a = await createTenant(srv);
  const b = await createTenant(srv);
  const wsA = await connectWs(srv.wsUrl, a.userToken);
  const wsB = await connectWs(srv.wsUrl, b.userToken);
  try {
    await t.step(
      "create → {event: company-{id}-tag and company{id}-tag, data: {action: create, tag}}",
      async () => {
        const tag = await expectOk<Json>(
          await srv.request("/api/tags", { method: "POST", token: a.userToken, json: { name: "Live tag" } }),
          201,
        );
        const f = await wsA.next((f) =>
          f.event === `company-${a.company.id}-tag` && f.data?.action === "create"
        );
        assert.equal((f.data!.tag as Json).id, tag.id);
        assert.equal((f.data!.tag as Json).name, "Live tag");
        // The same frame under the spec's undashed name, which its client also listens for.
        const u = await wsA.next((f) =>
          f.event === `company${a.company.id}-tag` && f.data?.action === "create"
        );
        assert.deepEqual(u.data, f.data);
        await settle();
        assert.ok(!wsB.frames.some((f) => String(f.event ?? "").endsWith("-tag")));
      },
    );

    await t.step("delete → {action: delete, tagId}", async () => {
      const tag = await expectOk<Json>(
        await srv.request("/api/tags", {
          method: "POST",
          token: a.adminToken,
          json: { name: "Short lived" },
        }),
        201,
      );
      assert.equal(
        (await srv.request(`/api/tags/${tag.id}`, { method: "DELETE", token: a.adminToken })).status,
        204,
      );
      const f = await wsA.next((f) =>
        f.event === `company-${a.company.id}-tag` && f.data?.action === "delete"
      );
      assert.equal(f.data!.tagId, tag.id);
      const u = await wsA.next((f) =>
        f.event === `company${a.company.id}-tag` && f.data?.action === "delete"
      );
      assert.equal(u.data!.tagId, tag.id);
    });
  } finally {
    await wsA.close();
    await wsB.close();
    await srv.close();
  }
});
