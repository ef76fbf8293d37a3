import type { Invoice } from "../api/billing.ts";

/** Today as YYYY-MM-DD in the browser's calendar. */
export const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${
    String(d.getDate()).padStart(2, "0")
  }`;
};

/** Spec 3 §4: paid → Pago; proceso → waiting; else past due → Vencido, otherwise En Proceso. */
export function invoiceState(inv: Invoice, today = todayLocal()): "paid" | "proceso" | "overdue" | "open" {
  if (inv.status === "paid") return "paid";
  if (inv.status === "proceso") return "proceso";
  return inv.dueDate < today ? "overdue" : "open";
}
