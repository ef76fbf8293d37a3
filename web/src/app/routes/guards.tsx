import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toastError } from "../../lib/toast.ts";
import { AuthProvider, useAuth } from "../../lib/auth.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { AccessDenied, Forbidden, PlanForbidden } from "../../components/layout/status_views.tsx";
import type { UserDTO as User } from "@contract/users.ts";

/** Root element: the session lives inside the router so it can navigate. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** Public pages send a signed-in user to / (or, right after login, to where they were going). */
export function PublicOnly() {
  const { status, landing } = useAuth();
  if (status === "loading") return <PageSpinner />;
  if (status === "authenticated") return <Navigate to={landing ?? "/"} replace />;
  return <Outlet />;
}

/** Private pages send a visitor to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, landing, clearLanding } = useAuth();
  const location = useLocation();
  // The post-login destination is used once; afterwards public pages go to / again.
  useEffect(() => {
    if (status === "authenticated" && landing) clearLanding();
  }, [status, landing, clearLanding]);
  if (status === "loading") {
    return (
      <div className="h-full">
        <PageSpinner />
      </div>
    );
  }
  if (status === "anonymous") {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/** "operator": a page of the platform operator's (super) opened by anyone else. */
export type Access = "ok" | "denied" | "forbidden" | "plan" | "operator";
export type AccessRule = (user: User) => Access;

/** The spec's delay before a plan-gated or operator-only page sends the user to / (spec 2 §2, spec 3 §8). */
export const GATE_REDIRECT_MS = 1000;

/**
 * The spec's answer to a page the company's plan lacks or that only the operator may open: an error
 * toast ("…Le estamos redirigiendo."), then / after one second. The plan / forbidden view shows
 * meanwhile, so the page never flashes empty.
 */
function RedirectHome({ message, children }: { message: string; children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    toastError(message, { id: "gate-redirect" });
    const id = setTimeout(() => navigate("/", { replace: true }), GATE_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [navigate, message]);
  return <>{children}</>;
}

/**
 * Renders the page, or what the rule asks for instead: the access-denied or forbidden view, or, for
 * a plan gate or an operator-only page, the spec's toast and redirect to /.
 */
export function Gate({ rule, children }: { rule?: AccessRule; children: ReactNode }) {
  const { user } = useAuth();
  const { t } = useTranslation();
  const access = user && rule ? rule(user) : "ok";
  if (access === "denied") return <AccessDenied />;
  if (access === "forbidden") return <Forbidden />;
  if (access === "plan") {
    return (
      <RedirectHome message={t("status.planRedirect")}>
        <PlanForbidden />
      </RedirectHome>
    );
  }
  if (access === "operator") {
    return (
      <RedirectHome message={t("status.operatorRedirect")}>
        <Forbidden />
      </RedirectHome>
    );
  }
  return <>{children}</>;
}
