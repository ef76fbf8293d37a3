/**
 * The payment rule on Stripe's paths, with genuine-shape events signed by the stripe package
 * against a local server speaking Stripe's API: a cheap session cannot pay a dearer invoice (the
 * checkout 11.00, checkout 50.00, pay the first attack), nor a session in another currency or for
 * less; replays change nothing; paying in either order converges on one payment of the current
 * session; a subscription's renewal pays only its invoice's value in its currency.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { companies, invoices, paymentEvents, plans } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addMonths } from "@/billing/periods.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { createPlan, login } from "../_helpers/factories.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { operatorToken, setPlatform } from "./_support.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { signedEvent, startStripeServer } from "../_helpers/stripe_server.ts";

const SECRET = "whsec_rule_secret";
const TZ = "America/Sao_Paulo";

Deno.test("[billing] Stripe payments follow the payment rule", async (t) => {
  const stripe = startStripeServer();
  const clock = new ManualClock("2026-03-10T15:00:00Z");
  const app = await startTestServer({ clock, scheduler: false, env: { STRIPE_API_URL: stripe.url } });
  try {
    const op = await operatorToken(app);
    await setPlatform(app, op, "stripeprivatekey", "sk_test_rule");
    await setPlatform(app, op, "stripewebhooksecret", SECRET);
    // This platform bills in dollars: its invoices, and so its Stripe sessions, are in USD.
    await setPlatform(app, op, "billingCurrency", "USD");
    const a = await createTenant(app, {
      plan: { name: "Cheap", amount: 11, isPublic: true },
      dueDate: addDays(todayIn(clock.now(), TZ), 5),
    });
    const cheap = a.plan;
    const dear = await createPlan(app, { name: "Dear", amount: 50, isPublic: true });
    const company = async () =>
      (await app.deps.db.select().from(companies).where(eq(companies.id, a.company.id)))[0];
    const invoice = async (id: number) =>
      (await app.deps.db.select().from(invoices).where(eq(invoices.id, id)))[0];
    /** The company's open invoice at the clock's time (the admin logs in again at that time). */
    const openInvoice = async () => {
      a.adminToken = (await login(app, a.admin)).token;
      await ensureInvoices(app.deps);
      return (await app.deps.db.select().from(invoices)
        .where(and(eq(invoices.companyId, a.company.id), eq(invoices.status, "open"))))[0];
    };
    /** POST /subscription for the plan; the session Stripe made for it. */
    const checkout = async (invoiceId: number, planId: number, isRecurrent = false) => {
      await expectOk(
        await app.request("/api/subscription", {
          method: "POST",
          token: a.adminToken,
          json: { firstName: "Ana", zipcode: "1", plan: planId, invoiceId, isRecurrent },
        }),
      );
      return [...stripe.sessions.values()].at(-1)!;
    };
    const deliver = async (id: string, type: string, object: Json) => {
      const ev = await signedEvent(SECRET, { id, type, object });
      const res = await app.request("/api/webhooks/stripe", {
        method: "POST",
        body: ev.body,
        headers: { "content-type": "application/json", "stripe-signature": ev.signature },
      });
      return String((await expectOk<Json>(res)).result);
    };
    /** A genuine checkout.session.completed object for a session, as paid. */
    const paid = (session: Json, extra: Json = {}) => ({
      ...session,
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_${session.id}`,
      ...extra,
    });
    const outcomes = async (invoiceId: number) =>
      (await app.deps.db.select().from(paymentEvents).where(eq(paymentEvents.invoiceId, invoiceId)))
        .map((e) => `${e.eventId} ${e.outcome ?? "applied"}`);

    const first = await openInvoice();
    let s1: Json = {}, s2: Json = {};

    await t.step("checkout again on the same invoice expires the earlier session at Stripe", async () => {
      s1 = await checkout(first.id, cheap.id);
      assert.equal(s1.amount_total, 1100);
      s2 = await checkout(first.id, dear.id);
      assert.equal(s2.amount_total, 5000);
      assert.ok(stripe.calls.some((c) => c.path === `/v1/checkout/sessions/${s1.id}/expire`));
      assert.equal(s1.status, "expired");
      assert.equal((await invoice(first.id)).value, 50);
    });

    await t.step("the cheap session paid: refused, recorded, the company unchanged", async () => {
      const before = await company();
      assert.equal(await deliver("evt_cheap_1", "checkout.session.completed", paid(s1)), "not_found");
      const inv = await invoice(first.id);
      assert.equal(inv.status, "open");
      assert.equal(inv.value, 50);
      assert.match(inv.paymentIssue ?? "", /evt_cheap_1: replaced/);
      const after = await company();
      assert.equal(after.planId, cheap.id);
      assert.equal(after.dueDate, before.dueDate);
      // The company's invoice list says the payment was refused, not why (the operator's review has it).
      const list = await expectOk<Json>(
        await app.request("/api/invoices/all?view=page", { token: a.adminToken }),
      );
      const row = (list.invoices as Json[]).find((i) => i.id === first.id)!;
      assert.equal(row.paymentRefused, true);
      assert.equal("paymentIssue" in row, false);
      assert.equal("providerError" in row, false);
    });

    await t.step("replays refused: the same event is a duplicate, a new one refused again", async () => {
      assert.equal(await deliver("evt_cheap_1", "checkout.session.completed", paid(s1)), "duplicate");
      assert.equal(
        await deliver("evt_cheap_2", "checkout.session.async_payment_succeeded", paid(s1)),
        "not_found",
      );
      assert.equal((await invoice(first.id)).status, "open");
    });

    await t.step(
      "the current session for less, in another currency, or for another invoice: refused",
      async () => {
        assert.equal(
          await deliver("evt_less", "checkout.session.completed", paid(s2, { amount_total: 1100 })),
          "not_found",
        );
        assert.match((await invoice(first.id)).paymentIssue ?? "", /evt_less: too_little/);
        assert.equal(
          await deliver("evt_brl", "checkout.session.completed", paid(s2, { currency: "brl" })),
          "not_found",
        );
        assert.match((await invoice(first.id)).paymentIssue ?? "", /evt_brl: wrong_currency/);
        const metadata = { invoiceId: String(first.id + 1000), companyId: String(a.company.id) };
        assert.equal(
          await deliver("evt_other", "checkout.session.completed", paid(s2, { metadata })),
          "not_found",
        );
        assert.match((await invoice(first.id)).paymentIssue ?? "", /evt_other: other_invoice/);
        assert.equal((await invoice(first.id)).status, "open");
        assert.equal((await company()).planId, cheap.id);
      },
    );

    await t.step("cheap first, then the current session: paid once, on the dear plan", async () => {
      const before = (await company()).dueDate!;
      assert.equal(await deliver("evt_dear_1", "checkout.session.completed", paid(s2)), "paid");
      assert.equal(await deliver("evt_dear_1", "checkout.session.completed", paid(s2)), "duplicate");
      const inv = await invoice(first.id);
      assert.equal(inv.status, "paid");
      assert.equal((await company()).planId, dear.id);
      assert.equal((await company()).dueDate, addMonths(before, 1));
      assert.deepEqual((await outcomes(first.id)).sort(), [
        "evt_brl refused: wrong_currency",
        "evt_cheap_1 refused: replaced",
        "evt_cheap_2 refused: replaced",
        "evt_dear_1 applied",
        "evt_less refused: too_little",
        "evt_other refused: other_invoice",
      ]);
    });

    await t.step("the current session first, then an earlier one: the same end", async () => {
      const due = (await company()).dueDate!;
      clock.set(`${addDays(due, -3)}T15:00:00Z`);
      const next = await openInvoice();
      const cheapSession = await checkout(next.id, cheap.id);
      const dearSession = await checkout(next.id, dear.id);
      assert.equal(await deliver("evt_b_dear", "checkout.session.completed", paid(dearSession)), "paid");
      assert.equal(
        await deliver("evt_b_cheap", "checkout.session.completed", paid(cheapSession)),
        "not_found",
      );
      assert.equal((await invoice(next.id)).status, "paid");
      assert.equal((await company()).planId, dear.id);
      assert.equal((await company()).dueDate, addMonths(due, 1));
    });

    await t.step(
      "renewals: too little or another currency refused; the invoice's value renews once",
      async () => {
        // Subscribe on the next invoice (dear plan, 50.00 a month).
        let due = (await company()).dueDate!;
        clock.set(`${addDays(due, -3)}T15:00:00Z`);
        const subInvoice = await openInvoice();
        const sub = await checkout(subInvoice.id, dear.id, true);
        assert.equal(
          await deliver("evt_sub", "checkout.session.completed", paid(sub, { subscription: "sub_rule" })),
          "paid",
        );
        due = (await company()).dueDate!;
        clock.set(`${addDays(due, -3)}T15:00:00Z`);
        // The operator makes the plan dearer: the renewal invoice costs 60.00.
        await app.deps.database.write((tx) =>
          tx.update(plans).set({ amount: 60 }).where(eq(plans.id, dear.id))
        );
        const cycle = (id: string, amount_paid: number, currency = "usd") =>
          deliver(id, "invoice.paid", {
            id: `in_${id}`,
            object: "invoice",
            billing_reason: "subscription_cycle",
            amount_paid,
            currency,
            status: "paid",
            parent: { type: "subscription_details", subscription_details: { subscription: "sub_rule" } },
          });
        assert.equal(await cycle("evt_cycle_low", 5000), "not_found");
        const renewal = await openInvoice();
        assert.equal(renewal.value, 60);
        assert.match((await invoice(renewal.id)).paymentIssue ?? "", /evt_cycle_low: too_little/);
        assert.equal(await cycle("evt_cycle_eur", 6000, "eur"), "not_found");
        assert.equal((await company()).dueDate, due);
        assert.equal(await cycle("evt_cycle_ok", 6000), "paid");
        assert.equal(await cycle("evt_cycle_ok", 6000), "duplicate");
        assert.equal((await company()).dueDate, addMonths(due, 1));
        assert.equal((await invoice(renewal.id)).status, "paid");
      },
    );
  } finally {
    await app.close();
    await stripe.close();
  }
});
