import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
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

export type Access = "ok" | "denied" | "forbidden" | "plan";
export type AccessRule = (user: User) => Access;

/** Renders the page, or the access-denied / forbidden / plan view the rule asks for. */
export function Gate({ rule, children }: { rule?: AccessRule; children: ReactNode }) {
  const { user } = useAuth();
  const access = user && rule ? rule(user) : "ok";
  if (access === "denied") return <AccessDenied />;
  if (access === "forbidden") return <Forbidden />;
  if (access === "plan") return <PlanForbidden />;
  return <>{children}</>;
}
