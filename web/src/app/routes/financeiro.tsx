import { InvoicesOverview } from "../../features/billing/components/invoices_overview.tsx";

/** Where an expired company lands; open to every signed-in user of the company. */
export function FinancePage() {
  return <InvoicesOverview />;
}
