/**
 * The provider half of a checkout, apart from checkout.ts so the order stays visible: every
 * configured provider is asked for a way to pay the invoice at its NEW price, and nothing is
 * written. Either all of them answer (the caller then stores the price and the references in one
 * transaction) or a `ProviderFailure` says which one failed and what it answered — for the log and
 * the operator, never for the client — after the ways to pay already made are closed again.
 */
import type Stripe from "stripe";
import type { Deps } from "../deps.ts";
import type { InvoiceRow } from "./invoices.ts";
import { createCheckoutSession, expireSession, stripeClient } from "./stripe.ts";
import { createPixCharge, removePixCharges } from "./efi.ts";
import { createAsaasLink, createMercadoPagoLink, deleteAsaasLinks } from "./links.ts";
import { canCharge, type NewRef } from "./payment_rule.ts";
import type { PaymentResponse } from "@contract/companies.ts";

export class ProviderFailure extends Error {
  constructor(readonly provider: string, cause: unknown) {
    const status = (cause as { statusCode?: unknown } | null)?.statusCode;
    const said = cause instanceof Error ? cause.message : String(cause);
    super(`${provider}: ${said}${typeof status === "number" ? ` (HTTP ${status})` : ""}`, { cause });
  }
}

async function via<T>(provider: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new ProviderFailure(provider, err);
  }
}

export type Opened = {
  out: Pick<PaymentResponse, "stripeURL" | "qrcode" | "mercadopagoURL" | "asaasURL">;
  refs: NewRef[];
  /** The invoice's provider columns for the new references. */
  columns: {
    stripeId: string | null;
    linkInvoice: string | null;
    txid: string | null;
    paymentLinkId: string | null;
  };
  stripe: Stripe | null;
};

export async function openPayments(
  deps: Deps,
  priced: InvoiceRow,
  o: { recurrence: string; recurrent: boolean; email?: string | null; stripePriceId?: string | null },
): Promise<Opened> {
  const made: Opened = {
    out: { stripeURL: null, qrcode: null, mercadopagoURL: null, asaasURL: null },
    refs: [],
    columns: { stripeId: null, linkInvoice: null, txid: null, paymentLinkId: null },
    stripe: await stripeClient(deps),
  };
  if (priced.value <= 0) return made;
  const term = (provider: string, ref: string) =>
    made.refs.push({ provider, ref, amount: priced.value, currency: priced.currency });
  // Only the providers that can charge the invoice's currency are asked (PIX and Asaas: reais only).
  const can = (provider: string) => canCharge(provider, priced.currency);
  try {
    if (made.stripe && can("stripe")) {
      const stripe = made.stripe;
      const session = await via("stripe", () => createCheckoutSession(deps, stripe, priced, o));
      term("stripe", session.id);
      made.columns.stripeId = session.id;
      made.columns.linkInvoice = session.url;
      made.out.stripeURL = session.url;
    }
    const pix = can("efi") ? await via("efi", () => createPixCharge(deps, priced)) : null;
    if (pix) {
      term("efi", pix.txid);
      made.columns.txid = pix.txid;
      made.out.qrcode = { qrcode: pix.qrcode, imagemQrcode: pix.imagemQrcode };
    }
    const mp = can("mercadopago")
      ? await via("mercadopago", () => createMercadoPagoLink(deps, priced))
      : null;
    if (mp) {
      term("mercadopago", mp.ref);
      made.out.mercadopagoURL = mp.url;
    }
    const asaas = can("asaas") ? await via("asaas", () => createAsaasLink(deps, priced)) : null;
    if (asaas) {
      term("asaas", asaas.id);
      made.columns.paymentLinkId = asaas.id;
      made.out.asaasURL = asaas.url;
    }
    return made;
  } catch (err) {
    await retire(deps, made.stripe, made.refs);
    throw err;
  }
}

/**
 * Closes, at the providers that allow it, ways to pay nobody may use any more: Stripe sessions are
 * expired, Efí charges removed, Asaas links deleted. Mercado Pago preferences are left to lapse (the
 * rule refuses their payments). Failures are only logged.
 */
export async function retire(deps: Deps, stripe: Stripe | null, refs: { provider: string; ref: string }[]) {
  const of = (provider: string) => refs.filter((r) => r.provider === provider).map((r) => r.ref);
  if (stripe) { for (const id of of("stripe")) await expireSession(stripe, id); }
  await removePixCharges(deps, of("efi"));
  await deleteAsaasLinks(deps, of("asaas"));
}
