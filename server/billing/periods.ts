/** Billing periods (spec 3 §9): a recurrence is a whole number of months; prices are per month. */
export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = (typeof RECURRENCES)[number];

const MONTHS: Record<string, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** Months in one period; an unknown value (the plans' legacy "Day") counts as one month. */
export const monthsOf = (recurrence: string | null | undefined) => MONTHS[recurrence ?? ""] ?? 1;

/**
 * `date` (YYYY-MM-DD) plus `months`, clamped to the last day of the target month
 * (2026-01-31 + 1 month = 2026-02-28), so periods never skip a month.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12), tm = total % 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return `${String(ty).padStart(4, "0")}-${String(tm + 1).padStart(2, "0")}-${
    String(Math.min(d, last)).padStart(2, "0")
  }`;
}

/** What one period of a plan costs. */
export const periodPrice = (amountPerMonth: number, recurrence: string | null | undefined) =>
  Math.round(amountPerMonth * monthsOf(recurrence) * 100) / 100;

/** The due date after paying one period: from the current due date, or from today when it has passed. */
export function nextDueDate(current: string | null, recurrence: string, today: string): string {
  const base = current && current >= today ? current : today;
  return addMonths(base, monthsOf(recurrence));
}
