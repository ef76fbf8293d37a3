/**
 * Receipts (/recepts, spec 3 §2, §4 estado 1 → 2 | 3) and the certificate upload: a company
 * uploads a proof for its invoice, both sides see status changes live, approval renews exactly
 * like a payment, denial reopens the invoice.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addMonths } from "@/billing/periods.ts";
import { readCertificate } from "@/billing/cert.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken } from "./_support.ts";
import { createTenant } from "../_helpers/tenant.ts";

function receiptForm(invoiceId: number, o: { type?: string; name?: string; descripcion?: string } = {}) {
  const f = new FormData();
  f.set("descripcion", o.descripcion ?? "Transferência bancária");
  f.set("invoiceId", String(invoiceId));
  f.set("totalPrice", "10");
  f.set(
    "file",
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], o.name ?? "proof.png", {
      type: o.type ?? "image/png",
    }),
  );
  return f;
}

Deno.test("[billing] receipts and the certificate upload", async (t) => {
  const app = await startTestServer({ scheduler: false });
  try {
    const op = await operatorToken(app);
    const today = todayIn(new Date(), "America/Sao_Paulo");
    const a = await createTenant(app, { dueDate: addDays(today, 3) });
    const other = await createTenant(app, { dueDate: addDays(today, 3) });
    await ensureInvoices(app.deps);
    const invOf = async (companyId: number) =>
      (await app.deps.db.select().from(invoices).where(eq(invoices.companyId, companyId)))[0];
    const inv = await invOf(a.company.id);
    const dueOf = async (id: number) =>
      (await app.deps.db.select().from(companies).where(eq(companies.id, id)))[0].dueDate!;

    await t.step(
      "401; a profile user cannot upload; another company's invoice is 404; validation",
      async () => {
        assert.equal(
          (await app.request("/api/recepts", { method: "POST", body: receiptForm(inv.id) })).status,
          401,
        );
        assert.equal((await app.request("/api/recepts")).status, 401);
        await expectError(
          await app.request("/api/recepts", {
            method: "POST",
            token: a.userToken,
            body: receiptForm(inv.id),
          }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectError(
          await app.request("/api/recepts", {
            method: "POST",
            token: other.adminToken,
            body: receiptForm(inv.id),
          }),
          404,
          "ERR_NOT_FOUND",
        );
        await expectError(
          await app.request("/api/recepts", {
            method: "POST",
            token: a.adminToken,
            body: receiptForm(inv.id, { descripcion: "" }),
          }),
          400,
          "ERR_VALIDATION",
        );
        await expectError(
          await app.request("/api/recepts", {
            method: "POST",
            token: a.adminToken,
            body: receiptForm(inv.id, { type: "text/plain", name: "x.txt" }),
          }),
          415,
          "ERR_UNSUPPORTED_MEDIA",
        );
      },
    );

    let receiptId = 0;
    await t.step(
      "upload: in process, the invoice waits for confirmation; the operator hears it",
      async () => {
        const opWs = await connectWs(app.wsUrl, op);
        const r = await expectOk<Json>(
          await app.request("/api/recepts", {
            method: "POST",
            token: a.adminToken,
            body: receiptForm(inv.id),
          }),
          201,
        );
        receiptId = r.id as number;
        assert.equal(r.estado, 1);
        assert.match(String(r.comprobante), /^\/api\/media\//);
        assert.equal((await invOf(a.company.id)).status, "proceso");
        const f = await opWs.next((x) => x.event === "company-1-recepts", 5000);
        assert.equal((f.data?.receipt as Json).id, receiptId);
        await opWs.close();
        const mine = await expectOk<Json>(
          await app.request("/api/recepts?pageNumber=1", { token: a.adminToken }),
        );
        assert.equal((mine.receipts as Json[]).length, 1);
        const theirs = await expectOk<Json>(await app.request("/api/recepts", { token: other.adminToken }));
        assert.equal((theirs.receipts as Json[]).length, 0);
        const all = await expectOk<Json>(await app.request("/api/recepts", { token: op }));
        assert.ok(
          (all.receipts as Json[]).some((x) =>
            x.id === receiptId && (x.company as Json).name === a.company.name
          ),
        );
      },
    );

    await t.step("approve (operator only): renews like a payment, once; the company hears both", async () => {
      await expectError(
        await app.request(`/api/recepts/${receiptId}`, {
          method: "PUT",
          token: a.adminToken,
          json: { estado: 2 },
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      const before = await dueOf(a.company.id);
      const ws = await connectWs(app.wsUrl, a.adminToken);
      const r = await expectOk<Json>(
        await app.request(`/api/recepts/${receiptId}`, {
          method: "PUT",
          token: op,
          json: { estado: 2, invoiceId: inv.id },
        }),
      );
      assert.equal(r.estado, 2);
      await expectOk(
        await app.request(`/api/recepts/${receiptId}`, { method: "PUT", token: op, json: { estado: 2 } }),
      );
      await expectError(
        await app.request(`/api/recepts/${receiptId}`, { method: "PUT", token: op, json: { estado: 3 } }),
        409,
        "ERR_CONFLICT",
      );
      assert.equal(await dueOf(a.company.id), addMonths(before, 1));
      assert.equal((await invOf(a.company.id)).status, "paid");
      const pay = await ws.next((f) => f.event === `company-${a.company.id}-payment`, 5000);
      assert.equal(pay.data?.action, "CONCLUIDA");
      const rec = await ws.next(
        (f) => f.event === `company-${a.company.id}-recepts` && f.data?.action === "update",
        5000,
      );
      assert.equal((rec.data?.receipt as Json).estado, 2);
      await ws.close();
      await expectError(
        await app.request(`/api/recepts/999999`, { method: "PUT", token: op, json: { estado: 2 } }),
        404,
        "ERR_NOT_FOUND",
      );
    });

    await t.step("deny: the invoice is open again, the due date unchanged", async () => {
      const oinv = await invOf(other.company.id);
      const r = await expectOk<Json>(
        await app.request("/api/recepts", {
          method: "POST",
          token: other.adminToken,
          body: receiptForm(oinv.id),
        }),
        201,
      );
      const before = await dueOf(other.company.id);
      await expectOk(
        await app.request(`/api/recepts/${r.id}`, { method: "PUT", token: op, json: { estado: "3" } }),
      );
      assert.equal((await invOf(other.company.id)).status, "open");
      assert.equal(await dueOf(other.company.id), before);
    });

    await t.step("the operator's company list is live: a renewal arrives as company-1-company", async () => {
      const ws = await connectWs(app.wsUrl, op);
      await expectOk(
        await app.request(`/api/companies/${other.company.id}/renew`, { method: "POST", token: op }),
      );
      const f = await ws.next(
        (x) => x.event === "company-1-company" && (x.data?.company as Json)?.id === other.company.id,
        5000,
      );
      assert.equal(f.data?.action, "update");
      await ws.close();
    });

    await t.step("certificate upload: operator only, .p12 only, sealed at rest", async () => {
      const form = (name: string) => {
        const f = new FormData();
        f.set("file", new File([new Uint8Array([1, 2, 3, 4])], name, { type: "application/x-pkcs12" }));
        return f;
      };
      assert.equal(
        (await app.request("/api/settings/cert-upload?ref=certificadoEfi", {
          method: "POST",
          body: form("c.p12"),
        })).status,
        401,
      );
      await expectError(
        await app.request("/api/settings/cert-upload?ref=certificadoEfi", {
          method: "POST",
          token: a.adminToken,
          body: form("c.p12"),
        }),
        403,
        "ERR_NO_PERMISSION",
      );
      await expectError(
        await app.request("/api/settings/cert-upload?ref=certificadoEfi", {
          method: "POST",
          token: op,
          body: form("c.pem"),
        }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(
        await app.request("/api/settings/cert-upload?ref=other", {
          method: "POST",
          token: op,
          body: form("c.p12"),
        }),
        400,
        "ERR_VALIDATION",
      );
      const ok = await expectOk<Json>(
        await app.request("/api/settings/cert-upload?ref=certificadoEfi", {
          method: "POST",
          token: op,
          body: form("c.p12"),
        }),
      );
      assert.equal(ok.mensagem, "Archivo adjunto");
      const raw = new TextDecoder().decode(
        (await app.deps.storage.bytes("certs/certificadoEfi.p12.sealed"))!,
      );
      assert.match(raw, /^enc:v1:/);
      assert.deepEqual([...(await readCertificate(app.deps, "certificadoEfi"))!], [1, 2, 3, 4]);
    });
  } finally {
    await app.close();
  }
});
