/**
 * The operator's payments review: every payment the payment rule refused (payment_rule.ts) and every
 * invoice whose last checkout a provider failed (checkout.ts), newest first, in one paged list. It
 * carries what the provider reported and answered, which no company ever sees (a company's invoice
 * list only says that a payment was refused), so only the operator's super users may read it.
 */
import { count, desc, eq, isNotNull, like, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { companies, invoices, paymentEvents } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { requireSuper } from "../auth/permissions.ts";
import { pageOf } from "../lib/paging.ts";
import type { PaymentIssueDTO, PaymentIssuesPage } from "@contract/companies.ts";

const PAGE_SIZE = 20;
const REFUSED = "refused: %";
/** Where the reason starts in an outcome "refused: <reason>" (1-based). */
const REASON_AT = "refused: ".length + 1;

const refusedRows = (deps: Deps) =>
  deps.db.select({
    kind: sql<string>`'refused'`.as("kind"),
    at: sql<string>`${paymentEvents.createdAt}`.as("at"),
    rowId: sql<number>`${paymentEvents.id}`.as("row_id"),
    companyId: sql<number | null>`${paymentEvents.companyId}`.as("company_id"),
    invoiceId: sql<number | null>`${paymentEvents.invoiceId}`.as("invoice_id"),
    provider: sql<string>`${paymentEvents.provider}`.as("provider"),
    eventId: sql<string | null>`${paymentEvents.eventId}`.as("event_id"),
    eventType: sql<string | null>`${paymentEvents.type}`.as("event_type"),
    reason: sql<string | null>`substr(${paymentEvents.outcome}, ${REASON_AT})`.as("reason"),
    reportedAmount: sql<number | null>`${paymentEvents.reportedAmount}`.as("reported_amount"),
    reportedCurrency: sql<string | null>`${paymentEvents.reportedCurrency}`.as("reported_currency"),
  }).from(paymentEvents).where(like(paymentEvents.outcome, REFUSED));

const failureRows = (deps: Deps) =>
  deps.db.select({
    kind: sql<string>`'provider_error'`.as("kind"),
    at: sql<string>`coalesce(${invoices.providerErrorAt}, ${invoices.updatedAt})`.as("at"),
    rowId: sql<number>`${invoices.id}`.as("row_id"),
    companyId: sql<number | null>`${invoices.companyId}`.as("company_id"),
    invoiceId: sql<number | null>`${invoices.id}`.as("invoice_id"),
    provider: sql<
      string
    >`substr(${invoices.providerError}, 1, max(instr(${invoices.providerError}, ':') - 1, 0))`
      .as("provider"),
    eventId: sql<string | null>`null`.as("event_id"),
    eventType: sql<string | null>`null`.as("event_type"),
    reason: sql<string | null>`null`.as("reason"),
    reportedAmount: sql<number | null>`null`.as("reported_amount"),
    reportedCurrency: sql<string | null>`null`.as("reported_currency"),
  }).from(invoices).where(isNotNull(invoices.providerError));

/** GET /payment-issues: the operator's super users only; every company's rows. */
export async function listPaymentIssues(
  deps: Deps,
  actor: Actor,
  q: { pageNumber: number },
): Promise<PaymentIssuesPage> {
  requireSuper(actor);
  const page = pageOf(q.pageNumber, PAGE_SIZE);
  const rows = await unionAll(refusedRows(deps), failureRows(deps))
    .orderBy(desc(sql`at`), desc(sql`kind`), desc(sql`row_id`))
    .limit(page.limit).offset(page.offset);
  const [refused] = await deps.db.select({ n: count() }).from(paymentEvents)
    .where(like(paymentEvents.outcome, REFUSED));
  const [failed] = await deps.db.select({ n: count() }).from(invoices)
    .where(isNotNull(invoices.providerError));
  const total = refused.n + failed.n;
  const issues = await Promise.all(rows.map((r) => withContext(deps, r)));
  return { issues, count: total, hasMore: page.hasMore(total) };
}

type Row = Awaited<ReturnType<ReturnType<typeof refusedRows>["execute"]>>[number];

/** The row's company and invoice (a page holds at most PAGE_SIZE of them). */
async function withContext(deps: Deps, r: Row): Promise<PaymentIssueDTO> {
  const [inv] = r.invoiceId === null ? [] : await deps.db.select({
    id: invoices.id,
    value: invoices.value,
    status: invoices.status,
    dueDate: invoices.dueDate,
    providerError: invoices.providerError,
  }).from(invoices).where(eq(invoices.id, r.invoiceId));
  const [company] = r.companyId === null
    ? []
    : await deps.db.select({ id: companies.id, name: companies.name }).from(companies)
      .where(eq(companies.id, r.companyId));
  return {
    kind: r.kind === "provider_error" ? "provider_error" : "refused",
    at: r.at,
    company: company ?? null,
    invoice: inv ? { id: inv.id, value: inv.value, status: inv.status, dueDate: inv.dueDate } : null,
    provider: r.provider,
    eventId: r.eventId,
    eventType: r.eventType,
    reason: r.reason,
    reportedAmount: r.reportedAmount,
    reportedCurrency: r.reportedCurrency,
    providerError: inv?.providerError ?? null,
  };
}
