/**
 * The payment rule on Efí PIX, Mercado Pago, Asaas and approved receipts, against local servers
 * speaking those providers' APIs: per path, the checkout 11.00 / checkout 50.00 / pay the first
 * attack is refused and recorded, a payment in another currency (where the provider has more than
 * one) or for less is refused, a replay changes nothing, and the current way to pay pays once
 * whatever came before it. PIX and Asaas charge only in reais: their currency is the provider's.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addMonths } from "@/billing/periods.ts";
import { webhookHmac } from "@/billing/efi.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { startTestServer, type TestServer } from "../_helpers/test_app.ts";
import { createPlan } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken, setPlatform } from "./_support.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { makeP12, startEfiServer } from "../_helpers/efi_server.ts";
import { startPaymentLinksServer } from "../_helpers/payment_links_server.ts";

const TZ = "America/Sao_Paulo";

/** A company on the 11.00 plan with an open invoice, the 50.00 plan, and helpers around them. */
async function company(app: TestServer, dearId: number) {
  const a = await createTenant(app, {
    plan: { amount: 11, isPublic: true },
    dueDate: addDays(todayIn(new Date(), TZ), 3),
  });
  await ensureInvoices(app.deps);
  const row = async () =>
    (await app.deps.db.select().from(companies).where(eq(companies.id, a.company.id)))[0];
  const invoice = async () =>
    (await app.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id)))[0];
  const checkout = async (planId: number) =>
    await expectOk<Json>(
      await app.request("/api/subscription", {
        method: "POST",
        token: a.adminToken,
        json: { firstName: "Ana", zipcode: "1", plan: planId, invoiceId: (await invoice()).id },
      }),
    );
  const before = await row();
  /** The attack's end state, or the paid state. */
  const expectUnpaid = async (issue: RegExp) => {
    const inv = await invoice();
    assert.equal(inv.status, "open");
    assert.equal(inv.value, 50);
    assert.match(inv.paymentIssue ?? "", issue);
    assert.equal((await row()).planId, a.plan.id);
    assert.equal((await row()).dueDate, before.dueDate);
  };
  const expectPaidOnce = async () => {
    assert.equal((await invoice()).status, "paid");
    assert.equal((await row()).planId, dearId);
    assert.equal((await row()).dueDate, addMonths(before.dueDate!, 1));
  };
  return { a, invoice, checkout, expectUnpaid, expectPaidOnce };
}

