/**
 * Stripe through the official package: Checkout Sessions (one payment, or a subscription when the
 * company asks for recurring billing) and the webhook. STRIPE_API_URL points the client elsewhere
 * (tests: a local server speaking Stripe's API). Signatures are checked with the async helper and
 * SubtleCrypto (the sync one cannot run under Deno); nothing is read from an unverified body, and
 * a verified one is bounded by webhook_inputs.ts before use. Every payment goes through the
 * payment rule: a session counts only for the invoice it was made for, while it is current.
 */
import type Stripe from "stripe";
import { and, desc, eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { readSecret } from "../settings/service.ts";
import { monthsOf } from "./periods.ts";
import { type PaymentResult, recordEvent, seenEvent } from "./payments.ts";
import { acceptPayment } from "./payment_rule.ts";
import { idOf, parseWebhook, stripeEvent, stripeInvoice, stripeSession } from "./webhook_inputs.ts";
import type { InvoiceRow } from "./invoices.ts";
import { ensureInvoices, oldestOpenInvoice } from "./invoices.ts";

/** The package, loaded when Stripe is first used rather than at start-up (a large module). */
let loaded:
  | Promise<{ Stripe: typeof Stripe; verify: { crypto: unknown; webhooks: Stripe["webhooks"] } }>
  | null = null;
function stripePackage() {
  return loaded ??= import("stripe").then(({ default: S }) => ({
    Stripe: S as typeof Stripe,
    // Signature checks need no key; this instance never calls the API.
    verify: {
      crypto: S.createSubtleCryptoProvider(),
      webhooks: new S("sk_verify_only", { httpClient: S.createFetchHttpClient() }).webhooks,
    },
  }));
}

export async function stripeClient(deps: Deps): Promise<Stripe | null> {
  const key = await readSecret(deps, "stripeprivatekey");
  if (!key) return null;
  const url = new URL(deps.config.providers.stripe);
  const { Stripe } = await stripePackage();
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
  const currency = inv.currency.toLowerCase();
  // A plan's own Stripe price bills only when it is in the invoice's currency; else the invoice's value.
  const ownPrice = o.recurrent && o.stripePriceId &&
      (await stripe.prices.retrieve(o.stripePriceId)).currency === currency
    ? o.stripePriceId
    : null;
  const session = await stripe.checkout.sessions.create({
    mode: o.recurrent ? "subscription" : "payment",
    client_reference_id: String(inv.companyId),
    customer_email: o.email ?? undefined,
    // A recurring plan with a Stripe price of its own bills that price; otherwise the invoice's value.
    line_items: [
      ownPrice ? { quantity: 1, price: ownPrice } : {
        quantity: 1,
        price_data: {
          currency,
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

/** Expires a Checkout Session a later checkout replaced; failures are logged only. */
export async function expireSession(stripe: Stripe, id: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(id);
  } catch (err) {
    console.warn(`[billing] stripe: expiring session ${id} failed:`, (err as Error).message);
  }
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

/** Verifies, bounds and applies one webhook delivery. 401 on a missing or wrong signature. */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<PaymentResult | "ignored"> {
  const secret = await readSecret(deps, "stripewebhooksecret");
  if (!secret || !signature) {
    throw new AppError("ERR_UNAUTHENTICATED", { message: "stripe signature required" });
  }
  let verified: Stripe.Event;
  try {
    const { verify } = await stripePackage();
    verified = await verify.webhooks.constructEventAsync(
      rawBody,
      signature,
      secret,
      undefined,
      verify.crypto as Parameters<Stripe["webhooks"]["constructEventAsync"]>[4],
    );
  } catch (err) {
    throw new AppError("ERR_UNAUTHENTICATED", { message: "invalid stripe signature", cause: err });
  }
  const event = parseWebhook("stripe", stripeEvent, verified);
  const ev = { provider: "stripe", eventId: event.id, type: event.type };
  if (await seenEvent(deps, "stripe", event.id)) return "duplicate";
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = parseWebhook("stripe", stripeSession, event.data.object);
      if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") break;
      const invoiceId = Number(session.metadata?.invoiceId), companyId = Number(session.metadata?.companyId);
      const subscriptionId = idOf(session.subscription) || null;
      const result = await acceptPayment(deps, {
        event: ev,
        ref: session.id,
        claimed: Number.isSafeInteger(invoiceId) && Number.isSafeInteger(companyId) && invoiceId > 0
          ? { invoiceId, companyId }
          : undefined,
        reported: { amount: minor(session.amount_total), currency: session.currency },
        txid: idOf(session.payment_intent) || session.id,
        subscriptionId,
      });
      return result;
    }
    case "invoice.paid": {
      // The first invoice of a subscription is paid through its Checkout Session; later ones renew
      // the company's oldest open invoice — if they pay its value in the subscription's currency.
      const paid = parseWebhook("stripe", stripeInvoice, event.data.object);
      if (paid.billing_reason !== "subscription_cycle") break;
      const sub = idOf(paid.parent?.subscription_details?.subscription) || idOf(paid.subscription);
      if (!sub) break;
      const [owner] = await deps.db.select({ companyId: invoices.companyId }).from(invoices)
        .where(eq(invoices.subscriptionId, sub)).orderBy(desc(invoices.id)).limit(1);
      if (!owner) break;
      await ensureInvoices(deps, undefined, owner.companyId);
      const open = await oldestOpenInvoice(deps, owner.companyId);
      if (!open) break;
      return await acceptPayment(deps, {
        event: ev,
        ref: sub,
        terms: { invoiceId: open.id, amount: open.value, currency: open.currency, current: true },
        reported: { amount: minor(paid.amount_paid), currency: paid.currency },
        txid: paid.id,
        subscriptionId: sub,
      });
    }
  }
  return (await recordEvent(deps, ev)) ? "ignored" : "duplicate";
}

/** Stripe amounts are in the currency's minor unit (cents: every billing currency has two decimals). */
const minor = (n: number | null | undefined) => (typeof n === "number" ? n / 100 : null);
