import type { Invoice } from "../api/billing.ts";
import { todayKey } from "../../../lib/dates.ts";

/** Today as YYYY-MM-DD in the display zone. */
export const todayLocal = () => todayKey();

/** Spec 3 §4: paid → Pago; proceso → waiting; else past due → Vencido, otherwise En Proceso. */
export function invoiceState(inv: Invoice, today = todayLocal()): "paid" | "proceso" | "overdue" | "open" {
  if (inv.status === "paid") return "paid";
  if (inv.status === "proceso") return "proceso";
  return inv.dueDate < today ? "overdue" : "open";
}
