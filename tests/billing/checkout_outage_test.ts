/**
 * A provider failing during checkout: the company gets 502 ERR_PAYMENT_PROVIDER with a plain
 * message and nothing of the provider's answer (an HTML page with a secret in it); the invoice
 * keeps its price, plan and ways to pay; a Stripe session made before a later provider failed is
 * expired again; the operator finds the provider's answer in the log and on the invoice. When the
 * provider is back, the checkout works.
 */
import assert from "node:assert/strict";
import { and, eq, isNull } from "drizzle-orm";
import { invoices, paymentRefs } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { createPlan } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { operatorToken, setPlatform } from "./_support.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startStripeServer } from "../_helpers/stripe_server.ts";
import { startPaymentLinksServer } from "../_helpers/payment_links_server.ts";

Deno.test("[billing] checkout: a provider outage is explained, not leaked, and changes nothing", async (t) => {
  const stripe = startStripeServer();
  const prov = startPaymentLinksServer({ mp: "APP_USR-up", asaas: "$aact_up" });
  const app = await startTestServer({
    scheduler: false,
    env: { STRIPE_API_URL: stripe.url, MERCADOPAGO_API_URL: prov.url },
  });
  try {
    const op = await operatorToken(app);
    await setPlatform(app, op, "stripeprivatekey", "sk_test_outage");
    const a = await createTenant(app, {
      plan: { amount: 11, isPublic: true },
      dueDate: addDays(todayIn(new Date(), "America/Sao_Paulo"), 3),
    });
    const dear = await createPlan(app, { name: "Dear", amount: 50, isPublic: true });
    await ensureInvoices(app.deps);
    const invoice = async () =>
      (await app.deps.db.select().from(invoices).where(eq(invoices.companyId, a.company.id)))[0];
    const checkout = async (planId: number) =>
      await app.request("/api/subscription", {
        method: "POST",
        token: a.adminToken,
        json: { firstName: "Ana", zipcode: "1", plan: planId, invoiceId: (await invoice()).id },
      });
    const currentRefs = async () =>
      (await app.deps.db.select().from(paymentRefs)
        .where(and(eq(paymentRefs.companyId, a.company.id), isNull(paymentRefs.replacedAt))))
        .map((r) => `${r.provider} ${r.ref} ${r.amount}`);

    await expectOk(await checkout(a.plan.id));
    const before = await invoice();
    const refsBefore = await currentRefs();
    assert.equal(refsBefore.length, 1);

    await t.step("Stripe down: 502 with a plain message; the invoice unchanged", async () => {
      stripe.down = 502;
      const res = await checkout(dear.id);
      const text = await res.text();
      assert.equal(res.status, 502);
      const body = JSON.parse(text);
      assert.equal(body.error, "ERR_PAYMENT_PROVIDER");
      assert.equal(body.message, "the payment provider is unavailable, try again");
      assert.doesNotMatch(text, /sk_live_secret_in_page|html|Bad Gateway/i);
      const after = await invoice();
      assert.deepEqual(
        { value: after.value, planId: after.planId, dueDate: after.dueDate, stripeId: after.stripeId },
        { value: before.value, planId: before.planId, dueDate: before.dueDate, stripeId: before.stripeId },
      );
      assert.equal(after.value, 11);
      assert.deepEqual(await currentRefs(), refsBefore);
      // The operator's copy of what Stripe answered; the company's list does not carry it.
      assert.match(after.providerError ?? "", /^stripe: /);
      const list = await expectOk<Json>(await app.request("/api/invoices/all", { token: a.adminToken }));
      assert.doesNotMatch(JSON.stringify(list), /providerError|sk_live_secret_in_page/);
      stripe.down = null;
    });

    await t.step("a later provider fails: the new Stripe session is expired, nothing stored", async () => {
      // Mercado Pago refuses the operator's token.
      await setPlatform(app, op, "mpaccesstoken", "APP_USR-wrong");
      const res = await checkout(dear.id);
      const body = await expectError(res, 502, "ERR_PAYMENT_PROVIDER");
      assert.deepEqual(body.details, { provider: "mercadopago" });
      const made = [...stripe.sessions.values()].at(-1)!;
      assert.equal(made.amount_total, 5000);
      assert.equal(made.status, "expired");
      const after = await invoice();
      assert.equal(after.value, 11);
      assert.equal(after.stripeId, before.stripeId);
      assert.match(after.providerError ?? "", /^mercadopago: .*401/);
      assert.deepEqual(await currentRefs(), refsBefore);
    });

    await t.step("the providers back: the checkout re-prices and replaces the ways to pay", async () => {
      await setPlatform(app, op, "mpaccesstoken", "APP_USR-up");
      const r = await expectOk<Json>(await checkout(dear.id));
      assert.equal(r.valorext, 50);
      assert.ok(r.stripeURL && r.mercadopagoURL);
      const after = await invoice();
      assert.equal(after.value, 50);
      assert.equal(after.providerError, null);
      assert.deepEqual((await currentRefs()).map((x) => x.split(" ")[0]).sort(), ["mercadopago", "stripe"]);
      assert.equal(stripe.sessions.get(before.stripeId!)!.status, "expired");
    });
  } finally {
    await app.close();
    await stripe.close();
    await prov.close();
  }
});
