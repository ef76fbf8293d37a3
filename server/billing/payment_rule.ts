/**
 * The one rule that decides whether a payment a provider reports counts, so that no payment path
 * (Stripe checkout and renewals, Efí PIX, Mercado Pago, Asaas, approved receipts) can trust less
 * than the others. A payment counts only
 *  - for the invoice its session, charge, link or receipt was created for (`payment_refs`),
 *  - while that reference is the invoice's current one (a new checkout replaces the earlier ones),
 *  - in the invoice's one currency (the reference was made in it, and the provider reports it),
 *  - for at least the amount asked then and the invoice's value now.
 * The rule runs inside the payment's write transaction (payments.ts), so a checkout that replaces
 * the references cannot slip between the check and the payment. A refused payment is recorded (the
 * event's `outcome`, the invoice's `paymentIssue` the operator sees) and logged, never applied.
 */
import { and, eq, isNull } from "drizzle-orm";
import { invoices, paymentRefs } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import type { Deps } from "../deps.ts";
import { payInvoice, type PaymentResult, type ProviderEvent, recordEvent } from "./payments.ts";

/** What an invoice asked for through one reference. */
export type Terms = { invoiceId: number; amount: number; currency: string; current: boolean };
/** What the provider says was paid (amounts in major units, as invoices keep them). */
export type Reported = { amount: number | null | undefined; currency: string | null | undefined };
export type Refusal = "unknown_reference" | "other_invoice" | "replaced" | "wrong_currency" | "too_little";

/**
 * The currencies each provider can charge in (ISO 4217, upper case). PIX (Efí) and Asaas know only
 * reais; Mercado Pago the currencies of its Latin American sites; Stripe all of ours. A checkout asks
 * only the providers that can charge the invoice's currency.
 */
export const PROVIDER_CURRENCIES: Record<string, readonly string[]> = {
  stripe: ["BRL", "USD", "EUR", "MXN", "ARS"],
  efi: ["BRL"],
  mercadopago: ["BRL", "MXN", "ARS"],
  asaas: ["BRL"],
};

export const canCharge = (provider: string, currency: string): boolean =>
  PROVIDER_CURRENCIES[provider]?.includes(currency) ?? false;

const cents = (n: number) => Math.round(n * 100);

/** The rule itself: null when the payment counts for `inv`, else why not. */
export function judgePayment(
  inv: { id: number; value: number; currency: string },
  terms: Terms | undefined,
  paid: Reported & { claimedInvoiceId?: number },
): Refusal | null {
  if (!terms) return "unknown_reference";
  if (terms.invoiceId !== inv.id) return "other_invoice";
  if (paid.claimedInvoiceId !== undefined && paid.claimedInvoiceId !== inv.id) return "other_invoice";
  if (!terms.current) return "replaced";
  // One currency per invoice: the reference must have been made in it (a receipt's older references
  // carry none) and the provider must report it.
  if (terms.currency && terms.currency !== inv.currency) return "wrong_currency";
  if ((paid.currency ?? "").toUpperCase() !== inv.currency) return "wrong_currency";
  const amount = paid.amount;
  if (typeof amount !== "number" || !Number.isFinite(amount)) return "too_little";
  if (cents(amount) < Math.max(cents(terms.amount), cents(inv.value))) return "too_little";
  return null;
}

/** The terms of one provider reference, current or replaced; undefined when we never made it. */
export async function termsOf(db: Db | Tx, provider: string, ref: string): Promise<Terms | undefined> {
  const [row] = await db.select().from(paymentRefs)
    .where(and(eq(paymentRefs.provider, provider), eq(paymentRefs.ref, ref))).limit(1);
  return row && {
    invoiceId: row.invoiceId,
    amount: row.amount,
    currency: row.currency,
    current: row.replacedAt === null,
  };
}

export type NewRef = { provider: string; ref: string; amount: number; currency: string };

