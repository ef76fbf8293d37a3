/**
 * Invoices and Stripe end to end, against a local server speaking Stripe's API (the real `stripe`
 * package pointed at it by STRIPE_API_URL) and webhook payloads signed with the package's helper:
 * the invoice job, checkout, a verified webhook that advances the due date exactly once however
 * often and in whatever order it arrives, unsigned or wrongly signed deliveries that change
 * nothing, the live payment frame, the gate of an unpaid invoice past due, recurring renewal and
 * cancellation.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies, invoices, plans } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addMonths } from "@/billing/periods.ts";
import { todayIn } from "@/lib/time.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { createPlan, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { operatorToken, setPlatform } from "./_support.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { signedEvent, startStripeServer } from "../_helpers/stripe_server.ts";
import { addDays } from "@/lib/time.ts";

const SECRET = "whsec_test_secret";
const TZ = "America/Sao_Paulo";

Deno.test("[billing] invoices, Stripe checkout and webhooks", async (t) => {
  const stripe = startStripeServer();
  const clock = new ManualClock("2026-03-10T15:00:00Z");
  const app = await startTestServer({ clock, scheduler: false, env: { STRIPE_API_URL: stripe.url } });
  try {
    const op = await operatorToken(app);
    await setPlatform(app, op, "stripeprivatekey", "sk_test_123");
    await setPlatform(app, op, "stripewebhooksecret", SECRET);
    // This platform bills in dollars: its invoices, and so its Stripe sessions, are in USD.
    await setPlatform(app, op, "billingCurrency", "USD");
    const plan = await createPlan(app, { name: "Pro", amount: 10, isPublic: true });
    const today = todayIn(clock.now(), TZ);
    const a = await createTenant(app, { dueDate: addDays(today, 5) });
    await app.deps.database.write((tx) =>
      tx.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id))
    );
    const other = await createTenant(app);
    const deliver = (body: string, signature?: string) =>
      app.request("/api/webhooks/stripe", {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          ...(signature ? { "stripe-signature": signature } : {}),
        },
      });
    const dueOf = async (id: number) =>
      (await app.deps.db.select().from(companies).where(eq(companies.id, id)))[0].dueDate!;

    let invoiceId = 0;
    await t.step("the job creates the next invoice ahead of the due date, once", async () => {
      clock.set("2026-02-01T15:00:00Z");
      assert.equal(await ensureInvoices(app.deps), 0, "nothing 34 days ahead");
      clock.set("2026-03-10T15:00:00Z");
      assert.ok((await ensureInvoices(app.deps)) >= 1);
      assert.equal(await ensureInvoices(app.deps), 0, "a second run creates nothing");
      const l = await expectOk<Json>(
        await app.request("/api/invoices/all?pageNumber=1&view=page", { token: a.adminToken }),
      );
      const list = l.invoices as Json[];
      assert.equal(list.length, 1);
      assert.equal(list[0].status, "open");
      assert.equal(list[0].value, 10);
      assert.equal(list[0].dueDate, addDays(today, 5));
      assert.equal("stripeId" in list[0], false);
      invoiceId = list[0].id as number;
      const n = await expectOk<Json>(await app.request("/api/invoices/count", { token: a.userToken }));
      assert.equal(n.unpaid, 1);
      // Another company's invoices are not listed, and its id cannot be paid by this company.
      const o = await expectOk<Json>(
        await app.request("/api/invoices/all?view=page", { token: other.adminToken }),
      );
      assert.ok(!(o.invoices as Json[]).some((i) => i.id === invoiceId));
    });

    let sessionId = "";
    await t.step("checkout: the server prices the plan; Stripe Checkout Session", async () => {
      await expectError(
        await app.request("/api/subscription", { method: "POST", token: a.userToken, json: {} }),
        403,
        "ERR_NO_PERMISSION",
      );
      const payload = {
        firstName: "Ana",
        lastName: "Lima",
        zipcode: "12345678900",
        plan: JSON.stringify({ id: plan.id, title: "Pro", price: 1 }),
        price: 1,
        users: 1,
        connections: 1,
        invoiceId,
        isRecurrent: false,
      };
      await expectError(
        await app.request("/api/subscription", { method: "POST", token: other.adminToken, json: payload }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectError(
        await app.request("/api/subscription", {
          method: "POST",
          token: a.adminToken,
          json: { ...payload, zipcode: "" },
        }),
        400,
        "ERR_VALIDATION",
      );
      const r = await expectOk<Json>(
        await app.request("/api/subscription", { method: "POST", token: a.adminToken, json: payload }),
      );
      assert.equal(r.valorext, 10);
      assert.match(String(r.stripeURL), /\/pay\/cs_test_/);
      const call = stripe.calls.find((c) => c.path === "/v1/checkout/sessions")!;
      assert.equal(call.auth, "Bearer sk_test_123");
      assert.equal(call.form["line_items[0][price_data][unit_amount]"], "1000");
      assert.equal(call.form["metadata[invoiceId]"], String(invoiceId));
      assert.equal(call.form.mode, "payment");
      sessionId = [...stripe.sessions.keys()].at(-1)!;
      const opts = await expectOk<Json>(
        await app.request("/api/companySettingOnePayment", { token: a.adminToken }),
      );
      assert.equal(opts.stripe, true);
    });

    const session = (status: string, extra: Json = {}) => ({
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      payment_status: status,
      amount_total: 1000,
      currency: "usd",
      payment_intent: "pi_123",
      metadata: { invoiceId: String(invoiceId), companyId: String(a.company.id) },
      ...extra,
    });

    await t.step("unsigned or wrongly signed webhooks change nothing", async () => {
      const before = await dueOf(a.company.id);
      const paid = await signedEvent("whsec_wrong", {
        id: "evt_bad",
        type: "checkout.session.completed",
        object: session("paid"),
      });
      await expectError(await deliver(paid.body), 401, "ERR_UNAUTHENTICATED");
      await expectError(await deliver(paid.body, paid.signature), 401, "ERR_UNAUTHENTICATED");
      const good = await signedEvent(SECRET, {
        id: "evt_x",
        type: "checkout.session.completed",
        object: session("paid"),
      });
      const tampered = good.body.replace(String(invoiceId), String(invoiceId + 1000));
      await expectError(await deliver(tampered, good.signature), 401, "ERR_UNAUTHENTICATED");
      assert.equal(await dueOf(a.company.id), before);
      const [inv] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
      assert.equal(inv.status, "open");
    });

    await t.step(
      "paid: due date advanced exactly once, three deliveries, out of order; live frame",
      async () => {
        const before = await dueOf(a.company.id);
        const ws = await connectWs(app.wsUrl, a.adminToken);
        const completedUnpaid = await signedEvent(SECRET, {
          id: "evt_1",
          type: "checkout.session.completed",
          object: session("unpaid"),
        });
        const succeeded = await signedEvent(SECRET, {
          id: "evt_2",
          type: "checkout.session.async_payment_succeeded",
          object: session("paid"),
        });
        const completedPaid = await signedEvent(SECRET, {
          id: "evt_3",
          type: "checkout.session.completed",
          object: session("paid"),
        });
        // The later event first, then the earlier one, then redeliveries.
        const results: string[] = [];
        for (const d of [succeeded, completedUnpaid, succeeded, completedPaid, succeeded, completedPaid]) {
          results.push(String((await expectOk<Json>(await deliver(d.body, d.signature))).result));
        }
        assert.deepEqual(results, ["paid", "ignored", "duplicate", "already_paid", "duplicate", "duplicate"]);
        assert.equal(await dueOf(a.company.id), addMonths(before, 1));
        const frame = await ws.next((f) => f.event === `company-${a.company.id}-payment`, 5000);
        assert.equal(frame.data?.action, "CONCLUIDA");
        assert.equal((frame.data?.company as Json).dueDate, addMonths(before, 1));
        await ws.close();
        const [inv] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
        assert.equal(inv.status, "paid");
        assert.equal(inv.txid, "pi_123");
        // Another company never heard of it.
        assert.equal(
          await dueOf(other.company.id),
          (await app.deps.db.select().from(companies).where(eq(companies.id, other.company.id)))[0].dueDate,
        );
      },
    );

    await t.step("an unpaid invoice past due closes the gate; paying reopens it", async () => {
      const due = await dueOf(a.company.id);
      clock.set(`${addDays(due, 2)}T15:00:00Z`);
      a.adminToken = (await login(app, a.admin)).token;
      await ensureInvoices(app.deps);
      await expectError(
        await app.request("/api/users", { token: a.adminToken }),
        402,
        "ERR_SUBSCRIPTION_EXPIRED",
      );
      const l = await expectOk<Json>(
        await app.request("/api/invoices/all?view=page", { token: a.adminToken }),
      );
      const open = (l.invoices as Json[]).find((i) => i.status === "open")!;
      assert.equal(open.dueDate, due);
      await expectOk(
        await app.request("/api/subscription", {
          method: "POST",
          token: a.adminToken,
          json: { firstName: "Ana", zipcode: "1", plan: plan.id, invoiceId: open.id, isRecurrent: true },
        }),
      );
      const call = stripe.calls.at(-1)!;
      assert.equal(call.form.mode, "subscription");
      assert.equal(call.form["line_items[0][price_data][recurring][interval]"], "month");
      assert.equal(call.form["line_items[0][price_data][recurring][interval_count]"], "1");
      // A plan with its own Stripe price is billed by that price.
      await app.deps.database.write((tx) =>
        tx.update(plans).set({ stripePriceId: "price_pro" }).where(eq(plans.id, plan.id))
      );
      await expectOk(
        await app.request("/api/subscription", {
          method: "POST",
          token: a.adminToken,
          json: { firstName: "Ana", zipcode: "1", plan: plan.id, invoiceId: open.id, isRecurrent: "true" },
        }),
      );
      // The session create call (the replaced session is expired after it).
      const create = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions")!;
      assert.equal(create.form["line_items[0][price]"], "price_pro");
      const sid = [...stripe.sessions.keys()].at(-1)!;
      const ev = await signedEvent(SECRET, {
        id: "evt_10",
        type: "checkout.session.completed",
        object: {
          id: sid,
          object: "checkout.session",
          mode: "subscription",
          payment_status: "paid",
          amount_total: 1000,
          currency: "usd",
          subscription: "sub_abc",
          metadata: { invoiceId: String(open.id), companyId: String(a.company.id) },
        },
      });
      assert.equal((await expectOk<Json>(await deliver(ev.body, ev.signature))).result, "paid");
      // Late payment: a whole period from today.
      assert.equal(await dueOf(a.company.id), addMonths(todayIn(clock.now(), TZ), 1));
      await expectOk(await app.request("/api/users", { token: a.adminToken }));
    });

    await t.step("a subscription's next cycle renews once; cancel at period end", async () => {
      const due = await dueOf(a.company.id);
      clock.set(`${addDays(due, -3)}T15:00:00Z`);
      a.adminToken = (await login(app, a.admin)).token;
      other.adminToken = (await login(app, other.admin)).token;
      const cycle = await signedEvent(SECRET, {
        id: "evt_20",
        type: "invoice.paid",
        object: {
          id: "in_1",
          object: "invoice",
          billing_reason: "subscription_cycle",
          amount_paid: 1000,
          currency: "usd",
          parent: { subscription_details: { subscription: "sub_abc" } },
        },
      });
      assert.equal((await expectOk<Json>(await deliver(cycle.body, cycle.signature))).result, "paid");
      assert.equal((await expectOk<Json>(await deliver(cycle.body, cycle.signature))).result, "duplicate");
      assert.equal(await dueOf(a.company.id), addMonths(due, 1));

      await expectError(
        await app.request("/api/subscription/cancel", {
          method: "POST",
          token: other.adminToken,
          json: { subscriptionId: "sub_abc" },
        }),
        404,
        "ERR_NOT_FOUND",
      );
      await expectOk(
        await app.request("/api/subscription/cancel", {
          method: "POST",
          token: a.adminToken,
          json: { subscriptionId: "sub_abc" },
        }),
      );
      const call = stripe.calls.at(-1)!;
      assert.equal(call.path, "/v1/subscriptions/sub_abc");
      assert.equal(call.form.cancel_at_period_end, "true");
    });
  } finally {
    await app.close();
    await stripe.close();
  }
});