Deno.test("[billing] PIX, Mercado Pago, Asaas and receipts follow the payment rule", async (t) => {
  const efi = startEfiServer({ clientId: "Client_Id_rule", clientSecret: "Client_Secret_rule" });
  const prov = startPaymentLinksServer({ mp: "APP_USR-rule", asaas: "$aact_rule" });
  const app = await startTestServer({
    scheduler: false,
    env: {
      EFI_API_URL: efi.url,
      MERCADOPAGO_API_URL: prov.url,
      ASAAS_API_URL: prov.url,
      PUBLIC_URL: "https://atende.example",
    },
  });
  try {
    const op = await operatorToken(app);
    const form = new FormData();
    form.set("file", new File([makeP12()], "certificadoEfi.p12", { type: "application/x-pkcs12" }));
    await expectOk(
      await app.request("/api/settings/cert-upload?ref=certificadoEfi", {
        method: "POST",
        token: op,
        body: form,
      }),
    );
    await setPlatform(app, op, "eficlientid", "Client_Id_rule");
    await setPlatform(app, op, "eficlientsecret", "Client_Secret_rule");
    await setPlatform(app, op, "efichavepix", "pix@atende.example");
    await setPlatform(app, op, "mpaccesstoken", "APP_USR-rule");
    await setPlatform(app, op, "asaastoken", "$aact_rule");
    const dear = await createPlan(app, { name: "Dear", amount: 50, isPublic: true });
    const hook = async (
      path: string,
      body: unknown,
    ) => (await expectOk<Json>(await app.request(`/api/webhooks/${path}`, { method: "POST", json: body })));

    await t.step("Efí PIX: the replaced 11.00 charge refused; the current one pays once", async () => {
      const c = await company(app, dear.id);
      await c.checkout(c.a.plan.id);
      const cheap = [...efi.charges.keys()].at(-1)!;
      await c.checkout(dear.id);
      const current = [...efi.charges.keys()].at(-1)!;
      assert.deepEqual(efi.charges.get(cheap)!.body.valor, { original: "11.00" });
      // The replaced charge is removed at Efí; a payer who scanned it in time still reaches the rule.
      assert.equal(efi.charges.get(cheap)!.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
      const hmac = await webhookHmac(app.deps);
      const pix = (e2e: string, txid: string) => ({
        endToEndId: `E00000000202611250000${e2e}`.padEnd(32, "0"),
        txid,
        valor: (efi.charges.get(txid)!.body.valor as { original: string }).original,
        horario: "2026-11-25T12:00:00.000Z",
      });
      efi.settle(cheap);
      const deliver = async (items: Json[]) =>
        (await hook(`efi?hmac=${hmac}&ignorar=/pix`, { pix: items })).results;
      assert.deepEqual(await deliver([pix("A1", cheap)]), ["not_found"]);
      await c.expectUnpaid(/: replaced/);
      assert.deepEqual(await deliver([pix("A1", cheap)]), ["duplicate"]);
      assert.deepEqual(await deliver([pix("A2", current)]), ["pending"]);
      efi.settle(current);
      assert.deepEqual(await deliver([pix("A3", current), pix("A4", cheap), pix("A3", current)]), [
        "paid",
        "not_found",
        "duplicate",
      ]);
      await c.expectPaidOnce();
    });

    await t.step("Mercado Pago: the earlier preference, another currency or less refused", async () => {
      const c = await company(app, dear.id);
      await c.checkout(c.a.plan.id);
      const cheapPref = String(prov.preferences.at(-1)!.id);
      await c.checkout(dear.id);
      const ext = `invoice-${(await c.invoice()).id}`;
      const notify = (id: string) => hook("mercadopago", { type: "payment", data: { id } });
      prov.mpPay("3001", {
        status: "approved",
        external_reference: ext,
        transaction_amount: 11,
        preference: cheapPref,
      });
      assert.equal((await notify("3001")).result, "not_found");
      await c.expectUnpaid(/3001: replaced/);
      prov.mpPay("3002", {
        status: "approved",
        external_reference: ext,
        transaction_amount: 50,
        currency_id: "USD",
      });
      assert.equal((await notify("3002")).result, "not_found");
      await c.expectUnpaid(/3002: wrong_currency/);
      prov.mpPay("3003", { status: "approved", external_reference: ext, transaction_amount: 49.99 });
      assert.equal((await notify("3003")).result, "not_found");
      await c.expectUnpaid(/3003: too_little/);
      prov.mpPay("3004", { status: "approved", external_reference: ext, transaction_amount: 50 });
      assert.deepEqual([
        (await notify("3004")).result,
        (await notify("3004")).result,
        (await notify("3001")).result,
      ], [
        "paid",
        "duplicate",
        "duplicate",
      ]);
      await c.expectPaidOnce();
    });

    await t.step("Asaas: the earlier link or less refused; the current link pays once", async () => {
      const c = await company(app, dear.id);
      await c.checkout(c.a.plan.id);
      const cheapLink = String(prov.links.at(-1)!.id);
      await c.checkout(dear.id);
      const link = String(prov.links.at(-1)!.id);
      assert.equal(prov.links.find((l) => l.id === cheapLink)!.deleted, true);
      const notify = (id: string) => hook("asaas", { event: "PAYMENT_RECEIVED", payment: { id } });
      prov.asaasPay("pay_r1", { status: "RECEIVED", paymentLink: cheapLink, value: 11 });
      assert.equal((await notify("pay_r1")).result, "not_found");
      await c.expectUnpaid(/pay_r1: replaced/);
      prov.asaasPay("pay_r2", { status: "RECEIVED", paymentLink: link, value: 11 });
      assert.equal((await notify("pay_r2")).result, "not_found");
      await c.expectUnpaid(/pay_r2: too_little/);
      prov.asaasPay("pay_r3", { status: "CONFIRMED", paymentLink: link, value: 50 });
      assert.deepEqual([(await notify("pay_r3")).result, (await notify("pay_r3")).result], [
        "paid",
        "duplicate",
      ]);
      await c.expectPaidOnce();
    });

    await t.step("receipts: one sent at 11.00 cannot pay the invoice re-priced to 50.00", async () => {
      const c = await company(app, dear.id);
      const upload = async () => {
        const f = new FormData();
        f.set("descripcion", "Transferência");
        f.set("invoiceId", String((await c.invoice()).id));
        f.set("totalPrice", "50");
        f.set(
          "file",
          new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "proof.png", { type: "image/png" }),
        );
        const r = await expectOk<Json>(
          await app.request("/api/recepts", { method: "POST", token: c.a.adminToken, body: f }),
          201,
        );
        return r.id as number;
      };
      const review = (id: number, estado: number) =>
        app.request(`/api/recepts/${id}`, { method: "PUT", token: op, json: { estado } });
      await c.checkout(c.a.plan.id);
      const cheapReceipt = await upload();
      await c.checkout(dear.id);
      const refused = await expectError(await review(cheapReceipt, 2), 409, "ERR_CONFLICT");
      assert.deepEqual(refused.details, { reason: "too_little", receiptValue: 11, invoiceValue: 50 });
      assert.equal((await c.invoice()).status, "proceso");
      await expectOk(await review(cheapReceipt, 3));
      const receipt = await upload();
      await expectOk(await review(receipt, 2));
      await c.expectPaidOnce();
    });
  } finally {
    await app.close();
    await efi.close();
    await prov.close();
  }
});
