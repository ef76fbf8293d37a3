import { useEffect } from "react";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { ConnectionsScreen } from "../../features/connections/components/connections_screen.tsx";
import { AllConnectionsScreen } from "../../features/connections/components/all_connections_screen.tsx";
import { MessagesApiScreen } from "../../features/messages_api/components/messages_api_screen.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { useCurrentUser } from "../../lib/auth.tsx";
import { isAdmin, isSuper, planAllows } from "../../lib/permissions.ts";
import { toastError } from "../../lib/toast.ts";
import { Forbidden } from "../../components/layout/status_views.tsx";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

const PLAN_REDIRECT_MS = 1000;

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

/** Plan without useExternalApi: the error toast, then / after 1 s (spec 3 §6, §8). */
function PlanRedirect() {
  const { t } = useTranslation("messagesApi");
  const navigate = useNavigate();
  useEffect(() => {
    toastError(t("planDenied"), { id: "plan-denied" });
    const id = setTimeout(() => navigate("/", { replace: true }), PLAN_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [navigate, t]);
  return <PageSpinner />;
}

export function MessagesApiPage() {
  const user = useCurrentUser();
  if (!isAdmin(user)) return <Forbidden />;
  if (!planAllows(user, "useExternalApi")) return <PlanRedirect />;
  return <MessagesApiScreen />;
}
