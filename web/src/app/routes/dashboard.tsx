import { DashboardEmpty } from "../../features/dashboard/components/dashboard_empty.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

export function DashboardPage() {
  return (
    <Gate rule={rules.dashboard}>
      <DashboardEmpty />
    </Gate>
  );
}
