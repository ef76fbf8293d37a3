import { Navigate } from "react-router";
import { ConnectionsScreen } from "../../features/connections/components/connections_screen.tsx";
import { AllConnectionsScreen } from "../../features/connections/components/all_connections_screen.tsx";
import { MessagesApiScreen } from "../../features/messages_api/components/messages_api_screen.tsx";
import { useCurrentUser } from "../../lib/auth.tsx";
import { isSuper } from "../../lib/permissions.ts";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

/** Admin, or a user with allowConnections; others see the access-denied view. */
export const ConnectionsPage = () => (
  <Gate rule={rules.connections}>
    <ConnectionsScreen />
  </Gate>
);

/** Operator only; anyone else goes to /tickets. */
export function AllConnectionsPage() {
  const user = useCurrentUser();
  if (!isSuper(user)) return <Navigate to="/tickets" replace />;
  return <AllConnectionsScreen />;
}

/** Admin only; a plan without useExternalApi gets the spec's toast and / after 1 s (spec 3 §6, §8). */
export const MessagesApiPage = () => (
  <Gate rule={rules.adminPlan("useExternalApi")}>
    <MessagesApiScreen />
  </Gate>
);
