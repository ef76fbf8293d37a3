import type { SessionCompany as Company } from "@contract/users.ts";
import { parseDay, todayKey } from "./dates.ts";

/** Company 1 (the platform operator) never expires. */
export const OPERATOR_COMPANY_ID = 1;
const OPERATOR_DUE_DATE = "2999-12-31";
export const EXPIRY_WARNING_DAYS = 5;

export function effectiveDueDate(company: Pick<Company, "id" | "dueDate"> | undefined | null): string | null {
  if (!company) return null;
  if (company.id === OPERATOR_COMPANY_ID) return OPERATOR_DUE_DATE;
  return company.dueDate ?? null;
}

/** Today (in the display zone) as a local midnight, to count whole days against parseDay's. */
function startOfToday(now: Date): Date {
  return parseDay(todayKey(now))!;
}

/** Whole days from today to the due date (0 = due today, negative = past). Null when there is no due date. */
export function daysUntilDue(company: Pick<Company, "id" | "dueDate"> | undefined | null, now = new Date()) {
  const due = effectiveDueDate(company);
  const day = due ? parseDay(due) : null;
  if (!day) return null;
  return Math.round((day.getTime() - startOfToday(now).getTime()) / 86_400_000);
}

/** The due date is the last day of access; the day after it the subscription has expired. */
export function isSubscriptionExpired(
  company: Pick<Company, "id" | "dueDate"> | undefined | null,
  now = new Date(),
) {
  const days = daysUntilDue(company, now);
  return days !== null && days < 0;
}
