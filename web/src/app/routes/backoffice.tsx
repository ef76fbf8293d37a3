import { CompaniesScreen } from "../../features/backoffice/components/companies_screen.tsx";
import { ReceiptsScreen } from "../../features/backoffice/components/receipts_screen.tsx";
import { SubscriptionScreen } from "../../features/billing/components/subscription_screen.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

/** /companies: the operator's companies admin. */
export function CompaniesPage() {
  return (
    <Gate rule={rules.super}>
      <CompaniesScreen />
    </Gate>
  );
}

/** /recipts: the operator approves or denies proofs of payment. */
export function ReceiptsPage() {
  return (
    <Gate rule={rules.super}>
      <ReceiptsScreen />
    </Gate>
  );
}

/** /subscription ("Firma"): any signed-in user of the company. */
export function SubscriptionPage() {
  return <SubscriptionScreen />;
}
