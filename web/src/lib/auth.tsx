import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { api, ApiError, getToken, onSessionEvent, setToken } from "./api.ts";
import { queryClient } from "./query_client.ts";
import { realtime, useRealtimeEvent } from "./realtime.ts";
import { refetchReadBefore } from "./resync.ts";
import {
  daysUntilDue,
  effectiveDueDate,
  EXPIRY_WARNING_DAYS,
  isSubscriptionExpired,
} from "./subscription.ts";
import { formatDay, sessionZone, setDisplayZone } from "./dates.ts";
import { toastError, toastInfo, toastWarning } from "./toast.ts";
import { useTheme } from "./theme.tsx";
import type { UserDTO as User } from "@contract/users.ts";

/** The password step's answer when a second factor is due (server/two_factor/login.ts). */
export type LoginChallenge = { requires2fa: true; enroll: boolean; challenge: string };

export const FINANCE_PATH = "/financeiro";

type AuthStatus = "loading" | "authenticated" | "anonymous";
type AuthContextValue = {
  user: User | null;
  status: AuthStatus;
  landing: string | null;
  clearLanding: () => void;
  login: (email: string, password: string, from?: string) => Promise<LoginChallenge | null>;
  startSession: (res: { token: string; user: User }, from?: string) => void;
  logout: () => Promise<void>;
  setUser: (user: User) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(["billing", "auth"]);
  const navigate = useNavigate();
  const location = useLocation();
  const { setMode } = useTheme();
  const [user, setUserState] = useState<User | null>(null);
  // One clock: every date below this provider is shown in the session's zone. Set while rendering
  // (idempotent) so that the first screen after login or /auth/me already reads it.
  setDisplayZone(sessionZone(user));
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? "loading" : "anonymous"));
  /** Where the public guard sends a user who has just signed in. */
  const [landing, setLanding] = useState<string | null>(null);
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;

  const signOutLocally = useCallback(() => {
    realtime.stop();
    queryClient.clear();
    setUserState(null);
    setLanding(null);
    setStatus("anonymous");
  }, []);

  const sendToFinance = useCallback((u: User | null) => {
    const due = formatDay(effectiveDueDate(u?.company));
    toastError(t("billing:expired.toast", { date: due }), { id: "subscription-expired" });
    if (pathRef.current !== FINANCE_PATH) navigate(FINANCE_PATH, { replace: true });
  }, [navigate, t]);

  const checkSubscription = useCallback((u: User, navigateAway = true): boolean => {
    if (isSubscriptionExpired(u.company)) {
      if (navigateAway) sendToFinance(u);
      else {toastError(t("billing:expired.toast", { date: formatDay(effectiveDueDate(u.company)) }), {
          id: "subscription-expired",
        });}
      return false;
    }
    const days = daysUntilDue(u.company);
    if (days !== null && days < EXPIRY_WARNING_DAYS) {
      toastWarning(t("billing:expiring", { count: days }), "subscription-expiring");
    }
    return true;
  }, [sendToFinance, t]);

  // Restore the session from the stored token.
  useEffect(() => {
    if (!getToken()) return;
    let alive = true;
    const restore = () =>
      api.get<User>("/auth/me")
        .then((me) => {
          if (!alive) return;
          removeEventListener("online", again);
          setUserState(me);
          setStatus("authenticated");
          if (isSubscriptionExpired(me.company)) sendToFinance(me);
        })
        .catch((err) => {
          if (!alive) return;
          // Offline (the shell came from the service worker): not a signed-out session. The offline
          // banner shows; the session is restored when the network is back.
          if (err instanceof ApiError && err.code === "ERR_NETWORK") {
            // The browser's online event, or every few seconds (it does not always fire).
            retry = setTimeout(restore, 5_000);
          } else signOutLocally();
        });
    let retry: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      clearTimeout(retry);
      restore();
    };
    addEventListener("online", again);
    restore();
    return () => {
      alive = false;
      clearTimeout(retry);
      removeEventListener("online", again);
    };
    // Runs once at start-up; later changes go through login/logout.
  }, []);

  const userRef = useRef(user);
  userRef.current = user;
  useEffect(() =>
    onSessionEvent((event) => {
      if (event === "unauthorized") signOutLocally();
      if (event === "subscription-expired") sendToFinance(userRef.current);
    }), [signOutLocally, sendToFinance]);

  // The server refuses sockets of an expired company; don't knock every second.
  const socketAllowed = status === "authenticated" && !!user && !isSubscriptionExpired(user.company);
  useEffect(() => {
    if (!socketAllowed) return;
    realtime.start();
    // Events sent while the socket was down are not replayed: every list, counter and the open
    // conversation are fetched again (active queries now, the others when next shown).
    const off = realtime.on("reconnected", () => void queryClient.invalidateQueries());
    // The first ready: what was read while the socket was still connecting is read again.
    const offLive = realtime.on(
      "live",
      (d: { since: number }) => refetchReadBefore(queryClient, d.since),
    );
    return () => {
      off();
      offLive();
      realtime.stop();
    };
  }, [socketAllowed]);

  const companyId = user?.companyId ?? null;
  useRealtimeEvent(companyId ? `company-${companyId}-auth` : null, (data: { action?: string }) => {
    if (data?.action !== "logout") return;
    toastInfo(t("auth:session.otherComputer"), "other-computer");
    realtime.stop();
    try {
      localStorage.clear();
    } catch { /* nothing to clear */ }
    setTimeout(() => globalThis.location.reload(), 1000);
  });
  useRealtimeEvent(
    companyId ? `company-${companyId}-user` : null,
    (data: { action?: string; user?: User }) => {
      if (data?.action === "update" && data.user && data.user.id === userRef.current?.id) {
        setUserState((prev) => (prev ? { ...prev, ...data.user } : prev));
      }
    },
  );

  /** A session answer ({token, user}) from the password step or from the second factor. */
  const startSession = useCallback((res: { token: string; user: User }, from?: string) => {
    setToken(res.token);
    queryClient.clear();
    if (res.user.defaultTheme === "light" || res.user.defaultTheme === "dark") setMode(res.user.defaultTheme);
    const active = checkSubscription(res.user, false);
    // The public guard performs the redirect once the session state has rendered.
    setLanding(active ? (from && from !== "/login" ? from : "/tickets") : FINANCE_PATH);
    setUserState(res.user);
    setStatus("authenticated");
  }, [checkSubscription, setMode]);

  /** The password step: a session, or the second factor's challenge (features/two_factor). */
  const login = useCallback(async (email: string, password: string, from?: string) => {
    const res = await api.post<{ token: string; user: User } | LoginChallenge>("/auth/login", {
      email: email.trim().toLowerCase(),
      password,
    }, { anonymous: true });
    if ("requires2fa" in res) return res;
    startSession(res, from);
    return null;
  }, [startSession]);

  const logout = useCallback(async () => {
    try {
      await api.delete("/auth/logout");
    } catch (err) {
      console.warn("logout call failed", err);
    }
    setToken(null);
    signOutLocally();
    navigate("/login", { replace: true });
  }, [navigate, signOutLocally]);

  const setUser = useCallback((u: User) => setUserState(u), []);
  const clearLanding = useCallback(() => setLanding(null), []);

  const value = useMemo(
    () => ({ user, status, landing, clearLanding, login, startSession, logout, setUser }),
    [user, status, landing, clearLanding, login, startSession, logout, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}

/** The signed-in user; only for components rendered behind the private guard. */
export function useCurrentUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error("useCurrentUser without a session");
  return user;
}
