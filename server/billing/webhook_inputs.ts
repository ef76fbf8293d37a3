/**
 * What each payment provider may send us, bounded and typed before any of it is used (in a URL,
 * a query, a log line): ids by the provider's documented format and length, bodies by a schema.
 * Anything else is the sender's error — one 400 ERR_VALIDATION, logged — never a 500.
 */
import { z } from "zod";
import { AppError } from "../lib/errors.ts";

/** Parses `value` or throws 400, logging which provider sent what kind of garbage. */
export function parseWebhook<T extends z.ZodType>(provider: string, schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const details = r.error.issues.slice(0, 5).map((i) => ({
    path: i.path.map(String).join("."),
    message: i.message,
  }));
  console.warn(`[billing] ${provider} webhook refused:`, JSON.stringify(details));
  throw new AppError("ERR_VALIDATION", { message: `invalid ${provider} notification`, details });
}

// ---- Stripe (after the signature check) -----------------------------------------------------

/** Stripe object ids: a prefix, "_", then letters, digits and "_" (at most 255 in all). */
const stripeId = (prefix: string) => z.string().max(255).regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`));
/** An expandable field: the id, the object, or nothing. */
const expandable = z.union([z.string().max(255), z.object({ id: z.string().max(255) }), z.null()]).optional();
const currency = z.string().regex(/^[A-Za-z]{3}$/);
/** Stripe's amounts fit in 12 digits of the minor unit. */
const MAX_MINOR = 999_999_999_999;

export const stripeEvent = z.object({
  id: stripeId("evt"),
  type: z.string().max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export const stripeSession = z.object({
  id: stripeId("cs"),
  payment_status: z.string().max(40),
  amount_total: z.number().int().nonnegative().max(MAX_MINOR).nullable().optional(),
  currency: currency.nullable().optional(),
  payment_intent: expandable,
  subscription: expandable,
  metadata: z.record(z.string().max(40), z.string().max(500)).nullable().optional(),
});

export const stripeInvoice = z.object({
  id: stripeId("in"),
  billing_reason: z.string().max(60).nullable().optional(),
  amount_paid: z.number().int().nonnegative().max(MAX_MINOR),
  currency,
  subscription: expandable,
  parent: z.object({ subscription_details: z.object({ subscription: expandable }).nullable().optional() })
    .nullable().optional(),
});

/** The id of an expandable field. */
export const idOf = (v: z.infer<typeof expandable>) => (typeof v === "string" ? v : v?.id ?? "");

// ---- Efí PIX ---------------------------------------------------------------------------------

/** endToEndId: 32 letters and digits (E + ISPB + date and time + sequence); txid: 26 to 35. */
export const efiBody = z.object({
  evento: z.string().max(100).optional(),
  pix: z.array(z.object({
    endToEndId: z.string().regex(/^[A-Za-z0-9]{32}$/),
    txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/).optional(),
    valor: z.string().max(20).optional(),
  })).max(100).optional(),
});

// ---- Mercado Pago ----------------------------------------------------------------------------

/** Payment ids are numbers of at most 20 digits (sent as a number or a string). */
const mpPaymentId = z.union([
  z.string().regex(/^\d{1,20}$/),
  z.number().int().positive().refine(Number.isSafeInteger).transform(String),
]);

export const mercadoPagoBody = z.object({
  type: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  data: z.object({ id: z.union([z.string().max(64), z.number()]) }).optional(),
});

/** The payment a notification names, or null when it is not about a payment. */
export function mercadoPagoPaymentId(
  body: z.infer<typeof mercadoPagoBody> | null,
  queryId: string | undefined,
): string | null {
  if (body?.type && body.type !== "payment") return null;
  return parseWebhook("mercadopago", mpPaymentId, body?.data?.id ?? queryId);
}

// ---- Asaas -----------------------------------------------------------------------------------

/** Asaas payment ids: "pay_" and letters or digits. */
export const asaasBody = z.object({
  event: z.string().max(100),
  payment: z.object({ id: z.string().max(64).regex(/^pay_[A-Za-z0-9]+$/) }).optional(),
});
