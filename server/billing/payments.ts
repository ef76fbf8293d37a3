/**
 * Applying a payment (provider webhook or approved receipt): exactly once per invoice. One write
 * transaction records the provider's event id (unique), flips the invoice to paid only if it was
 * not, and moves the company's due date one period on (from the due date, or from today when it
 * had lapsed), reactivates it and switches it to the plan chosen at checkout. A redelivered event
 * or a second event for a paid invoice changes nothing. Provider payments and receipts come here
 * through payment_rule.ts, whose check runs in this transaction before anything is paid.
 */
import { and, eq, ne } from "drizzle-orm";
import { companies, invoices, paymentEvents } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { todayIn } from "../lib/time.ts";
import { invalidate } from "../caches.ts";
import { nextDueDate } from "./periods.ts";
import { getCompanyWithPlan } from "../companies/repo.ts";
import { companyDTO } from "../companies/dto.ts";
import type { Tx } from "@db/client.ts";
import type { InvoiceRow } from "./invoices.ts";

export type ProviderEvent = { provider: string; eventId: string; type: string };
/** What a provider reported as paid, kept on the event row for the operator (payment_issues.ts). */
export type ReportedPaid = { amount?: number | null; currency?: string | null };

const reportedColumns = (r?: ReportedPaid) => ({
  reportedAmount: typeof r?.amount === "number" && Number.isFinite(r.amount) ? r.amount : null,
  reportedCurrency: r?.currency ? r.currency.toUpperCase().slice(0, 8) : null,
});

/** Records an event that pays nothing; false when it was seen before. */
export async function recordEvent(
  deps: Deps,
  ev: ProviderEvent,
  companyId?: number,
  outcome?: string,
  reported?: ReportedPaid,
): Promise<boolean> {
  const rows = await deps.database.write((tx) =>
    tx.insert(paymentEvents).values({
      ...ev,
      companyId,
      outcome,
      ...reportedColumns(reported),
      createdAt: deps.clock.now().toISOString(),
    }).onConflictDoNothing().returning({
      id: paymentEvents.id,
    })
  );
  return rows.length > 0;
}

export async function seenEvent(deps: Deps, provider: string, eventId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: paymentEvents.id }).from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId))).limit(1);
  return !!row;
}

/**
 * How a delivery ended, as the webhook answers it. "not_found": no invoice this payment may pay
 * (unknown, or refused by the payment rule — then recorded on the invoice).
 */
export type PaymentResult = "paid" | "duplicate" | "already_paid" | "not_found";

export async function payInvoice<R extends string>(
  deps: Deps,
  p: {
    companyId: number;
    invoiceId: number;
    txid?: string;
    subscriptionId?: string | null;
    event: ProviderEvent;
    reported?: ReportedPaid;
    /** The payment rule (payment_rule.ts), run in the transaction: a reason refuses the payment. */
    check?: (tx: Tx, inv: InvoiceRow) => Promise<R | null>;
  },
): Promise<PaymentResult | { refused: R }> {
  const now = deps.clock.now();
  const result = await deps.database.write(async (tx): Promise<PaymentResult | { refused: R }> => {
    const [inv] = await tx.select().from(invoices)
      .where(and(eq(invoices.id, p.invoiceId), eq(invoices.companyId, p.companyId)));
    const fresh = await tx.insert(paymentEvents).values({
      ...p.event,
      companyId: inv ? p.companyId : null,
      invoiceId: inv?.id ?? null,
      ...reportedColumns(p.reported),
      createdAt: now.toISOString(),
    }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (!fresh.length) return "duplicate";
    if (!inv) return "not_found";
    const refused = p.check ? await p.check(tx, inv) : null;
    if (refused) {
      await tx.update(paymentEvents).set({ outcome: `refused: ${refused}` })
        .where(eq(paymentEvents.id, fresh[0].id));
      await tx.update(invoices).set({
        paymentIssue: `${p.event.provider} ${p.event.eventId}: ${refused}`.slice(0, 500),
        updatedAt: now.toISOString(),
      }).where(eq(invoices.id, inv.id));
      return { refused };
    }
    const [flipped] = await tx.update(invoices).set({
      status: "paid",
      paidAt: now.toISOString(),
      txid: p.txid ?? p.event.eventId,
      ...(p.subscriptionId ? { subscriptionId: p.subscriptionId } : {}),
      updatedAt: now.toISOString(),
    }).where(and(eq(invoices.id, inv.id), ne(invoices.status, "paid"))).returning({ id: invoices.id });
    if (!flipped) return "already_paid";
    const { company } = await getCompanyWithPlan(tx, p.companyId);
    const dueDate = nextDueDate(company.dueDate, company.recurrence, todayIn(now, company.timezone));
    await tx.update(companies).set({
      dueDate,
      status: true,
      ...(inv.planId ? { planId: inv.planId } : {}),
      updatedAt: now.toISOString(),
    }).where(eq(companies.id, p.companyId));
    return "paid";
  });
  if (result !== "paid") return result;
  invalidate(deps, { kind: "company", companyId: p.companyId });
  const { company, plan } = await getCompanyWithPlan(deps.db, p.companyId);
  const dto = companyDTO(company, plan);
  deps.bus.emit("payment.confirmed", {
    companyId: p.companyId,
    invoiceId: p.invoiceId,
    dueDate: company.dueDate ?? "",
    company: dto,
  });
  deps.bus.emit("company.changed", { action: "update", company: dto });
  deps.bus.emit("invoice.changed", { companyId: p.companyId, invoiceId: p.invoiceId });
  return "paid";
}
