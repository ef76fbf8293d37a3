/**
 * One currency per invoice on every payment path: an invoice is issued in the operator's
 * billingCurrency and keeps it; a checkout asks only the providers that can charge it, each in it
 * (Stripe, Mercado Pago; PIX and Asaas only for reais); a payment reported in another currency is
 * refused and recorded, on Stripe checkouts and renewals and on Mercado Pago; a plan's own Stripe
 * price in another currency is not used. Local servers speak Stripe's, Mercado Pago's and Asaas's APIs.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { companies, invoices, paymentRefs, plans } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { startTestServer, type TestServer } from "../_helpers/test_app.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { signedEvent, startStripeServer } from "../_helpers/stripe_server.ts";
import { startPaymentLinksServer } from "../_helpers/payment_links_server.ts";
import { operatorToken, setPlatform } from "./_support.ts";

const SECRET = "whsec_currency";
const TZ = "America/Sao_Paulo";

async function tenantWithInvoice(app: TestServer, amount: number) {
  const t = await createTenant(app, {
    plan: { amount, isPublic: true },
    dueDate: addDays(todayIn(new Date(), TZ), 3),
  });
  await ensureInvoices(app.deps, undefined, t.company.id);
  const invoice = async () =>
    (await app.deps.db.select().from(invoices).where(eq(invoices.companyId, t.company.id)))[0];
  const checkout = async (isRecurrent = false) =>
    await expectOk<Json>(
      await app.request("/api/subscription", {
        method: "POST",
        token: t.adminToken,
        json: {
          firstName: "Ana",
          zipcode: "1",
          plan: t.plan.id,
          invoiceId: (await invoice()).id,
          isRecurrent,
        },
      }),
    );
  const refs = async () =>
    (await app.deps.db.select().from(paymentRefs).where(
      and(eq(paymentRefs.invoiceId, (await invoice()).id)),
    )).filter((r) => r.replacedAt === null).map((r) => [r.provider, r.currency]).sort();
  return { t, invoice, checkout, refs };
}

Deno.test("[billing] one currency per invoice on every payment path", async (t) => {
  const stripe = startStripeServer();
  const prov = startPaymentLinksServer({ mp: "APP_USR-cur", asaas: "$aact_cur" });
  const app = await startTestServer({
    scheduler: false,
    env: { STRIPE_API_URL: stripe.url, MERCADOPAGO_API_URL: prov.url, ASAAS_API_URL: prov.url },
  });
  try {
    const op = await operatorToken(app);
    await setPlatform(app, op, "stripeprivatekey", "sk_test_cur");
    await setPlatform(app, op, "stripewebhooksecret", SECRET);
    await setPlatform(app, op, "mpaccesstoken", "APP_USR-cur");
    await setPlatform(app, op, "asaastoken", "$aact_cur");
    const stripeHook = async (id: string, type: string, object: Json) => {
      const ev = await signedEvent(SECRET, { id, type, object });
      const res = await app.request("/api/webhooks/stripe", {
        method: "POST",
        body: ev.body,
        headers: { "content-type": "application/json", "stripe-signature": ev.signature },
      });
      return String((await expectOk<Json>(res)).result);
    };
    const mpHook = async (id: string) =>
      String(
        (await expectOk<Json>(
          await app.request("/api/webhooks/mercadopago", {
            method: "POST",
            json: { type: "payment", data: { id } },
          }),
        )).result,
      );

    await t.step(
      "billingCurrency: 401, 403 for a company admin, 400 for a currency we do not bill in",
      async () => {
        const put = (value: string, token?: string) =>
          app.request("/api/settings/billingCurrency", { method: "PUT", token, json: { value } });
        const tenant = await createTenant(app);
        await expectError(await put("USD"), 401, "ERR_UNAUTHENTICATED");
        await expectError(await put("USD", tenant.adminToken), 403, "ERR_NO_PERMISSION");
        await expectError(await put("XYZ", op), 400, "ERR_VALIDATION");
        await expectError(await put("usd", op), 400, "ERR_VALIDATION");
      },
    );

    const brl = await tenantWithInvoice(app, 30);
    await t.step("by default an invoice is in reais, and every provider charges it in reais", async () => {
      assert.equal((await brl.invoice()).currency, "BRL");
      const listed = await expectOk<Json[]>(
        await app.request("/api/invoices/all", { token: brl.t.adminToken }),
      );
      assert.equal(listed[0].currency, "BRL");
      await brl.checkout();
      const call = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions")!;
      assert.equal(call.form["line_items[0][price_data][currency]"], "brl");
      assert.equal((prov.preferences.at(-1)!.items as Json[])[0].currency_id, "BRL");
      assert.equal(prov.links.length, 1, "Asaas (reais only) was asked");
      assert.deepEqual(await brl.refs(), [["asaas", "BRL"], ["mercadopago", "BRL"], ["stripe", "BRL"]]);
    });

    await t.step("a payment of that invoice in another currency is refused and recorded", async () => {
      const inv = await brl.invoice();
      const session = [...stripe.sessions.values()].at(-1)!;
      const paid = (currency: string) => ({
        ...session,
        status: "complete",
        payment_status: "paid",
        amount_total: 3000,
        currency,
        payment_intent: `pi_${session.id}`,
      });
      assert.equal(await stripeHook("evt_cur_usd", "checkout.session.completed", paid("usd")), "not_found");
      assert.match((await brl.invoice()).paymentIssue ?? "", /evt_cur_usd: wrong_currency/);
      assert.equal((await brl.invoice()).status, "open");
      prov.mpPay("7001", {
        status: "approved",
        external_reference: `invoice-${inv.id}`,
        transaction_amount: 30,
        currency_id: "ARS",
      });
      assert.equal(await mpHook("7001"), "not_found");
      assert.match((await brl.invoice()).paymentIssue ?? "", /7001: wrong_currency/);
      // In its own currency the same session pays.
      assert.equal(await stripeHook("evt_cur_brl", "checkout.session.completed", paid("brl")), "paid");
      assert.equal((await brl.invoice()).status, "paid");
    });

    await t.step("the operator bills in dollars: new invoices are USD, earlier ones keep reais", async () => {
      await setPlatform(app, op, "billingCurrency", "USD");
      const usd = await tenantWithInvoice(app, 20);
      assert.equal((await usd.invoice()).currency, "USD");
      assert.equal((await brl.invoice()).currency, "BRL");
      const prefs = prov.preferences.length, links = prov.links.length;
      const r = await usd.checkout();
      assert.equal(r.valorext, 20);
      assert.equal(r.mercadopagoURL, null, "Mercado Pago does not charge dollars");
      assert.equal(r.asaasURL, null, "Asaas charges reais only");
      assert.equal(prov.preferences.length, prefs);
      assert.equal(prov.links.length, links);
      const call = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions")!;
      assert.equal(call.form["line_items[0][price_data][currency]"], "usd");
      assert.deepEqual(await usd.refs(), [["stripe", "USD"]]);

      // A plan's own Stripe price bills only when it is in the invoice's currency.
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ stripePriceId: "price_reais" }).where(eq(plans.id, usd.t.plan.id))
      );
      stripe.prices.set("price_reais", "brl");
      await usd.checkout(true);
      const own = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions")!;
      assert.equal(own.form["line_items[0][price]"], undefined);
      assert.equal(own.form["line_items[0][price_data][currency]"], "usd");
      stripe.prices.set("price_reais", "usd");
      await usd.checkout(true);
      assert.equal(
        stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions")!.form["line_items[0][price]"],
        "price_reais",
      );

      // The subscription's renewals pay the open invoice only in its currency.
      const session = [...stripe.sessions.values()].at(-1)!;
      assert.equal(
        await stripeHook("evt_cur_sub", "checkout.session.completed", {
          ...session,
          status: "complete",
          payment_status: "paid",
          amount_total: 2000,
          currency: "usd",
          subscription: "sub_cur",
        }),
        "paid",
      );
      const [company] = await app.deps.db.select().from(companies).where(eq(companies.id, usd.t.company.id));
      await ensureInvoices(app.deps, new Date(`${company.dueDate}T12:00:00Z`), usd.t.company.id);
      const renewal = (id: string, currency: string) =>
        stripeHook(id, "invoice.paid", {
          id: `in_${id}`,
          object: "invoice",
          billing_reason: "subscription_cycle",
          subscription: "sub_cur",
          amount_paid: 2000,
          currency,
        });
      assert.equal(await renewal("evt_cur_renew_brl", "brl"), "not_found");
      const open = (await app.deps.db.select().from(invoices).where(
        and(eq(invoices.companyId, usd.t.company.id), eq(invoices.status, "open")),
      ))[0];
      assert.equal(open.currency, "USD");
      assert.match(open.paymentIssue ?? "", /evt_cur_renew_brl: wrong_currency/);
      assert.equal(await renewal("evt_cur_renew_usd", "usd"), "paid");
    });
  } finally {
    await prov.close();
    await stripe.close();
    await app.close();
  }
});
