/** LGPD number masking (spec 1 §6, spec 2 §6): profile users see ****…NN, admins the number. */
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Buffer } from "node:buffer";
import { contacts, contactTags, tags } from "@db/schema.ts";
import { maskNumber } from "@/lib/lgpd.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant, setCompanySetting } from "../_helpers/tenant.ts";
import { expectOk, type Json } from "../_helpers/http.ts";

Deno.test("[contacts] lgpdHideNumber masks numbers for profile users in every contact response", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const [person, group] = await app.deps.database.write((tx) =>
      tx.insert(contacts).values([
        {
          companyId: a.company.id,
          name: "Pessoa",
          number: "5511987654321",
          remoteJid: "5511987654321@s.whatsapp.net",
        },
        { companyId: a.company.id, name: "Grupo", number: "120363025246125486", isGroup: true },
      ]).returning()
    );
    const [tag] = await app.deps.database.write((tx) =>
      tx.insert(tags).values({ companyId: a.company.id, name: "VIP", color: "#ff0000" }).returning()
    );
    await app.deps.database.write((tx) =>
      tx.insert(contactTags).values({ companyId: a.company.id, contactId: person.id, tagId: tag.id })
    );
    const get = <T = Json>(path: string, token: string) =>
      app.request(path, { token }).then((r) => expectOk<T>(r));
    const masked = "***********21";

    await t.step("maskNumber keeps the last two characters", () => {
      assert.equal(maskNumber("5511987654321"), masked);
      assert.equal(maskNumber("12"), "12");
    });

    await t.step("setting disabled: everyone sees the number", async () => {
      const c = await get(`/api/contacts/${person.id}`, a.userToken);
      assert.equal(c.number, person.number);
    });

    await setCompanySetting(app, a.company.id, "lgpdHideNumber", "enabled");

    await t.step(
      "profile user: masked in list, show, /list, tag members; the JID is hidden too",
      async () => {
        const page = await get<{ contacts: Json[] }>(`/api/contacts`, a.userToken);
        const p = page.contacts.find((c) => c.id === person.id)!;
        assert.equal(p.number, masked);
        assert.equal(p.remoteJid, null);
        const shown = await get(`/api/contacts/${person.id}`, a.userToken);
        assert.equal(shown.number, masked);
        const refs = await get<Json[]>(`/api/contacts/list`, a.userToken);
        assert.equal(refs.find((c) => c.id === person.id)!.number, masked);
        const tagShown = await get<{ contacts: Json[] }>(`/api/tags/${tag.id}`, a.userToken);
        assert.deepEqual(tagShown.contacts, [{ id: person.id, name: "Pessoa", number: masked }]);
        const synced = await expectOk<Json>(
          await app.request("/api/tags/sync", {
            method: "POST",
            token: a.userToken,
            json: { contactId: person.id, tags: [{ id: tag.id }] },
          }),
        );
        assert.equal(synced.number, masked);
      },
    );

    await t.step("groups are never masked", async () => {
      const g = await get(`/api/contacts/${group.id}`, a.userToken);
      assert.equal(g.number, group.number);
    });

    await t.step("admin sees the full number", async () => {
      const c = await get(`/api/contacts/${person.id}`, a.adminToken);
      assert.equal(c.number, person.number);
      assert.equal(c.remoteJid, person.remoteJid);
      const tagShown = await get<{ contacts: Json[] }>(`/api/tags/${tag.id}`, a.adminToken);
      assert.equal(tagShown.contacts[0].number, person.number);
    });

    await t.step("a masked user cannot find contacts by the hidden digits", async () => {
      const byDigits = await get<{ count: number }>(`/api/contacts?searchParam=98765`, a.userToken);
      assert.equal(byDigits.count, 0);
      const byName = await get<{ count: number }>(`/api/contacts?searchParam=pess`, a.userToken);
      assert.equal(byName.count, 1);
      const admin = await get<{ count: number }>(`/api/contacts?searchParam=98765`, a.adminToken);
      assert.equal(admin.count, 1);
    });

    await t.step("saving the form back with the masked number keeps the stored one", async () => {
      const c = await expectOk<Json>(
        await app.request(`/api/contacts/${person.id}`, {
          method: "PUT",
          token: a.userToken,
          json: { name: "Pessoa Editada", number: masked },
        }),
      );
      assert.equal(c.name, "Pessoa Editada");
      assert.equal(c.number, masked);
      const admin = await get(`/api/contacts/${person.id}`, a.adminToken);
      assert.equal(admin.number, person.number);
    });

    await t.step("the export is masked for the profile user, full for the admin", async () => {
      const read = async (token: string) => {
        const res = await app.request("/api/contacts/export", { token });
        assert.equal(res.status, 200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
        const numbers: string[] = [];
        wb.worksheets[0].eachRow((row, i) => i > 1 && numbers.push(row.getCell(2).text));
        return numbers;
      };
      assert.ok((await read(a.userToken)).includes(masked));
      assert.ok((await read(a.adminToken)).includes(person.number));
    });
  } finally {
    await app.close();
  }
});
