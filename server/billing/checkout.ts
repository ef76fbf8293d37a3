/**
 * Checkout (spec 3 §4 steps, §7 POST /subscription): the company picks a plan for an unpaid
 * invoice; the server prices it itself (never the client's price), stores the choice on the
 * invoice, and asks each configured provider for a way to pay. What it returns is the spec's
 * payment response: stripeURL, qrcode, mercadopagoURL, asaasURL, valorext.
 */
import { and, eq, ne } from "drizzle-orm";
import { invoices, plans } from "@db/schema.ts";
import { z } from "zod";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { boolish } from "../plans/schemas.ts";
import { DEMO_PLAN_ID } from "../plans/service.ts";
import { readSecret } from "../settings/service.ts";
import { periodPrice } from "./periods.ts";
import { getInvoice, type InvoiceRow } from "./invoices.ts";
import { hasCertificate } from "./cert.ts";
import { openPayments, ProviderFailure, retire } from "./checkout_providers.ts";
import { replaceRefs } from "./payment_rule.ts";
import type { PaymentResponse } from "@contract/companies.ts";

const planRef = z.union([
  z.coerce.number().int().positive(),
  z.string().transform((s, ctx) => {
    try {
      const id = Number((JSON.parse(s) as { id?: unknown }).id);
      if (id > 0) return id;
    } catch { /* reported below */ }
    ctx.addIssue({ code: "custom", message: "plan required" });
    return z.NEVER;
  }),
  z.object({ id: z.coerce.number().int().positive() }).transform((p) => p.id),
]);

export const checkoutInput = z.object({
  firstName: z.string().trim().min(1).max(120),
  lastName: z.string().trim().max(120).optional(),
  address2: z.string().max(200).optional(),
  city: z.string().max(120).optional(),
  state: z.string().max(120).optional(),
  zipcode: z.string().trim().min(1).max(40),
  country: z.string().max(60).optional(),
  plan: planRef,
  invoiceId: z.coerce.number().int().positive(),
  isRecurrent: boolish.optional(),
  price: z.unknown().optional(),
  users: z.unknown().optional(),
  connections: z.unknown().optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

export type { PaymentResponse };

/**
 * Prices the invoice for the chosen plan, asks every configured provider for a way to pay that
 * price, and only when all of them answered stores the price and the new payment references in
 * one transaction (the earlier references stop counting and are closed at the providers). A
 * provider failure leaves the invoice as it was and answers ERR_PAYMENT_PROVIDER; what the provider
 * said goes to the log and the invoice's `providerError`, never into the answer.
 */
export async function checkout(deps: Deps, actor: Actor, input: CheckoutInput): Promise<PaymentResponse> {
  const inv = await getInvoice(deps, actor.companyId, input.invoiceId);
  if (!inv) throw notFound("invoice");
  if (inv.status === "paid") throw alreadyPaid();
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, input.plan));
  const allowed = plan && plan.id !== DEMO_PLAN_ID && (plan.isPublic || plan.id === actor.company.planId);
  if (!allowed) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "plan", message: "unknown plan" }] });
  }
  const value = periodPrice(plan.amount, actor.company.recurrence);
  const pricing = {
    planId: plan.id,
    detail: plan.name,
    value,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
  };
  let opened;
  try {
    opened = await openPayments(deps, { ...inv, ...pricing }, {
      recurrence: actor.company.recurrence,
      recurrent: input.isRecurrent ?? false,
      email: actor.user.email,
      stripePriceId: plan.stripePriceId,
    });
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    await providerFailed(deps, inv, err);
    throw new AppError("ERR_PAYMENT_PROVIDER", {
      message: "the payment provider is unavailable, try again",
      details: { provider: err.provider },
    });
  }
  const now = deps.clock.now().toISOString();
  const replaced = await deps.database.write(async (tx) => {
    const [priced] = await tx.update(invoices).set({
      ...pricing,
      ...opened.columns,
      providerError: null,
      providerErrorAt: null,
      updatedAt: now,
    }).where(and(eq(invoices.id, inv.id), ne(invoices.status, "paid"))).returning({ id: invoices.id });
    if (!priced) return null;
    return await replaceRefs(tx, inv, opened.refs, CHECKOUT_PROVIDERS, now);
  });
  if (!replaced) {
    await retire(deps, opened.stripe, opened.refs);
    throw alreadyPaid();
  }
  await retire(deps, opened.stripe, replaced);
  deps.bus.emit("invoice.changed", { companyId: inv.companyId, invoiceId: inv.id });
  return { invoiceId: inv.id, valorext: value, ...opened.out };
}

/** Every provider a checkout makes references for: a new checkout replaces all their earlier ones. */
const CHECKOUT_PROVIDERS = ["stripe", "efi", "mercadopago", "asaas"] as const;

const alreadyPaid = () => new AppError("ERR_CONFLICT", { details: { reason: "invoice already paid" } });

async function providerFailed(deps: Deps, inv: InvoiceRow, err: ProviderFailure) {
  console.warn(`[billing] checkout of invoice ${inv.id} (company ${inv.companyId}) failed at ${err.message}`);
  await deps.database.write((tx) =>
    tx.update(invoices).set({
      providerError: err.message.slice(0, 2000),
      providerErrorAt: deps.clock.now().toISOString(),
    }).where(eq(invoices.id, inv.id))
  );
  deps.bus.emit("payment.issue", { companyId: inv.companyId, invoiceId: inv.id });
}

/** GET /companySettingOnePayment: which ways to pay the operator has configured (no secrets). */
export async function paymentOptions(deps: Deps) {
  const has = async (key: string) => (await readSecret(deps, key)) !== "";
  return {
    stripe: await has("stripeprivatekey"),
    pix: (await has("efichavepix")) && (await has("eficlientid")) &&
      (await hasCertificate(deps, "certificadoEfi")),
    mercadopago: await has("mpaccesstoken"),
    asaas: await has("asaastoken"),
    receipt: true,
  };
}
