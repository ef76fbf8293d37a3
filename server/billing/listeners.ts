/**
 * Socket frames of the back office and billing. The company hears of its payments
 * (`company-{id}-payment` {action:"CONCLUIDA", company}: the open checkout closes by itself),
 * invoices and receipts; the operator (company 1's admins) hears of companies, plans, receipts,
 * deletion progress and payment issues (`company-1-paymentIssue`: the payments review refreshes; the
 * frame names only ids, the rows are read through the super-only route).
 */
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import type { Deps } from "../deps.ts";
import type { Envelope } from "../realtime/hub.ts";

export function wireBillingListeners(deps: Deps): void {
  const { bus } = deps;
  const publish = (env: Envelope) => deps.hub.publish(env);
  const toCompany = (companyId: number, suffix: string, data: unknown) =>
    publish({ companyId, event: `company-${companyId}-${suffix}`, data, audience: { kind: "company" } });
  const toOperator = (suffix: string, data: unknown) =>
    publish({
      companyId: PLATFORM_COMPANY_ID,
      event: `company-${PLATFORM_COMPANY_ID}-${suffix}`,
      data,
      audience: { kind: "admins" },
    });

  bus.on(
    "payment.confirmed",
    ({ companyId, company, invoiceId, dueDate }) =>
      toCompany(companyId, "payment", { action: "CONCLUIDA", company, invoiceId, dueDate }),
  );
  bus.on(
    "invoice.changed",
    ({ companyId, invoiceId }) => toCompany(companyId, "invoice", { action: "update", invoiceId }),
  );
  bus.on("company.changed", async (e) => {
    await toOperator("company", e);
    if (e.action === "update" && e.company.id !== PLATFORM_COMPANY_ID) {
      await toCompany(e.company.id, "company", { action: "update", company: e.company });
    }
  });
  bus.on("payment.issue", (e) => toOperator("paymentIssue", { action: "create", ...e }));
  bus.on("company.purge_progress", (e) => toOperator("companyDelete", e));
  bus.on("plan.changed", (e) => toOperator("plan", e));
  bus.on("receipt.changed", async ({ companyId, action, receipt }) => {
    await toCompany(companyId, "recepts", { action, receipt });
    if (companyId !== PLATFORM_COMPANY_ID) await toOperator("recepts", { action, receipt });
  });
}
