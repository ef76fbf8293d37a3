/**
 * Payment links of Mercado Pago (a Checkout Pro preference) and Asaas (a payment link), from the
 * operator's tokens. Neither webhook is trusted for what it says: a notification only names a
 * payment, which is read back from the provider with our token; only an approved/received payment
 * of this invoice, for its value, pays it — once per provider payment id.
 */
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { safeFetch, type SafeFetchInit } from "../lib/safe_fetch.ts";
import { readSecret } from "../settings/service.ts";
import type { InvoiceRow } from "./invoices.ts";
import { payInvoice, type PaymentResult, seenEvent } from "./payments.ts";

const TIMEOUT_MS = 20_000;
const REF = /^invoice-(\d+)$/;

async function send<T>(deps: Deps, url: string, init: SafeFetchInit): Promise<T> {
  const res = await safeFetch(deps.fetchGuard, url, { ...init, timeoutMs: TIMEOUT_MS });
  if (!res.ok) {
    throw new AppError("ERR_INTERNAL", { message: `${init.method ?? "GET"} ${url} ${res.status}` });
  }
  return await res.json() as T;
}

const sameValue = (a: unknown, b: number) => Math.round(Number(a) * 100) === Math.round(b * 100);

// ---- Mercado Pago ----------------------------------------------------------------------------

export async function createMercadoPagoLink(deps: Deps, inv: InvoiceRow): Promise<string | null> {
  const token = await readSecret(deps, "mpaccesstoken");
  if (!token) return null;
  const base = deps.config.publicUrl;
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
          currency_id: "BRL",
        }],
        external_reference: `invoice-${inv.id}`,
        notification_url: `${base}/api/webhooks/mercadopago?source_news=webhooks`,
        back_urls: {
          success: `${base}/financeiro`,
          pending: `${base}/financeiro`,
          failure: `${base}/financeiro`,
        },
      }),
    },
  );
  return pref.init_point;
}

/** POST /api/webhooks/mercadopago: `{type:"payment", data:{id}}` (or `?data.id=`). */
export async function handleMercadoPagoWebhook(
  deps: Deps,
  body: { type?: string; action?: string; data?: { id?: string | number } } | null,
  queryId: string | undefined,
): Promise<PaymentResult | "ignored"> {
  const id = String(body?.data?.id ?? queryId ?? "");
  if (!/^\d+$/.test(id) || (body?.type && body.type !== "payment")) return "ignored";
  if (await seenEvent(deps, "mercadopago", id)) return "duplicate";
  const token = await readSecret(deps, "mpaccesstoken");
  if (!token) return "ignored";
  const res = await safeFetch(deps.fetchGuard, `${deps.config.providers.mercadopago}/v1/payments/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    timeoutMs: TIMEOUT_MS,
  });
  if (res.status === 404) return "not_found";
  if (!res.ok) throw new AppError("ERR_INTERNAL", { message: `mercadopago payment ${res.status}` });
  const p = await res.json() as { status?: string; external_reference?: string; transaction_amount?: number };
  const invoiceId = Number(p.external_reference?.match(REF)?.[1]);
  if (p.status !== "approved" || !invoiceId) return "ignored";
  const [inv] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv || !sameValue(p.transaction_amount, inv.value)) return "not_found";
  return await payInvoice(deps, {
    companyId: inv.companyId,
    invoiceId: inv.id,
    txid: `mp-${id}`,
    event: { provider: "mercadopago", eventId: id, type: "payment.approved" },
  });
}

// ---- Asaas -----------------------------------------------------------------------------------

/** The reference server offers Asaas only above 10 (its smallest charge is a few reais). */
const ASAAS_MIN = 10;

export async function createAsaasLink(deps: Deps, inv: InvoiceRow): Promise<string | null> {
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
  await deps.database.write((tx) =>
    tx.update(invoices).set({ paymentLinkId: link.id }).where(eq(invoices.id, inv.id))
  );
  return link.url;
}

const ASAAS_PAID = new Set(["RECEIVED", "CONFIRMED", "RECEIVED_IN_CASH"]);

/** POST /api/webhooks/asaas: `{event:"PAYMENT_RECEIVED"|…, payment:{id}}`. */
export async function handleAsaasWebhook(
  deps: Deps,
  body: { event?: string; payment?: { id?: string } } | null,
): Promise<PaymentResult | "ignored"> {
  const id = body?.payment?.id ?? "";
  if (!/^[A-Za-z0-9_]+$/.test(id) || !["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"].includes(body?.event ?? "")) {
    return "ignored";
  }
  if (await seenEvent(deps, "asaas", id)) return "duplicate";
  const token = await readSecret(deps, "asaastoken");
  if (!token) return "ignored";
  const res = await safeFetch(deps.fetchGuard, `${deps.config.providers.asaas}/v3/payments/${id}`, {
    headers: { access_token: token },
    timeoutMs: TIMEOUT_MS,
  });
  if (res.status === 404) return "not_found";
  if (!res.ok) throw new AppError("ERR_INTERNAL", { message: `asaas payment ${res.status}` });
  const p = await res.json() as { status?: string; paymentLink?: string | null; value?: number };
  if (!ASAAS_PAID.has(p.status ?? "") || !p.paymentLink) return "ignored";
  const [inv] = await deps.db.select().from(invoices).where(eq(invoices.paymentLinkId, p.paymentLink));
  if (!inv || !sameValue(p.value, inv.value)) return "not_found";
  return await payInvoice(deps, {
    companyId: inv.companyId,
    invoiceId: inv.id,
    txid: `asaas-${id}`,
    event: { provider: "asaas", eventId: id, type: "payment.received" },
  });
}
