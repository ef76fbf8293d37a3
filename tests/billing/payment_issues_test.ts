/**
 * The operator's payments review (GET /payment-issues): a refused payment (the cheap-session attack)
 * and a provider failure during checkout appear, newest first, with what the provider reported and
 * answered; only the operator's super users may read it; a company's invoice list only says that a
 * payment was refused, never why nor what the provider answered, and never another company's rows.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import { startTestServer } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { PLATFORM_COMPANY_ID } from "@/settings/registry.ts";
import { startStripeServer } from "../_helpers/stripe_server.ts";
import { configureStripe, refusedCheapSession } from "./_cheap_session.ts";

Deno.test("[billing] the operator's payments review", async (t) => {
  const stripe = startStripeServer();
  const clock = new ManualClock("2026-03-10T15:00:00Z");
  const app = await startTestServer({ clock, scheduler: false, env: { STRIPE_API_URL: stripe.url } });
  try {
    const op = await configureStripe(app);
    const a = await refusedCheapSession(app, stripe, {
      name: "Alfa",
      eventId: "evt_review_cheap",
      now: clock.now(),
    });
    assert.equal(a.result, "not_found");
    clock.advance(60_000);
    const b = await refusedCheapSession(app, stripe, {
      name: "Beta",
      eventId: "evt_review_b",
      now: clock.now(),
    });
    clock.advance(60_000);
    // Beta's next checkout meets Stripe down: the provider's page is kept on the invoice.
    stripe.down = 502;
    const failed = await app.request("/api/subscription", {
      method: "POST",
      token: b.tenant.adminToken,
      json: { firstName: "Bia", zipcode: "1", plan: b.tenant.plan.id, invoiceId: b.invoice.id },
    });
    await expectError(failed, 502, "ERR_PAYMENT_PROVIDER");
    stripe.down = null;
    const list = (token?: string, page = 1) =>
      app.request(`/api/payment-issues?pageNumber=${page}`, { token });

    await t.step("401 without a session", async () => {
      assert.equal((await list()).status, 401);
    });

    await t.step(
      "403 for a company admin, and for an admin of the operator's company who is not super",
      async () => {
        await expectError(await list(a.tenant.adminToken), 403, "ERR_NO_PERMISSION");
        const staff = await createUser(app, PLATFORM_COMPANY_ID, { profile: "admin", super: false });
        await expectError(await list((await login(app, staff)).token), 403, "ERR_NO_PERMISSION");
      },
    );

    await t.step("the operator sees both, newest first, with what the providers said", async () => {
      const body = await expectOk<Json>(await list(op));
      assert.equal(body.count, 3);
      assert.equal(body.hasMore, false);
      const rows = body.issues as Json[];
      assert.deepEqual(rows.map((r) => [r.kind, (r.company as Json | null)?.name]), [
        ["provider_error", "Beta"],
        ["refused", "Beta"],
        ["refused", "Alfa"],
      ]);
      const [failure, , refused] = rows;
      assert.equal(failure.provider, "stripe");
      assert.match(String(failure.providerError), /^stripe: /);
      assert.equal((failure.invoice as Json).id, b.invoice.id);
      assert.equal(failure.at, "2026-03-10T15:02:00.000Z");
      assert.deepEqual(
        {
          provider: refused.provider,
          eventId: refused.eventId,
          eventType: refused.eventType,
          reason: refused.reason,
          amount: refused.reportedAmount,
          currency: refused.reportedCurrency,
          invoice: (refused.invoice as Json).id,
          value: (refused.invoice as Json).value,
          at: refused.at,
        },
        {
          provider: "stripe",
          eventId: "evt_review_cheap",
          eventType: "checkout.session.completed",
          reason: "replaced",
          amount: 11,
          currency: "BRL",
          invoice: a.invoice.id,
          value: 50,
          at: "2026-03-10T15:00:00.000Z",
        },
      );
      // Beta's refused row carries the invoice's provider answer too.
      assert.match(String(rows[1].providerError), /^stripe: /);
    });

    await t.step("paged: 20 a page", async () => {
      const second = await expectOk<Json>(await list(op, 2));
      assert.deepEqual(second.issues, []);
      assert.equal(second.count, 3);
    });

    await t.step(
      "a company's invoice list: refused, no reason, no provider answer, only its own",
      async () => {
        for (const who of [a, b]) {
          const res = await app.request("/api/invoices/all?view=page", { token: who.tenant.adminToken });
          const text = await res.text();
          const own = JSON.parse(text).invoices as Json[];
          assert.deepEqual(own.map((i) => [i.id, i.paymentRefused]), [[who.invoice.id, true]]);
          assert.doesNotMatch(text, /paymentIssue|providerError|evt_review|replaced|stripe:/);
        }
        const [stored] = await app.deps.db.select().from(invoices).where(eq(invoices.id, b.invoice.id));
        assert.match(stored.providerError ?? "", /^stripe: /);
      },
    );
  } finally {
    await app.close();
    await stripe.close();
  }
});
