/** Plans and companies on the wire (spec 3 §3 Plan, Company), and the working hours they carry. */

/** The plan's feature switches, in the order the plan form shows them. */
export const PLAN_FLAGS = [
  "useWhatsapp",
  "useFacebook",
  "useInstagram",
  "useTelegram",
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** The billing recurrences a plan or a company may have ("Day" is the server's test recurrence). */
export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;

/** A plan as the API shows it (the session user's company carries it). */
export type PlanDTO = { [F in PlanFlag]: boolean } & {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  isPublic: boolean;
  recurrence: string;
  stripePriceId: string | null;
  /** The AI assistant's monthly token budget per company (0 = none). */
  aiMonthlyTokens: number;
};

/** A day of working hours (company or queue): two ranges, "HH:MM" each. */
export type WorkingHours = {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
};

/**
 * The rule both the server's schema and the hours editor apply: a window with both ends must end
 * after it starts (14:00–09:00 is refused); an end of 00:00 means midnight. A blank window is
 * closed, and a day with both windows blank is a closed day.
 */
export function invalidWorkingHourEnds(
  day: Pick<WorkingHours, "startTimeA" | "endTimeA" | "startTimeB" | "endTimeB">,
) {
  const bad: ("endTimeA" | "endTimeB")[] = [];
  for (const [start, end] of [["startTimeA", "endTimeA"], ["startTimeB", "endTimeB"]] as const) {
    const a = day[start], b = day[end];
    if (a && b && b !== "00:00" && b <= a) bad.push(end);
  }
  return bad;
}

/** A company as the back office lists it: never a password; always its plan's name and price. */
export type CompanyDTO = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  planId: number;
  status: boolean;
  /** Calendar date (YYYY-MM-DD) in the company's time zone; the last day of access. */
  dueDate: string | null;
  recurrence: string;
  timezone: string;
  schedules: WorkingHours[];
  numberAttendants: number | null;
  numberConections: number | null;
  paymentMethod: string | null;
  lastLogin: string | null;
  folderSize: string | null;
  numberFileFolder: string | null;
  updatedAtFolder: string | null;
  addressStreet: string | null;
  addressState: string | null;
  addressCity: string | null;
  createdAt: string;
  updatedAt: string;
  planName: string;
  plan: { id: number; name: string; amount: number; recurrence: string };
};

/** POST /subscription (checkout): the invoice and the provider links or Pix code to pay it. */
export type PaymentResponse = {
  invoiceId: number;
  valorext: number;
  stripeURL: string | null;
  qrcode: { qrcode: string; imagemQrcode?: string } | null;
  mercadopagoURL: string | null;
  asaasURL: string | null;
};

/** The days of working hours, in order: `weekdayEn` as sent, `weekday` as shown (Portuguese). */
export const WEEKDAYS_EN = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export const WEEKDAYS_PT = [
  "Segunda-feira",
  "Terça-feira",
  "Quarta-feira",
  "Quinta-feira",
  "Sexta-feira",
  "Sábado",
  "Domingo",
] as const;

/** One row of the operator's payments review (GET /payment-issues): a refused payment or a provider failure. */
export type PaymentIssueDTO = {
  kind: "refused" | "provider_error";
  /** When the payment was reported or the checkout failed (ISO). */
  at: string;
  /** null: the payment named a reference we never made, so no company is known. */
  company: { id: number; name: string } | null;
  invoice: { id: number; value: number; status: string; dueDate: string } | null;
  provider: string;
  eventId: string | null;
  eventType: string | null;
  /** The payment rule's reason (unknown_reference, other_invoice, replaced, wrong_currency, too_little). */
  reason: string | null;
  reportedAmount: number | null;
  reportedCurrency: string | null;
  /** What the provider answered the invoice's last failed checkout (operator only). */
  providerError: string | null;
};
export type PaymentIssuesPage = { issues: PaymentIssueDTO[]; count: number; hasMore: boolean };

/**
 * The currencies the operator may bill in (platform setting `billingCurrency`, default BRL). An
 * invoice takes it when it is created and keeps it: every way to pay that invoice charges in it.
 */
export const BILLING_CURRENCIES = ["BRL", "USD", "EUR", "MXN", "ARS"] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];
