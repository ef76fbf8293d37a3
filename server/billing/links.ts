/**
 * Payment links of Mercado Pago (a Checkout Pro preference) and Asaas (a payment link), from the
 * operator's tokens. Neither webhook is trusted for what it says: a notification (bounded by
 * webhook_inputs.ts) only names a payment, which is read back from the provider with our token;
 * only an approved/received payment the payment rule accepts pays — once per provider payment id.
 */
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { safeFetch, type SafeFetchInit } from "../lib/safe_fetch.ts";
import { readSecret } from "../settings/service.ts";
import type { InvoiceRow } from "./invoices.ts";
import { type PaymentResult, seenEvent } from "./payments.ts";
import { randomString } from "../lib/crypto.ts";
import { acceptPayment } from "./payment_rule.ts";
import { asaasBody, mercadoPagoBody, mercadoPagoPaymentId, parseWebhook } from "./webhook_inputs.ts";

const TIMEOUT_MS = 20_000;
const REF = /^invoice-(\d+)$/;

async function send<T>(deps: Deps, url: string, init: SafeFetchInit): Promise<T> {
  const res = await safeFetch(deps.fetchGuard, url, { ...init, timeoutMs: TIMEOUT_MS });
  // A plain error: the provider's answer reaches the log (and the checkout's providerError), never a client.
  if (!res.ok) {
    throw new Error(`${init.method ?? "GET"} ${url} ${res.status}: ${(await res.text()).slice(0, 1000)}`);
  }
  return await res.json() as T;
}

// ---- Mercado Pago ----------------------------------------------------------------------------

/**
 * A Checkout Pro preference for the invoice, or null when Mercado Pago is not configured. Its
 * `metadata.checkout_ref` (copied by Mercado Pago onto the payments made through it) is the
 * reference the payment rule knows this checkout by.
 */
export async function createMercadoPagoLink(
  deps: Deps,
  inv: InvoiceRow,
): Promise<{ url: string; ref: string } | null> {
  const token = await readSecret(deps, "mpaccesstoken");
  if (!token) return null;
  const base = deps.config.publicUrl;
  const ref = `chk${randomString(24)}`;
  const pref = await send<{ init_point: string }>(
    deps,
    `${deps.config.providers.mercadopago}/checkout/preferences`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        items: [{
          id: String(inv.id),
          title: inv.detail || `Invoice ${inv.id}`,
          quantity: 1,
          unit_price: inv.value,
          currency_id: inv.currency,
        }],
        external_reference: `invoice-${inv.id}`,
        metadata: { checkout_ref: ref },
        notification_url: `${base}/api/webhooks/mercadopago?source_news=webhooks`,
        back_urls: {
          success: `${base}/financeiro`,
          pending: `${base}/financeiro`,
          failure: `${base}/financeiro`,
        },
      }),
    },
  );
  return { url: pref.init_point, ref };
}

/**
 * POST /api/webhooks/mercadopago: `{type:"payment", data:{id}}` (or `?data.id=`). The payment is
 * read back; an approved one goes through the payment rule by the checkout reference Mercado Pago
 * copied from the preference's metadata (older preferences: their external_reference).
 */
