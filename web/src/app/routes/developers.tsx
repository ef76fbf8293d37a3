import { DevelopersScreen } from "../../features/developers/index.ts";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

/** Admins: API keys (and the other developer tabs). */
export function DevelopersPage() {
  return (
    <Gate rule={rules.admin}>
      <DevelopersScreen />
    </Gate>
  );
}
