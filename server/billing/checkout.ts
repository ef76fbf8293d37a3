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
import { getInvoice } from "./invoices.ts";
import { createCheckoutSession, stripeClient } from "./stripe.ts";
import { createPixCharge } from "./efi.ts";
import { createAsaasLink, createMercadoPagoLink } from "./links.ts";
import { hasCertificate } from "./cert.ts";
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

export async function checkout(deps: Deps, actor: Actor, input: CheckoutInput): Promise<PaymentResponse> {
  const inv = await getInvoice(deps, actor.companyId, input.invoiceId);
  if (!inv) throw notFound("invoice");
  if (inv.status === "paid") {
    throw new AppError("ERR_CONFLICT", { details: { reason: "invoice already paid" } });
  }
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, input.plan));
  const allowed = plan && plan.id !== DEMO_PLAN_ID && (plan.isPublic || plan.id === actor.company.planId);
  if (!allowed) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "plan", message: "unknown plan" }] });
  }
  const value = periodPrice(plan.amount, actor.company.recurrence);
  const [priced] = await deps.database.write((tx) =>
    tx.update(invoices).set({
      planId: plan.id,
      detail: plan.name,
      value,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      updatedAt: deps.clock.now().toISOString(),
    }).where(and(eq(invoices.id, inv.id), ne(invoices.status, "paid"))).returning()
  );
  if (!priced) throw new AppError("ERR_CONFLICT", { details: { reason: "invoice already paid" } });

  const out: PaymentResponse = {
    invoiceId: inv.id,
    valorext: value,
    stripeURL: null,
    qrcode: null,
    mercadopagoURL: null,
    asaasURL: null,
  };
  const stripe = await stripeClient(deps);
  if (stripe && value > 0) {
    const session = await createCheckoutSession(deps, stripe, priced, {
      recurrence: actor.company.recurrence,
      recurrent: input.isRecurrent ?? false,
      email: actor.user.email,
      stripePriceId: plan.stripePriceId,
    });
    await deps.database.write((tx) =>
      tx.update(invoices).set({ stripeId: session.id, linkInvoice: session.url }).where(
        eq(invoices.id, inv.id),
      )
    );
    out.stripeURL = session.url;
  }
  if (value > 0) {
    const pix = await createPixCharge(deps, priced);
    if (pix) out.qrcode = { qrcode: pix.qrcode, imagemQrcode: pix.imagemQrcode };
    out.mercadopagoURL = await createMercadoPagoLink(deps, priced);
    out.asaasURL = await createAsaasLink(deps, priced);
  }
  return out;
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