export async function handleMercadoPagoWebhook(
  deps: Deps,
  raw: unknown,
  queryId: string | undefined,
): Promise<PaymentResult | "ignored"> {
  const body = raw === null ? null : parseWebhook("mercadopago", mercadoPagoBody, raw);
  const id = mercadoPagoPaymentId(body, queryId);
  if (id === null) return "ignored";
  if (await seenEvent(deps, "mercadopago", id)) return "duplicate";
  const token = await readSecret(deps, "mpaccesstoken");
  if (!token) return "ignored";
  const res = await safeFetch(deps.fetchGuard, `${deps.config.providers.mercadopago}/v1/payments/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    timeoutMs: TIMEOUT_MS,
  });
  if (res.status === 404) return "not_found";
  if (!res.ok) throw new Error(`mercadopago payment ${id}: ${res.status}`);
  const p = await res.json() as {
    status?: unknown;
    external_reference?: unknown;
    transaction_amount?: unknown;
    currency_id?: unknown;
    metadata?: { checkout_ref?: unknown } | null;
  };
  if (p.status !== "approved") return "ignored";
  const external = typeof p.external_reference === "string" ? p.external_reference : "";
  const invoiceId = Number(external.match(REF)?.[1]);
  const checkoutRef = typeof p.metadata?.checkout_ref === "string" ? p.metadata.checkout_ref : null;
  const [inv] = invoiceId ? await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId)) : [];
  return await acceptPayment(deps, {
    event: { provider: "mercadopago", eventId: id, type: "payment.approved" },
    ref: checkoutRef ?? (inv ? external : null),
    claimed: inv ? { invoiceId: inv.id, companyId: inv.companyId } : undefined,
    reported: {
      amount: typeof p.transaction_amount === "number" ? p.transaction_amount : null,
      currency: typeof p.currency_id === "string" ? p.currency_id : null,
    },
    txid: `mp-${id}`,
  });
}

// ---- Asaas -----------------------------------------------------------------------------------

/** The reference server offers Asaas only above 10 (its smallest charge is a few reais). */
const ASAAS_MIN = 10;

/** An Asaas payment link for the invoice, or null (not configured, or too small). Writes nothing. */
export async function createAsaasLink(
  deps: Deps,
  inv: InvoiceRow,
): Promise<{ id: string; url: string } | null> {
  const token = await readSecret(deps, "asaastoken");
  if (!token || inv.value <= ASAAS_MIN) return null;
  const link = await send<{ id: string; url: string }>(
    deps,
    `${deps.config.providers.asaas}/v3/paymentLinks`,
    {
      method: "POST",
      headers: { access_token: token, "content-type": "application/json" },
      body: JSON.stringify({
        name: inv.detail || `Invoice ${inv.id}`,
        description: `#Fatura:${inv.id}`,
        value: inv.value,
        billingType: "UNDEFINED",
        chargeType: "DETACHED",
        dueDateLimitDays: 5,
        externalReference: `invoice-${inv.id}`,
      }),
    },
  );
  return { id: link.id, url: link.url };
}

/** Deletes payment links a later checkout replaced (DELETE /v3/paymentLinks/{id}); failures are logged only. */
export async function deleteAsaasLinks(deps: Deps, ids: string[]): Promise<void> {
  const token = ids.length ? await readSecret(deps, "asaastoken") : "";
  if (!token) return;
  for (const id of ids) {
    await send(deps, `${deps.config.providers.asaas}/v3/paymentLinks/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: { access_token: token },
    }).catch((err) => console.warn(`[billing] asaas: deleting link ${id} failed:`, (err as Error).message));
  }
}

const ASAAS_PAID = new Set(["RECEIVED", "CONFIRMED", "RECEIVED_IN_CASH"]);

/** POST /api/webhooks/asaas: `{event:"PAYMENT_RECEIVED"|…, payment:{id}}`; the payment is read back. */
export async function handleAsaasWebhook(deps: Deps, raw: unknown): Promise<PaymentResult | "ignored"> {
  const body = parseWebhook("asaas", asaasBody, raw);
  const id = body.payment?.id;
  if (!id || !["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"].includes(body.event)) return "ignored";
  if (await seenEvent(deps, "asaas", id)) return "duplicate";
  const token = await readSecret(deps, "asaastoken");
  if (!token) return "ignored";
  const res = await safeFetch(deps.fetchGuard, `${deps.config.providers.asaas}/v3/payments/${id}`, {
    headers: { access_token: token },
    timeoutMs: TIMEOUT_MS,
  });
  if (res.status === 404) return "not_found";
  if (!res.ok) throw new Error(`asaas payment ${id}: ${res.status}`);
  const p = await res.json() as { status?: unknown; paymentLink?: unknown; value?: unknown };
  if (!ASAAS_PAID.has(String(p.status)) || typeof p.paymentLink !== "string" || !p.paymentLink) {
    return "ignored";
  }
  return await acceptPayment(deps, {
    event: { provider: "asaas", eventId: id, type: "payment.received" },
    ref: p.paymentLink,
    // Asaas charges in reais only.
    reported: { amount: typeof p.value === "number" ? p.value : null, currency: "BRL" },
    txid: `asaas-${id}`,
  });
}
