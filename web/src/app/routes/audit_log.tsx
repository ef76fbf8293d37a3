import { AuditScreen } from "../../features/audit/components/audit_screen.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

/** Admins (their company) and the operator (every company). */
export function AuditLogPage() {
  return (
    <Gate rule={rules.admin}>
      <AuditScreen />
    </Gate>
  );
}
