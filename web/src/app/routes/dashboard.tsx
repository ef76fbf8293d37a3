import { DashboardScreen } from "../../features/dashboard/components/dashboard_screen.tsx";
import { MomentsScreen } from "../../features/dashboard/components/moments_screen.tsx";
import { ReportsScreen } from "../../features/dashboard/components/reports_screen.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

export function DashboardPage() {
  return (
    <Gate rule={rules.dashboard}>
      <DashboardScreen />
    </Gate>
  );
}

/** Reports: admin or showDashboard (spec 1 §6), as the server enforces. */
export function ReportsPage() {
  return (
    <Gate rule={rules.dashboard}>
      <ReportsScreen />
    </Gate>
  );
}

export function MomentsPage() {
  return (
    <Gate rule={rules.realTime}>
      <MomentsScreen />
    </Gate>
  );
}
