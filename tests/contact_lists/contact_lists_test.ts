/** Contact lists and items (spec 3 §2 Contact lists, §3, §5, §6, §7): routes, import, export, events. */
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Buffer } from "node:buffer";
import { createTestApp, startTestServer } from "../_helpers/test_app.ts";
import { assertAllNeedAuth, createTenant } from "../_helpers/tenant.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { upload, xlsxFile } from "../campaigns/_support.ts";
import { connectWs } from "../_helpers/ws_client.ts";

Deno.test("[contact_lists] routes: auth, roles, plan, tenancy, CRUD and items", async (t) => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const noPlan = await createTenant(app, { plan: { useCampaigns: false } });
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(path, { method, token, json });

    await t.step("401 without a token on every route", async () => {
      await assertAllNeedAuth(app, [
        ["GET", "/api/contact-lists"],
        ["GET", "/api/contact-lists/list"],
        ["GET", "/api/contact-lists/sample"],
        ["GET", "/api/contact-lists/1"],
        ["GET", "/api/contact-lists/1/export"],
        ["POST", "/api/contact-lists"],
        ["PUT", "/api/contact-lists/1"],
        ["DELETE", "/api/contact-lists/1"],
        ["POST", "/api/contact-lists/1/upload"],
        ["GET", "/api/contact-list-items?contactListId=1"],
        ["GET", "/api/contact-list-items/1"],
        ["POST", "/api/contact-list-items"],
        ["PUT", "/api/contact-list-items/1"],
        ["DELETE", "/api/contact-list-items/1"],
      ]);
    });

    let listId = 0;
    await t.step("admin creates, lists, renames; validation per spec", async () => {
      await expectError(
        await req("/api/contact-lists", a.adminToken, "POST", { name: "A" }),
        400,
        "ERR_VALIDATION",
      );
      const l = await expectOk<Json>(
        await req("/api/contact-lists", a.adminToken, "POST", { name: "Clientes" }),
        201,
      );
      listId = l.id as number;
      assert.equal(l.contactsCount, 0);
      const page = await expectOk<Json>(await req("/api/contact-lists?searchParam=clien", a.adminToken));
      assert.equal((page.records as Json[]).length, 1);
      assert.equal(page.hasMore, false);
      const renamed = await expectOk<Json>(
        await req(`/api/contact-lists/${listId}`, a.adminToken, "PUT", { name: "Clientes VIP" }),
      );
      assert.equal(renamed.name, "Clientes VIP");
      const all = await expectOk<Json[]>(await req("/api/contact-lists/list", a.adminToken));
      assert.deepEqual(all.map((x) => x.id), [listId]);
    });

    await t.step("403 for a profile user and without the campaigns plan", async () => {
      await expectError(await req("/api/contact-lists", a.userToken), 403, "ERR_NO_PERMISSION");
      await expectError(
        await req(`/api/contact-list-items?contactListId=${listId}`, a.userToken),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(await req("/api/contact-lists", noPlan.adminToken), 403, "ERR_PLAN_FEATURE");
      await expectError(
        await req("/api/contact-lists", noPlan.adminToken, "POST", { name: "Nope" }),
        403,
        "ERR_PLAN_FEATURE",
      );
    });

    let itemId = 0;
    await t.step("items: create with a normalised number, duplicate → 409, update, search", async () => {
      const it = await expectOk<Json>(
        await req("/api/contact-list-items", a.adminToken, "POST", {
          contactListId: listId,
          name: "Maria",
          number: "+55 (11) 99999-0001",
          email: "Maria@Example.com",
        }),
        201,
      );
      itemId = it.id as number;
      assert.equal(it.number, "5511999990001");
      assert.equal(it.email, "maria@example.com");
      assert.equal(it.isWhatsappValid, null);
      await expectError(
        await req("/api/contact-list-items", a.adminToken, "POST", {
          contactListId: listId,
          name: "Dup",
          number: "5511999990001",
        }),
        409,
        "ERR_CONFLICT",
      );
      await expectError(
        await req("/api/contact-list-items", a.adminToken, "POST", {
          contactListId: listId,
          name: "Bad",
          number: "123",
        }),
        400,
        "ERR_VALIDATION",
      );
      const up = await expectOk<Json>(
        await req(`/api/contact-list-items/${itemId}`, a.adminToken, "PUT", { name: "Maria S" }),
      );
      assert.equal(up.name, "Maria S");
      const page = await expectOk<Json>(
        await req(`/api/contact-list-items?contactListId=${listId}&searchParam=0001`, a.adminToken),
      );
      assert.equal((page.contacts as Json[]).length, 1);
      assert.equal(
        (await expectOk<Json>(await req(`/api/contact-lists/${listId}`, a.adminToken))).contactsCount,
        1,
      );
    });

    await t.step("another company's list and item answer 404", async () => {
      await expectError(await req(`/api/contact-lists/${listId}`, b.adminToken), 404, "ERR_NOT_FOUND");
      await expectError(
        await req(`/api/contact-lists/${listId}`, b.adminToken, "PUT", { name: "Hack" }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await req(`/api/contact-lists/${listId}`, b.adminToken, "DELETE"),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await req(`/api/contact-list-items?contactListId=${listId}`, b.adminToken),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(await req(`/api/contact-list-items/${itemId}`, b.adminToken), 404, "ERR_NOT_FOUND");
      await expectError(
        await req(`/api/contact-list-items/${itemId}`, b.adminToken, "DELETE"),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await req("/api/contact-list-items", b.adminToken, "POST", {
          contactListId: listId,
          name: "X Y",
          number: "5511988887777",
        }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await upload(app, `/api/contact-lists/${listId}/upload`, b.adminToken, await xlsxFile([["number"]])),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await t.step("delete an item, then the list", async () => {
      assert.equal((await req(`/api/contact-list-items/${itemId}`, a.adminToken, "DELETE")).status, 204);
      assert.equal((await req(`/api/contact-lists/${listId}`, a.adminToken, "DELETE")).status, 204);
      await expectError(await req(`/api/contact-lists/${listId}`, a.adminToken), 404, "ERR_NOT_FOUND");
    });
  } finally {
    await app.close();
  }
});

Deno.test("[contact_lists] import .xlsx and .csv with progress events and a per-row report; export", async () => {
  const srv = await startTestServer({ scheduler: false });
  try {
    const a = await createTenant(srv);
    const l = await expectOk<Json>(
      await srv.request("/api/contact-lists", {
        method: "POST",
        token: a.adminToken,
        json: { name: "Import" },
      }),
      201,
    );
    const ws = await connectWs(srv.wsUrl, a.adminToken);
    const rows: (string | number)[][] = [["Nome", "Número", "E-mail"]];
    for (let i = 0; i < 2500; i++) {
      rows.push([`Pessoa ${i}`, `+55 11 9${String(i).padStart(8, "0")}`, `p${i}@ex.com`]);
    }
    rows.push(["Sem número", "12", ""]); // invalid number
    rows.push(["Mail ruim", "5511912345678", "not-an-email"]); // invalid e-mail
    rows.push(["Repetido", "+55 11 900000001", ""]); // repeats row 3
    const report = await expectOk<Json>(
      await upload(srv, `/api/contact-lists/${l.id}/upload`, a.adminToken, await xlsxFile(rows)),
    );
    assert.equal(report.created, 2500);
    assert.equal(report.total, 2503);
    const errors = report.errors as Json[];
    assert.deepEqual(errors.map((e) => e.row), [2502, 2503, 2504]);
    assert.match(String(errors[0].error), /invalid number/);
    assert.match(String(errors[1].error), /e-mail/);
    assert.match(String(errors[2].error), /repeated/);
    const frames = await ws.next(
      (f) =>
        f.event === `company-${a.company.id}-ContactListItem` && (f.data as Json).action === "import" &&
        (f.data as Json).done === true,
      20_000,
    );
    assert.equal((frames.data as Json).processed, 2503);
    const progress = ws.frames.filter((f) => (f.data as Json)?.action === "import");
    assert.ok(progress.length >= 3, "progress events while importing");
    const list = await expectOk<Json>(
      await srv.request(`/api/contact-lists/${l.id}`, { token: a.adminToken }),
    );
    assert.equal(list.contactsCount, 2500);

    // CSV: known numbers are updated, new ones added.
    const csv = new File(
      ["name,number,email\nPessoa Zero,5511900000000,z@ex.com\nNova,5511977776666,\n"],
      "more.csv",
      { type: "text/csv" },
    );
    const r2 = await expectOk<Json>(
      await upload(srv, `/api/contact-lists/${l.id}/upload`, a.adminToken, csv),
    );
    assert.equal(r2.created, 1);
    assert.equal(r2.updated, 1);

    // Legacy .xls (BIFF8) is read; a damaged one is refused with a reason, other types with 415.
    const xlsBytes = Deno.readFileSync(new URL("../spreadsheet/fixtures/contacts.xls", import.meta.url));
    const r3 = await expectOk<Json>(
      await upload(
        srv,
        `/api/contact-lists/${l.id}/upload`,
        a.adminToken,
        new File([xlsBytes], "contatos.xls"),
      ),
    );
    assert.equal(r3.created, 200);
    assert.deepEqual((r3.errors as Json[]).map((e) => e.row), [202, 203]);
    const items = await expectOk<Json>(
      await srv.request(`/api/contact-list-items?contactListId=${l.id}&searchParam=5511988000002`, {
        token: a.adminToken,
      }),
    );
    assert.equal((items.contacts as Json[])[0].name, "Ana Peña 3");
    const xls = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], "old.xls");
    const e = await expectError(
      await upload(srv, `/api/contact-lists/${l.id}/upload`, a.adminToken, xls),
      400,
      "ERR_VALIDATION",
    );
    assert.match(String(e.message), /xls/);
    await expectError(
      await upload(srv, `/api/contact-lists/${l.id}/upload`, a.adminToken, new File(["x"], "a.pdf")),
      415,
      "ERR_UNSUPPORTED_MEDIA",
    );

    const res = await srv.request(`/api/contact-lists/${l.id}/export`, { token: a.adminToken });
    assert.equal(res.status, 200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    assert.equal(wb.worksheets[0].rowCount, 2702);
    const sample = await srv.request("/api/contact-lists/sample", { token: a.adminToken });
    assert.equal(sample.status, 200);
    await sample.body?.cancel();
    await ws.close();
  } finally {
    await srv.close();
  }
});

Deno.test("[contact_lists] the lists page counts each list's own items", async () => {
  const app = await createTestApp({ scheduler: false });
  try {
    const a = await createTenant(app);
    const make = async (name: string, n: number, prefix: string) => {
      const l = await expectOk<Json>(
        await app.request("/api/contact-lists", { method: "POST", token: a.adminToken, json: { name } }),
        201,
      );
      const lines = ["name,number,email"];
      for (let i = 0; i < n; i++) lines.push(`Pessoa ${i},55119${prefix}${String(i).padStart(6, "0")},`);
      const file = new File([lines.join("\n") + "\n"], `${name}.csv`, { type: "text/csv" });
      const r = await expectOk<Json>(
        await upload(app, `/api/contact-lists/${l.id}/upload`, a.adminToken, file),
      );
      assert.equal(r.created, n);
      return l.id as number;
    };
    const big = await make("Imported", 30, "11");
    const small = await make("Small", 2, "22");
    const page = await expectOk<Json>(await app.request("/api/contact-lists", { token: a.adminToken }));
    const counts = Object.fromEntries((page.records as Json[]).map((r) => [r.id, r.contactsCount]));
    assert.deepEqual(counts, { [big]: 30, [small]: 2 });
    const detail = await expectOk<Json>(
      await app.request(`/api/contact-lists/${big}`, { token: a.adminToken }),
    );
    assert.equal(detail.contactsCount, 30);
  } finally {
    await app.close();
  }
});
