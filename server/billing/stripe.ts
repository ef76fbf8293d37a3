/**
 * Stripe through the official package: Checkout Sessions (one payment, or a subscription when the
 * company asks for recurring billing) and the webhook. STRIPE_API_URL points the client elsewhere
 * (tests: a local server speaking Stripe's API). Signatures are checked with the async helper and
 * SubtleCrypto (the sync one cannot run under Deno); nothing is read from an unverified body.
 */
import Stripe from "stripe";
import { and, desc, eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { readSecret } from "../settings/service.ts";
import { monthsOf } from "./periods.ts";
import { payInvoice, type PaymentResult, recordEvent, seenEvent } from "./payments.ts";
import type { InvoiceRow } from "./invoices.ts";
import { ensureInvoices, oldestOpenInvoice } from "./invoices.ts";

const crypto = Stripe.createSubtleCryptoProvider();
/** Signature checks need no key; this instance never calls the API. */
const verifier = new Stripe("sk_verify_only", { httpClient: Stripe.createFetchHttpClient() }).webhooks;

export async function stripeClient(deps: Deps): Promise<Stripe | null> {
  const key = await readSecret(deps, "stripeprivatekey");
  if (!key) return null;
  const url = new URL(deps.config.providers.stripe);
  return new Stripe(key, {
    host: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    protocol: url.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 1,
    timeout: 20_000,
    httpClient: Stripe.createFetchHttpClient(),
  });
}

/** A Checkout Session for the invoice; returns its id and the page the customer pays on. */
export async function createCheckoutSession(
  deps: Deps,
  stripe: Stripe,
  inv: InvoiceRow,
  o: { recurrence: string; recurrent: boolean; email?: string | null; stripePriceId?: string | null },
): Promise<{ id: string; url: string }> {
  const months = monthsOf(o.recurrence);
  const base = deps.config.publicUrl;
  const metadata = { invoiceId: String(inv.id), companyId: String(inv.companyId) };
  const amount = Math.round(inv.value * 100);
  const session = await stripe.checkout.sessions.create({
    mode: o.recurrent ? "subscription" : "payment",
    client_reference_id: String(inv.companyId),
    customer_email: o.email ?? undefined,
    // A recurring plan with a Stripe price of its own bills that price; otherwise the invoice's value.
    line_items: [
      o.recurrent && o.stripePriceId ? { quantity: 1, price: o.stripePriceId } : {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: amount,
          product_data: { name: inv.detail || `Invoice ${inv.id}` },
          ...(o.recurrent ? { recurring: { interval: "month" as const, interval_count: months } } : {}),
        },
      },
    ],
    metadata,
    ...(o.recurrent ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    success_url: `${base}/financeiro?paid=${inv.id}`,
    cancel_url: `${base}/financeiro`,
  });
  if (!session.url) throw new AppError("ERR_INTERNAL", { message: "stripe returned no checkout url" });
  return { id: session.id, url: session.url };
}

/** Cancels at the end of the period already paid (spec 3 §4: it cannot be reverted). */
export async function cancelSubscription(
  deps: Deps,
  companyId: number,
  subscriptionId: string,
): Promise<void> {
  const [own] = await deps.db.select({ id: invoices.id }).from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.subscriptionId, subscriptionId))).limit(1);
  if (!own) throw new AppError("ERR_NOT_FOUND", { details: { resource: "subscription" } });
  const stripe = await stripeClient(deps);
  if (!stripe) throw new AppError("ERR_NOT_FOUND", { details: { resource: "payment provider" } });
  await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  await deps.database.write((tx) =>
    tx.update(invoices).set({ subscriptionId: null })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.subscriptionId, subscriptionId)))
  );
}

type Obj = Record<string, unknown>;
const str = (
  v: unknown,
) => (typeof v === "string" ? v : typeof v === "object" && v ? String((v as Obj).id ?? "") : "");

/** Verifies and applies one webhook delivery. Throws 401 on a missing or wrong signature. */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<PaymentResult | "ignored"> {
  const secret = await readSecret(deps, "stripewebhooksecret");
  if (!secret || !signature) {
    throw new AppError("ERR_UNAUTHENTICATED", { message: "stripe signature required" });
  }
  let event: Stripe.Event;
  try {
    event = await verifier.constructEventAsync(rawBody, signature, secret, undefined, crypto);
  } catch (err) {
    throw new AppError("ERR_UNAUTHENTICATED", { message: "invalid stripe signature", cause: err });
  }
  const ev = { provider: "stripe", eventId: event.id, type: event.type };
  if (await seenEvent(deps, "stripe", event.id)) return "duplicate";
  const obj = event.data.object as unknown as Obj;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const status = obj.payment_status;
      if (status !== "paid" && status !== "no_payment_required") break;
      const meta = (obj.metadata ?? {}) as Obj;
      const invoiceId = Number(meta.invoiceId), companyId = Number(meta.companyId);
      if (!invoiceId || !companyId) break;
      return await payInvoice(deps, {
        companyId,
        invoiceId,
        txid: str(obj.payment_intent) || str(obj.id),
        subscriptionId: str(obj.subscription) || null,
        event: ev,
      });
    }
    case "invoice.paid": {
      // The first invoice of a subscription is paid through its Checkout Session; later ones renew.
      if (obj.billing_reason !== "subscription_cycle") break;
      const parent = (obj.parent ?? {}) as Obj;
      const details = (parent.subscription_details ?? {}) as Obj;
      const sub = str(details.subscription) || str(obj.subscription);
      if (!sub) break;
      const [owner] = await deps.db.select({ companyId: invoices.companyId }).from(invoices)
        .where(eq(invoices.subscriptionId, sub)).orderBy(desc(invoices.id)).limit(1);
      if (!owner) break;
      await ensureInvoices(deps, undefined, owner.companyId);
      const open = await oldestOpenInvoice(deps, owner.companyId);
      if (!open) break;
      return await payInvoice(deps, {
        companyId: owner.companyId,
        invoiceId: open.id,
        txid: str(obj.id),
        subscriptionId: sub,
        event: ev,
      });
    }
  }
  return (await recordEvent(deps, ev)) ? "ignored" : "duplicate";
}
