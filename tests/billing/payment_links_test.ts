/**
 * Mercado Pago and Asaas payment links against a local server speaking their APIs: checkout
 * returns both links; a notification is only a pointer, read back from the provider with our
 * token — a pending, unknown or wrong-value payment changes nothing, an approved one advances the
 * due date exactly once however often it is notified.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addMonths } from "@/billing/periods.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createPlan } from "../_helpers/factories.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken, setPlatform } from "./_support.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startPaymentLinksServer } from "../_helpers/payment_links_server.ts";

Deno.test("[billing] Mercado Pago and Asaas payment links", async (t) => {
  const prov = startPaymentLinksServer({ mp: "APP_USR-test", asaas: "$aact_test" });
  const app = await createTestApp({
    scheduler: false,
    env: { MERCADOPAGO_API_URL: prov.url, ASAAS_API_URL: prov.url, PUBLIC_URL: "https://atende.example" },
  });
  try {
    const op = await operatorToken(app);
    await setPlatform(app, op, "mpaccesstoken", "APP_USR-test");
    await setPlatform(app, op, "asaastoken", "$aact_test");
    const plan = await createPlan(app, { name: "Links plan", amount: 49.9, isPublic: true });
    const today = todayIn(new Date(), "America/Sao_Paulo");
    const a = await createTenant(app, { dueDate: addDays(today, 1) });
    await app.deps.database.write((tx) =>
      tx.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id))
    );
    await ensureInvoices(app.deps);
    const invOf = async () =>
      (await app.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id)))[0];
    const dueOf = async () =>
      (await app.deps.db.select().from(companies).where(eq(companies.id, a.company.id)))[0].dueDate!;
    const inv = await invOf();
    const hook = (path: string, body: unknown) =>
      app.request(`/api/webhooks/${path}`, { method: "POST", json: body });

    await t.step("checkout returns both links; the provider calls carry the invoice", async () => {
      const r = await expectOk<Json>(
        await app.request("/api/subscription", {
          method: "POST",
          token: a.adminToken,
          json: { firstName: "Ana", zipcode: "1", plan: plan.id, invoiceId: inv.id },
        }),
      );
      assert.match(String(r.mercadopagoURL), /mercadopago\.test\/checkout\?pref_id=pref-1/);
      assert.equal(r.asaasURL, "https://asaas.test/c/lnk_1");
      const pref = prov.preferences[0] as Json;
      assert.equal(pref.external_reference, `invoice-${inv.id}`);
      assert.equal(
        pref.notification_url,
        "https://atende.example/api/webhooks/mercadopago?source_news=webhooks",
      );
      assert.equal((pref.items as Json[])[0].unit_price, 49.9);
      assert.equal((prov.links[0] as Json).value, 49.9);
      assert.equal((await invOf()).paymentLinkId, "lnk_1");
    });

    await t.step(
      "Mercado Pago: unknown, pending or wrong-value payments change nothing; approved pays once",
      async () => {
        const before = await dueOf();
        assert.equal(
          (await expectOk<Json>(await hook("mercadopago", { type: "payment", data: { id: "999" } }))).result,
          "not_found",
        );
        prov.mpPay("1001", {
          status: "pending",
          external_reference: `invoice-${inv.id}`,
          transaction_amount: 49.9,
        });
        assert.equal(
          (await expectOk<Json>(await hook("mercadopago", { type: "payment", data: { id: "1001" } }))).result,
          "ignored",
        );
        prov.mpPay("1002", {
          status: "approved",
          external_reference: `invoice-${inv.id}`,
          transaction_amount: 1,
        });
        assert.equal(
          (await expectOk<Json>(await hook("mercadopago", { type: "payment", data: { id: "1002" } }))).result,
          "not_found",
        );
        assert.equal(await dueOf(), before);
        prov.mpPay("1003", {
          status: "approved",
          external_reference: `invoice-${inv.id}`,
          transaction_amount: 49.9,
        });
        const results = [];
        for (let i = 0; i < 3; i++) {
          results.push(
            (await expectOk<Json>(
              await hook("mercadopago", { action: "payment.updated", type: "payment", data: { id: "1003" } }),
            )).result,
          );
        }
        assert.deepEqual(results, ["paid", "duplicate", "duplicate"]);
        assert.equal(await dueOf(), addMonths(before, 1));
      },
    );

    await t.step(
      "Asaas: a payment of another link or not received changes nothing; received pays once",
      async () => {
        // The next period's invoice.
        await app.deps.database.write((tx) =>
          tx.update(companies).set({ dueDate: addDays(today, 2) }).where(eq(companies.id, a.company.id))
        );
        await ensureInvoices(app.deps);
        const next = (await app.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id)))
          .find((i) => i.status === "open")!;
        await expectOk(
          await app.request("/api/subscription", {
            method: "POST",
            token: a.adminToken,
            json: { firstName: "Ana", zipcode: "1", plan: plan.id, invoiceId: next.id },
          }),
        );
        const link = (prov.links.at(-1) as Json).id as string;
        const before = await dueOf();
        prov.asaasPay("pay_a", { status: "RECEIVED", paymentLink: "lnk_other", value: 49.9 });
        assert.equal(
          (await expectOk<Json>(await hook("asaas", { event: "PAYMENT_RECEIVED", payment: { id: "pay_a" } })))
            .result,
          "not_found",
        );
        prov.asaasPay("pay_b", { status: "PENDING", paymentLink: link, value: 49.9 });
        assert.equal(
          (await expectOk<Json>(await hook("asaas", { event: "PAYMENT_RECEIVED", payment: { id: "pay_b" } })))
            .result,
          "ignored",
        );
        assert.equal(await dueOf(), before);
        prov.asaasPay("pay_c", { status: "CONFIRMED", paymentLink: link, value: 49.9 });
        const results = [];
        for (const event of ["PAYMENT_CONFIRMED", "PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]) {
          results.push(
            (await expectOk<Json>(await hook("asaas", { event, payment: { id: "pay_c" } }))).result,
          );
        }
        assert.deepEqual(results, ["paid", "duplicate", "duplicate"]);
        assert.equal(await dueOf(), addMonths(before, 1));
      },
    );
  } finally {
    await app.close();
    await prov.close();
  }
});
