/** Domain events of the back office and billing (plans, companies, payments, receipts). */
import type { PlanRow } from "../lib/context.ts";
import type { CompanyDTO } from "../companies/dto.ts";
import type { ReceiptDTO } from "./receipts_repo.ts";

export type BillingEvents = {
  "plan.changed":
    | { action: "create" | "update"; plan: PlanRow }
    | { action: "delete"; planId: number };
  /** The operator's live company list. */
  "company.changed":
    | { action: "create" | "update"; company: CompanyDTO }
    | { action: "delete"; companyId: number };
  /** A company deletion in the background: `done` of `total` steps. */
  "company.purge_progress": { companyId: number; done: number; total: number; finished: boolean };
  /** An invoice was paid (webhook, receipt approval): the company's due date moved to `dueDate`. */
  "payment.confirmed": { companyId: number; invoiceId: number; dueDate: string; company: CompanyDTO };
  "receipt.changed": { companyId: number; action: "create" | "update"; receipt: ReceiptDTO };
  "invoice.changed": { companyId: number; invoiceId: number };
};
