/** POST /api/contacts/upload (xlsx import) and GET /api/contacts/export (xlsx download). */
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { contacts, tickets } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { createConnection } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function sheet(rows: unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Plan1");
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

function upload(bytes: Uint8Array | string, name: string, type = XLSX) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name, { type }));
  return form;
}

Deno.test("[contacts] import from xlsx and export to xlsx", async (t) => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    await app.deps.database.write((tx) =>
      tx.insert(contacts).values([
        { companyId: a.company.id, name: "Old Name", number: "5511900000001" },
        { companyId: a.company.id, name: "Same", number: "5511900000002", email: "same@x.com" },
      ])
    );
    const post = (form: FormData, token = a.userToken) =>
      app.request("/api/contacts/upload", { method: "POST", token, body: form });

    await t.step("Portuguese headers in any case; dedupe by number; counts and row errors", async () => {
      const bytes = await sheet([
        ["NOME", "Número", "E-mail"],
        ["Carla", "+55 (11) 90000-0003", "carla@x.com"],
        ["Carla again", "5511900000003", ""],
        ["New Name", "5511900000001", "new@x.com"],
        ["Same", "5511900000002", "same@x.com"],
        ["Bad", "12345", ""],
        [null, null, null],
        ["", 5511900000004, ""],
      ]);
      const r = await expectOk<Json>(await post(upload(bytes, "contatos.xlsx")));
      assert.equal(r.created, 2);
      assert.equal(r.updated, 1);
      assert.equal(r.skipped, 2);
      assert.deepEqual((r.errors as Json[]).map((e) => e.row), [6]);
      const list = await expectOk<Json[]>(await app.request("/api/contacts/list", { token: a.adminToken }));
      const byNumber = new Map(list.map((c) => [c.number, c.name]));
      assert.equal(byNumber.get("5511900000003"), "Carla");
      assert.equal(byNumber.get("5511900000001"), "New Name");
      assert.equal(byNumber.get("5511900000004"), "5511900000004");
      const otherCompany = await expectOk<Json[]>(
        await app.request("/api/contacts/list", { token: b.adminToken }),
      );
      assert.equal(otherCompany.length, 0);
    });

    await t.step("English headers work too", async () => {
      const bytes = await sheet([["email", "name", "number"], ["e@x.com", "Eve", "5511900000005"]]);
      const r = await expectOk<Json>(await post(upload(bytes, "contacts.xlsx")));
      assert.equal(r.created, 1);
    });

    // A third company, so the counts of the export steps below stay those of company a.
    const c = await createTenant(app);
    await t.step("a .csv is read too; another file type is refused with 415", async () => {
      const r = await expectOk<Json>(
        await post(upload("name,number\nZed,5511900000009\n", "contacts.csv", "text/csv"), c.userToken),
      );
      assert.equal(r.created, 1);
      await expectError(await post(upload("x", "contacts.txt", "text/plain")), 415, "ERR_UNSUPPORTED_MEDIA");
    });

    await t.step("a legacy .xls (BIFF8) is read: numeric cells keep their digits; row errors", async () => {
      const bytes = Deno.readFileSync(new URL("../spreadsheet/fixtures/contacts.xls", import.meta.url));
      const r = await expectOk<Json>(
        await post(upload(bytes, "contatos.xls", "application/vnd.ms-excel"), c.userToken),
      );
      assert.equal(r.created, 201);
      assert.deepEqual((r.errors as Json[]).map((e) => [e.row, e.value]), [[202, "abc"]]);
      const list = await expectOk<Json[]>(await app.request("/api/contacts/list", { token: c.adminToken }));
      const byNumber = new Map(list.map((x) => [x.number, x.name]));
      assert.equal(byNumber.get("5511988000000"), "Maria Silva 1");
      assert.equal(byNumber.get("5511988000001"), "José Gonçalves 2");
      assert.equal(byNumber.get("5511977000001"), "E-mail ruim");
    });

    await t.step("a damaged .xls answers 400 with the reason, never 500", async () => {
      const bytes = Deno.readFileSync(new URL("../spreadsheet/fixtures/contacts.xls", import.meta.url));
      const cut = await expectError(await post(upload(bytes.slice(0, 2048), "c.xls")), 400, "ERR_VALIDATION");
      assert.match(String(cut.message), /xls/);
      const fake = new TextEncoder().encode("<html>not excel</html>");
      await expectError(await post(upload(fake, "c.xls")), 400, "ERR_VALIDATION");
    });

    await t.step(
      "an .xlsx that is not a spreadsheet → 400; no number column → 400; no file → 400",
      async () => {
        await expectError(await post(upload("garbage", "contacts.xlsx")), 400, "ERR_VALIDATION");
        await expectError(
          await post(upload(await sheet([["name", "email"], ["Zed", "z@x.com"]]), "c.xlsx")),
          400,
          "ERR_VALIDATION",
        );
        await expectError(await post(new FormData()), 400, "ERR_VALIDATION");
      },
    );

    await t.step("export downloads a readable xlsx with the company's contacts", async () => {
      const res = await app.request("/api/contacts/export", { token: a.userToken });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), XLSX);
      assert.match(res.headers.get("content-disposition") ?? "", /attachment; filename="contacts\.xlsx"/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const ws = wb.worksheets[0];
      assert.deepEqual([1, 2, 3].map((i) => ws.getRow(1).getCell(i).text), ["name", "number", "email"]);
      const rows: string[][] = [];
      ws.eachRow((row, i) =>
        i > 1 && rows.push([row.getCell(1).text, row.getCell(2).text, row.getCell(3).text])
      );
      assert.equal(rows.length, 5);
      assert.ok(rows.some((r) => r[0] === "Carla" && r[1] === "5511900000003" && r[2] === "carla@x.com"));
    });

    await t.step("the export round-trips through the import (nothing new)", async () => {
      const res = await app.request("/api/contacts/export", { token: a.adminToken });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const r = await expectOk<Json>(await post(upload(bytes, "contacts.xlsx")));
      assert.equal(r.created, 0);
      assert.equal(r.updated, 0);
      assert.equal(r.skipped, 5);
    });
  } finally {
    await app.close();
  }
});

