import { UsersScreen } from "../../features/users/components/users_screen.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

export function UsersPage() {
  return (
    <Gate rule={rules.admin}>
      <UsersScreen />
    </Gate>
  );
}
