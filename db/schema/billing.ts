/** Billing: invoices, uploaded payment receipts and daily external-API usage. */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./_columns.ts";
import { companies, plans } from "./core.ts";

/**
 * What a company owes for one period. The billing tick keeps one open invoice per company with
 * `dueDate` = the company's due date; paying it advances the company's due date.
 */
export const invoices = sqliteTable("invoices", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  detail: text("detail").notNull().default(""),
  /** open, proceso (receipt under review), paid. */
  status: text("status").notNull().default("open"),
  value: real("value").notNull().default(0),
  /**
   * The one currency of the invoice (ISO 4217), the platform's billingCurrency when it was created;
   * every payment path charges in it and refuses any other (billing/payment_rule.ts).
   */
  currency: text("currency").notNull().default("BRL"),
  users: integer("users").notNull().default(0),
  connections: integer("connections").notNull().default(0),
  queues: integer("queues").notNull().default(0),
  /** Calendar date (YYYY-MM-DD) in the company's time zone. */
  dueDate: text("due_date").notNull(),
  linkInvoice: text("link_invoice"),
  txid: text("txid"),
  /** Stripe Checkout Session id; the Stripe webhook finds the invoice by it. */
  stripeId: text("stripe_id"),
  subscriptionId: text("subscription_id"),
  /** The Asaas payment link made for this invoice; its payments name it. */
  paymentLinkId: text("payment_link_id"),
  /** The plan chosen at checkout; paying the invoice moves the company to it. */
  planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
  paidAt: timestamp("paid_at"),
  /** The last provider payment refused for this invoice and why (billing/payment_rule.ts); for the operator. */
  paymentIssue: text("payment_issue"),
  /** The last provider failure during checkout, as the provider answered (log and operator only, never an answer). */
  providerError: text("provider_error"),
  /** When that failure happened (the operator's payments list orders by it). */
  providerErrorAt: timestamp("provider_error_at"),
  ...timestamps(),
}, (t) => [
  index("invoices_company_due_date_idx").on(t.companyId, t.dueDate),
  index("invoices_stripe_idx").on(t.stripeId),
]);

/** A payment proof a company uploads for an invoice; the operator approves (2) or denies (3) it. */
export const receipts = sqliteTable("receipts", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
  descripcion: text("descripcion").notNull().default(""),
  /** Path of the uploaded file (JPG, PNG, GIF, PDF) relative to the media folder. */
  comprobante: text("comprobante"),
  /** 1 in process, 2 approved, 3 denied. */
  estado: integer("estado").notNull().default(1),
  totalPrice: real("total_price").notNull().default(0),
  planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
  planName: text("plan_name"),
  duration: text("duration"),
  ...timestamps(),
}, (t) => [
  index("receipts_company_created_idx").on(t.companyId, t.createdAt),
  index("receipts_invoice_idx").on(t.invoiceId),
]);

/** Messages sent through the external API per company and day, by kind. */
export const apiUsages = sqliteTable("api_usages", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** YYYY-MM-DD in the company's time zone. */
  dateUsed: text("date_used").notNull(),
  usedOnDay: integer("used_on_day").notNull().default(0),
  usedText: integer("used_text").notNull().default(0),
  usedPDF: integer("used_pdf").notNull().default(0),
  usedImage: integer("used_image").notNull().default(0),
  usedOther: integer("used_other").notNull().default(0),
  ...timestamps(),
}, (t) => [uniqueIndex("api_usages_company_date_uq").on(t.companyId, t.dateUsed)]);

/**
 * Every verified provider webhook event, once: a redelivered event id is answered 200 and ignored,
 * so a payment never advances a due date twice.
 */
export const paymentEvents = sqliteTable("payment_events", {
  id: id(),
  provider: text("provider").notNull(),
  eventId: text("event_id").notNull(),
  type: text("type").notNull(),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
  /** null: applied or ignored; "refused: <reason>" when the payment rule refused it. */
  outcome: text("outcome"),
  /** What the provider reported as paid (major units, ISO currency); kept for the operator's review. */
  reportedAmount: real("reported_amount"),
  reportedCurrency: text("reported_currency"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("payment_events_provider_event_uq").on(t.provider, t.eventId),
  index("payment_events_outcome_idx").on(t.outcome, t.createdAt),
]);

/**
 * What each way to pay an invoice was created for: the provider's reference (Stripe Checkout
 * Session id, Efí txid, Mercado Pago checkout reference, Asaas payment link id, receipt id), the
 * amount and the currency asked for. A new checkout on the invoice replaces its earlier ones
 * (`replacedAt`); the payment rule accepts a payment only through a current reference.
 */
export const paymentRefs = sqliteTable("payment_refs", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  ref: text("ref").notNull(),
  amount: real("amount").notNull(),
  /** ISO 4217, upper case; "" for a receipt (the invoice's own). */
  currency: text("currency").notNull(),
  replacedAt: timestamp("replaced_at"),
  ...timestamps(),
}, (t) => [
  uniqueIndex("payment_refs_provider_ref_uq").on(t.provider, t.ref),
  index("payment_refs_invoice_idx").on(t.invoiceId),
]);
