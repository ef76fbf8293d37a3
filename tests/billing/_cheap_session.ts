/**
 * The cheap-session attack on Stripe, as stripe_rule_test.ts plays it, packaged for the suites that
 * need a refused payment to look at (the operator's payments review, its browser test): a company
 * checks out a cheap plan, then a dear one on the same invoice, then pays the cheap session; the
 * genuine signed checkout.session.completed is refused by the payment rule.
 */
import { and, eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import { ensureInvoices } from "@/billing/invoices.ts";
import { addDays, todayIn } from "@/lib/time.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { createPlan, login } from "../_helpers/factories.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { OPERATOR } from "../_helpers/test_app.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { signedEvent, type StripeServer } from "../_helpers/stripe_server.ts";

export const RULE_SECRET = "whsec_cheap_session";

/** Stripe configured for the platform (secret key and webhook secret), through the operator's API. */
export async function configureStripe(app: TestApp) {
  const op = (await login(app, OPERATOR)).token;
  for (const [key, value] of [["stripeprivatekey", "sk_test_cheap"], ["stripewebhooksecret", RULE_SECRET]]) {
    const res = await app.request(`/api/settings/${key}`, { method: "PUT", token: op, json: { value } });
    if (res.status !== 200) throw new Error(`PUT /settings/${key}: ${res.status}`);
  }
  return op;
}

/** Delivers a signed Stripe event; the webhook's `result`. */
export async function deliverStripe(app: TestApp, id: string, type: string, object: Json): Promise<string> {
  const ev = await signedEvent(RULE_SECRET, { id, type, object });
  const res = await app.request("/api/webhooks/stripe", {
    method: "POST",
    body: ev.body,
    headers: { "content-type": "application/json", "stripe-signature": ev.signature },
  });
  return String((await expectOk<Json>(res)).result);
}

/**
 * A company (named `name`) whose invoice was re-priced 11.00 → 50.00 and then "paid" with the 11.00
 * session under `eventId`; `result` is what the webhook answered ("not_found": refused).
 */
export async function refusedCheapSession(
  app: TestApp,
  stripe: StripeServer,
  o: { name: string; eventId: string; now?: Date },
) {
  const now = o.now ?? new Date();
  const tenant = await createTenant(app, {
    name: o.name,
    plan: { name: `${o.name} Cheap`, amount: 11, isPublic: true },
    dueDate: addDays(todayIn(now, "America/Sao_Paulo"), 5),
  });
  const dear = await createPlan(app, { name: `${o.name} Dear`, amount: 50, isPublic: true });
  await ensureInvoices(app.deps, now, tenant.company.id);
  const [invoice] = await app.deps.db.select().from(invoices)
    .where(and(eq(invoices.companyId, tenant.company.id), eq(invoices.status, "open")));
  const checkout = async (planId: number) => {
    await expectOk(
      await app.request("/api/subscription", {
        method: "POST",
        token: tenant.adminToken,
        json: { firstName: "Ana", zipcode: "1", plan: planId, invoiceId: invoice.id },
      }),
    );
    return [...stripe.sessions.values()].at(-1)!;
  };
  const cheap = await checkout(tenant.plan.id);
  await checkout(dear.id);
  const result = await deliverStripe(app, o.eventId, "checkout.session.completed", {
    ...cheap,
    status: "complete",
    payment_status: "paid",
    payment_intent: `pi_${cheap.id}`,
  });
  return { tenant, invoice, cheap, result };
}
