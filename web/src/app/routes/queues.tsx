import { QueuesScreen } from "../../features/queues/components/queues_screen.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

export function QueuesPage() {
  return (
    <Gate rule={rules.admin}>
      <QueuesScreen />
    </Gate>
  );
}
