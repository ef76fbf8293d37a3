/**
 * /api/contacts list: full-text search (accent-insensitive name prefixes, digits anywhere, FTS syntax taken
 * literally), channel and isGroup filters, 40 per page with count and hasMore (spec 1 §2).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { insertContacts, type Page } from "./_contacts.ts";

Deno.test("[contacts] list: full-text search, filters and paging", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    await insertContacts(app, a.company.id, [
      { name: "José da Silva", number: "5511912345678" },
      { name: "Joséfa Souza", number: "5521988887777" },
      { name: "Maria Oliveira", number: "5531977776666", email: "maria@x.com" },
      { name: "Grupo Vendas", number: "120363025246125486", isGroup: true },
      { name: "Insta Fan", number: "17841400000000", channel: "instagram" },
    ]);
    await insertContacts(app, b.company.id, [{ name: "José de B", number: "5511912345679" }]);
    const list = (q: string) => app.request(`/api/contacts?${q}`, { token: a.userToken });
    const names = (p: Page) => p.contacts.map((c) => c.name).sort();

    await t.step("words match name prefixes, accent-insensitively, in the company only", async () => {
      assert.deepEqual(names(await expectOk<Page>(await list("searchParam=jose"))), [
        "José da Silva",
        "Joséfa Souza",
      ]);
      assert.deepEqual(names(await expectOk<Page>(await list("searchParam=jos%20silv"))), ["José da Silva"]);
      assert.deepEqual(names(await expectOk<Page>(await list("searchParam=OLIVEIRA"))), ["Maria Oliveira"]);
    });

    await t.step("digits match anywhere in the number", async () => {
      assert.deepEqual(names(await expectOk<Page>(await list("searchParam=8887777"))), ["Joséfa Souza"]);
      assert.deepEqual(names(await expectOk<Page>(await list("searchParam=(31)%209777"))), [
        "Maria Oliveira",
      ]);
    });

    await t.step(
      "digits follow the number's edits and deletes (the trigram index stays in step)",
      async () => {
        const [c] = await insertContacts(app, a.company.id, [{
          name: "Renato Trigram",
          number: "5541933332222",
        }]);
        assert.deepEqual(names(await expectOk<Page>(await list("searchParam=9333322"))), ["Renato Trigram"]);
        await app.deps.database.write((tx) =>
          tx.update(contacts).set({ number: "5541944445555" }).where(eq(contacts.id, c.id))
        );
        assert.deepEqual(names(await expectOk<Page>(await list("searchParam=9333322"))), []);
        assert.deepEqual(names(await expectOk<Page>(await list("searchParam=4444555"))), ["Renato Trigram"]);
        // A rename leaves the number index alone (its trigger fires on number only).
        await app.deps.database.write((tx) =>
          tx.update(contacts).set({ name: "Renato Trigrama" }).where(eq(contacts.id, c.id))
        );
        assert.deepEqual(names(await expectOk<Page>(await list("searchParam=4444555"))), ["Renato Trigrama"]);
        await app.deps.database.write((tx) => tx.delete(contacts).where(eq(contacts.id, c.id)));
        assert.deepEqual(names(await expectOk<Page>(await list("searchParam=4444555"))), []);
        // Another company's number with the same digits is never found.
        await insertContacts(app, b.company.id, [{ name: "Renato de B", number: "5541944445555" }]);
        assert.deepEqual(names(await expectOk<Page>(await list("searchParam=4444555"))), []);
      },
    );

    await t.step("FTS syntax in the input is taken literally (no 500, no injection)", async () => {
      for (const s of ['"', "jose OR maria", "*", "NEAR(a b)", 'a"b', "-", "%", "_"]) {
        const p = await expectOk<Page>(await list(`searchParam=${encodeURIComponent(s)}`));
        assert.ok(Array.isArray(p.contacts), s);
      }
      assert.equal((await expectOk<Page>(await list("searchParam=jose%20OR%20maria"))).count, 0);
    });

    await t.step("channel and isGroup filters", async () => {
      assert.deepEqual(names(await expectOk<Page>(await list("channel=instagram"))), ["Insta Fan"]);
      assert.deepEqual(names(await expectOk<Page>(await list("isGroup=true"))), ["Grupo Vendas"]);
      assert.equal((await expectOk<Page>(await list("isGroup=false"))).count, 4);
      await expectError(await list("channel=telegram"), 400, "ERR_VALIDATION");
    });

    await t.step("40 per page with count and hasMore", async () => {
      await insertContacts(
        app,
        a.company.id,
        Array.from(
          { length: 40 },
          (_, i) => ({ name: `Bulk ${String(i).padStart(2, "0")}`, number: `55119000${i}0000` }),
        ),
      );
      const p1 = await expectOk<Page>(await list("pageNumber=1"));
      assert.equal(p1.contacts.length, 40);
      assert.equal(p1.count, 45);
      assert.equal(p1.hasMore, true);
      const p2 = await expectOk<Page>(await list("pageNumber=2"));
      assert.equal(p2.contacts.length, 5);
      assert.equal(p2.hasMore, false);
      assert.ok(p1.contacts.every((c) => Array.isArray(c.tags) && Array.isArray(c.extraInfo)));
      await expectError(await list("pageNumber=0"), 400, "ERR_VALIDATION");
    });
  } finally {
    await app.close();
  }
});
