/** Whether a company may use the product today (DESIGN §4: ERR_SUBSCRIPTION_EXPIRED). */
import type { CompanyRow } from "../lib/context.ts";
import { todayIn } from "../lib/time.ts";

/** Company 1 is the operator's and never expires. The due date is the last day of access. */
export function isSubscriptionActive(company: CompanyRow, now: Date): boolean {
  if (company.id === 1) return true;
  if (!company.status) return false;
  if (!company.dueDate) return true;
  return company.dueDate >= todayIn(now, company.timezone);
}