/** In the checkout's transaction: the invoice's earlier references of these providers stop counting. */
export async function replaceRefs(
  tx: Tx,
  inv: { id: number; companyId: number },
  refs: NewRef[],
  providers: readonly string[],
  now: string,
): Promise<{ provider: string; ref: string }[]> {
  const replaced: { provider: string; ref: string }[] = [];
  for (const provider of providers) {
    replaced.push(
      ...await tx.update(paymentRefs).set({ replacedAt: now, updatedAt: now })
        .where(and(
          eq(paymentRefs.invoiceId, inv.id),
          eq(paymentRefs.provider, provider),
          isNull(paymentRefs.replacedAt),
        ))
        .returning({ provider: paymentRefs.provider, ref: paymentRefs.ref }),
    );
  }
  if (refs.length) {
    await tx.insert(paymentRefs).values(
      refs.map((r) => ({
        ...r,
        invoiceId: inv.id,
        companyId: inv.companyId,
        createdAt: now,
        updatedAt: now,
      })),
    ).onConflictDoNothing();
  }
  return replaced;
}

export type Payment = {
  event: ProviderEvent;
  reported: Reported;
  /** The provider reference the payment was made through (null: it names none we know). */
  ref: string | null;
  /** Where the payment says it belongs, used only to record a refusal when the reference is unknown. */
  claimed?: { companyId: number; invoiceId: number };
  /** Terms given by the caller instead of a reference (a subscription's renewal pays the open invoice). */
  terms?: Terms;
  txid?: string;
  subscriptionId?: string | null;
};

/**
 * Applies the payment when the rule accepts it, exactly once. A refusal answers "not_found" (no
 * invoice this payment may pay) and is recorded on the invoice it tried to pay.
 */
export async function acceptPayment(deps: Deps, p: Payment): Promise<PaymentResult> {
  const known = p.terms ?? (p.ref === null ? undefined : await termsOf(deps.db, p.event.provider, p.ref));
  const invoiceId = known?.invoiceId ?? p.claimed?.invoiceId;
  const companyId = known ? await companyOfInvoice(deps.db, known.invoiceId) : p.claimed?.companyId;
  if (!invoiceId || !companyId) {
    const fresh = await recordEvent(deps, p.event, undefined, "refused: unknown_reference", p.reported);
    if (fresh) {
      warn(p, "no invoice", "unknown_reference");
      deps.bus.emit("payment.issue", { companyId: null, invoiceId: null });
    }
    return fresh ? "not_found" : "duplicate";
  }
  const result = await payInvoice(deps, {
    companyId,
    invoiceId,
    txid: p.txid,
    subscriptionId: p.subscriptionId,
    event: p.event,
    reported: p.reported,
    check: async (tx, inv) => {
      const terms = p.terms ?? (p.ref === null ? undefined : await termsOf(tx, p.event.provider, p.ref));
      return judgePayment(inv, terms, { ...p.reported, claimedInvoiceId: p.claimed?.invoiceId });
    },
  });
  if (typeof result === "object") {
    warn(p, `invoice ${invoiceId}`, result.refused);
    deps.bus.emit("invoice.changed", { companyId, invoiceId });
    deps.bus.emit("payment.issue", { companyId, invoiceId });
    return "not_found";
  }
  return result;
}

async function companyOfInvoice(db: Db, invoiceId: number): Promise<number | undefined> {
  const [row] = await db.select({ companyId: invoices.companyId }).from(invoices)
    .where(eq(invoices.id, invoiceId)).limit(1);
  return row?.companyId;
}

function warn(p: Payment, where: string, why: Refusal) {
  console.warn(
    `[billing] ${p.event.provider} ${p.event.type} ${p.event.eventId} refused for ${where}: ${why}` +
      ` (ref ${p.ref ?? "none"}, paid ${p.reported.amount ?? "?"} ${p.reported.currency ?? "?"})`,
  );
}