Deno.test("[contacts] an import that gives a phone contact the address of an e-mail contact makes them one", async () => {
  const app = await createTestApp();
  try {
    const a = await createTenant(app);
    const conn = await createConnection(app, a.company.id);
    // Two customers first met by e-mail (their number is the address), each with a conversation.
    const [ana, bia] = await app.deps.database.write((tx) =>
      tx.insert(contacts).values([
        {
          companyId: a.company.id,
          name: "ana@cliente.com",
          number: "ana@cliente.com",
          email: "ana@cliente.com",
        },
        {
          companyId: a.company.id,
          name: "bia@cliente.com",
          number: "bia@cliente.com",
          email: "bia@cliente.com",
        },
      ]).returning()
    );
    const [phoneBia] = await app.deps.database.write((tx) =>
      tx.insert(contacts).values({ companyId: a.company.id, name: "Bia", number: "5511900000020" })
        .returning()
    );
    await app.deps.database.write((tx) =>
      tx.insert(tickets).values([
        { companyId: a.company.id, contactId: ana.id, whatsappId: conn.id, status: "closed" },
        { companyId: a.company.id, contactId: bia.id, whatsappId: conn.id, status: "closed" },
      ])
    );
    const bytes = await sheet([
      ["name", "number", "email"],
      ["Ana", "5511900000010", "ANA@cliente.com"], // a new phone contact
      ["Bia", "5511900000020", "bia@cliente.com"], // a known one, given the address
      ["Caio", "5511900000030", "caio@cliente.com"], // nobody met by that address
    ]);
    const r = await expectOk<Json>(
      await app.request("/api/contacts/upload", {
        method: "POST",
        token: a.userToken,
        body: upload(bytes, "contatos.xlsx"),
      }),
    );
    assert.deepEqual([r.created, r.updated], [2, 1]);
    const rows = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, a.company.id));
    assert.deepEqual(rows.map((c) => c.number).sort(), ["5511900000010", "5511900000020", "5511900000030"]);
    const phoneAna = rows.find((c) => c.number === "5511900000010")!;
    const moved = await app.deps.db.select().from(tickets).where(eq(tickets.companyId, a.company.id));
    assert.deepEqual(
      moved.map((t) => t.contactId).sort(),
      [phoneAna.id, phoneBia.id].sort(),
      "each e-mail contact's conversation now belongs to the phone contact",
    );
  } finally {
    await app.close();
  }
});
