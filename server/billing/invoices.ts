/**
 * Invoices (spec 3 §2 "Facturas (n)", §3, §9). The billing job keeps, for every active company, an
 * invoice for its current due date once that date is LEAD_DAYS away or closer: one period of its
 * plan at the plan's monthly price times the period's months. Safe to run twice: an invoice for the
 * same (company, due date) is never created again.
 */
import { and, count, desc, eq, isNotNull, ne } from "drizzle-orm";
import { companies, invoices, plans } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import type { Actor } from "../lib/context.ts";
import { addDays, todayIn } from "../lib/time.ts";
import { pageOf } from "../lib/paging.ts";
import { containsLike } from "../lib/like.ts";
import { periodPrice } from "./periods.ts";

const LEAD_DAYS = 10;

/** The currency new invoices are issued in: the operator's billingCurrency (default BRL). */
export async function billingCurrency(deps: Deps): Promise<string> {
  return (await deps.caches.settings.get(PLATFORM_COMPANY_ID, "billingCurrency")) || "BRL";
}
export type InvoiceRow = typeof invoices.$inferSelect;

/** Creates the invoices that are due soon: every company's (the job), or one company's (a renewal). */
export async function ensureInvoices(
  deps: Deps,
  now = deps.clock.now(),
  companyId?: number,
): Promise<number> {
  const rows = await deps.db.select({ company: companies, plan: plans }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(and(
      eq(companies.status, true),
      ne(companies.id, PLATFORM_COMPANY_ID),
      isNotNull(companies.dueDate),
      companyId === undefined ? undefined : eq(companies.id, companyId),
    ));
  let created = 0;
  const currency = rows.length ? await billingCurrency(deps) : "BRL";
  for (const { company, plan } of rows) {
    const due = company.dueDate!;
    if (due > addDays(todayIn(now, company.timezone), LEAD_DAYS)) continue;
    const id = await deps.database.write(async (tx) => {
      const [have] = await tx.select({ id: invoices.id }).from(invoices)
        .where(and(eq(invoices.companyId, company.id), eq(invoices.dueDate, due))).limit(1);
      if (have) return null;
      const [row] = await tx.insert(invoices).values({
        companyId: company.id,
        detail: plan.name,
        status: "open",
        value: periodPrice(plan.amount, company.recurrence),
        currency,
        users: plan.users,
        connections: plan.connections,
        queues: plan.queues,
        dueDate: due,
        planId: plan.id,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }).returning({ id: invoices.id });
      return row.id;
    });
    if (id) {
      created++;
      deps.bus.emit("invoice.changed", { companyId: company.id, invoiceId: id });
    }
  }
  return created;
}

/**
 * Provider ids stay on the server; so does what a provider answered a failed checkout (it may hold
 * secrets) and why a payment was refused (the operator's payments review has it): the company only
 * learns that its last payment was refused (`paymentRefused`), to contact support.
 */
export type InvoiceDTO =
  & Omit<InvoiceRow, "stripeId" | "txid" | "providerError" | "providerErrorAt" | "paymentIssue">
  & { paymentRefused: boolean };
const dto = (
  { stripeId: _s, txid: _t, providerError: _p, providerErrorAt: _pa, paymentIssue, ...rest }: InvoiceRow,
): InvoiceDTO => ({ ...rest, paymentRefused: paymentIssue !== null && rest.status !== "paid" });

/** `GET /invoices/all?view=page`: our finance page's shape (the spec's client reads the bare list). */
export type InvoicesPage = { invoices: InvoiceDTO[]; count: number; hasMore: boolean };

/**
 * GET /invoices/all: the caller's invoices, newest due date first, 20 per page. The spec's client
 * reads the answer as the list itself; our finance page asks `view=page` for the list with its
 * count and hasMore.
 */
export async function listInvoices(
  deps: Deps,
  actor: Actor,
  q: { searchParam: string; pageNumber: number; view?: "page" },
): Promise<InvoiceDTO[] | InvoicesPage> {
  const page = pageOf(q.pageNumber, 20);
  const where = and(
    eq(invoices.companyId, actor.companyId),
    q.searchParam ? containsLike(invoices.detail, q.searchParam) : undefined,
  );
  const rows = await deps.db.select().from(invoices).where(where)
    .orderBy(desc(invoices.dueDate), desc(invoices.id)).limit(page.limit).offset(page.offset);
  if (q.view !== "page") return rows.map(dto);
  const [total] = await deps.db.select({ n: count() }).from(invoices).where(where);
  return { invoices: rows.map(dto), count: total.n, hasMore: page.hasMore(total.n) };
}

/** How many of the caller's invoices are not paid ("Facturas (n)"). */
export async function unpaidCount(deps: Deps, actor: Actor): Promise<number> {
  const [r] = await deps.db.select({ n: count() }).from(invoices)
    .where(and(eq(invoices.companyId, actor.companyId), ne(invoices.status, "paid")));
  return r.n;
}

export async function getInvoice(deps: Deps, companyId: number, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await deps.db.select().from(invoices).where(
    and(eq(invoices.companyId, companyId), eq(invoices.id, id)),
  );
  return row;
}

/** The company's oldest unpaid invoice (a subscription's renewal pays it). */
export async function oldestOpenInvoice(deps: Deps, companyId: number): Promise<InvoiceRow | undefined> {
  const [row] = await deps.db.select().from(invoices)
    .where(and(eq(invoices.companyId, companyId), ne(invoices.status, "paid")))
    .orderBy(invoices.dueDate, invoices.id).limit(1);
  return row;
}
