/**
 * The provider half of a checkout, apart from checkout.ts so the order stays visible: every
 * configured provider is asked for a way to pay the invoice at its NEW price, and nothing is
 * written. Either all of them answer (the caller then stores the price and the references in one
 * transaction) or a `ProviderFailure` says which one failed and what it answered — for the log and
 * the operator, never for the client — after the Stripe session already made is expired again.
 */
import type Stripe from "stripe";
import type { Deps } from "../deps.ts";
import type { InvoiceRow } from "./invoices.ts";
import { createCheckoutSession, expireSession, stripeClient } from "./stripe.ts";
import { createPixCharge } from "./efi.ts";
import { createAsaasLink, createMercadoPagoLink } from "./links.ts";
import { type NewRef, PROVIDER_CURRENCY } from "./payment_rule.ts";
import type { PaymentResponse } from "@contract/companies.ts";

export class ProviderFailure extends Error {
  constructor(readonly provider: string, cause: unknown) {
    super(`${provider}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
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
  const term = (provider: keyof typeof PROVIDER_CURRENCY, ref: string) =>
    made.refs.push({ provider, ref, amount: priced.value, currency: PROVIDER_CURRENCY[provider] });
  try {
    if (made.stripe) {
      const stripe = made.stripe;
      const session = await via("stripe", () => createCheckoutSession(deps, stripe, priced, o));
      term("stripe", session.id);
      made.columns.stripeId = session.id;
      made.columns.linkInvoice = session.url;
      made.out.stripeURL = session.url;
    }
    const pix = await via("efi", () => createPixCharge(deps, priced));
    if (pix) {
      term("efi", pix.txid);
      made.columns.txid = pix.txid;
      made.out.qrcode = { qrcode: pix.qrcode, imagemQrcode: pix.imagemQrcode };
    }
    const mp = await via("mercadopago", () => createMercadoPagoLink(deps, priced));
    if (mp) {
      term("mercadopago", mp.ref);
      made.out.mercadopagoURL = mp.url;
    }
    const asaas = await via("asaas", () => createAsaasLink(deps, priced));
    if (asaas) {
      term("asaas", asaas.id);
      made.columns.paymentLinkId = asaas.id;
      made.out.asaasURL = asaas.url;
    }
    return made;
  } catch (err) {
    await dropSessions(made.stripe, made.refs);
    throw err;
  }
}

/** Expires Stripe sessions nobody may pay any more; a failure is only logged (they expire anyway). */
export async function dropSessions(stripe: Stripe | null, refs: { provider: string; ref: string }[]) {
  if (!stripe) return;
  for (const r of refs) {
    if (r.provider === "stripe") await expireSession(stripe, r.ref);
  }
}
