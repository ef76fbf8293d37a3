import { SettingsScreen } from "../../features/settings/components/settings_screen.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

export function SettingsPage() {
  return (
    <Gate rule={rules.admin}>
      <SettingsScreen />
    </Gate>
  );
}
