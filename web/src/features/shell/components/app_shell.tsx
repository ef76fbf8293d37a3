import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../../lib/use_media_query.ts";
import { cn } from "../../../lib/utils.ts";
import { useTheme } from "../../../lib/theme.tsx";
import { canSeeConnections } from "../../../lib/permissions.ts";
import type { UserDTO as User } from "@contract/users.ts";
import { useConnectionsWarning } from "../../connections/index.ts";
import { useHasHelps } from "../../helps/index.ts";
import { useVersion } from "../api/get_version.ts";
import { useUnreadChats } from "../../chats/index.ts";
import { visibleNav } from "./nav_model.ts";
import { SideNav } from "./side_nav.tsx";
import { TopBar } from "./top_bar.tsx";
import { PwaBridge } from "../../pwa/index.ts";
import type { NotificationItem } from "../../../components/layout/header_popover.tsx";

/** Pages that use the whole area under the top bar (no padding, no max width). */
const FULL_BLEED = [/^\/tickets(\/|$)/];

/** Tab title: the app name, prefixed by the unread count (in parentheses above 20). */
export function tabTitle(appName: string, unread: number): string {
  if (unread <= 0) return appName;
  return unread > 20 ? `(${unread}) ${appName}` : `${unread} · ${appName}`;
}

type AppShellProps = {
  user: User;
  onOpenProfile: () => void;
  onLogout: () => void;
  /** Unread tickets for the bell and the tab title. */
  unreadCount?: number;
  notifications?: NotificationItem[];
  children: ReactNode;
};

export function AppShell(
  { user, onOpenProfile, onLogout, unreadCount = 0, notifications, children }: AppShellProps,
) {
  const { appName } = useTheme();
  const { t } = useTranslation("shell");
  const narrow = !useMediaQuery("(min-width: 768px)");
  const { pathname } = useLocation();
  const fullBleed = FULL_BLEED.some((r) => r.test(pathname));
  const [collapsed, setCollapsed] = useState(narrow || user.defaultMenu === "closed");
  const hasHelps = useHasHelps();
  const { data: version } = useVersion();
  const connectionsWarning = useConnectionsWarning(user.companyId, canSeeConnections(user));
  const unread = unreadCount;
  const unreadChats = useUnreadChats(user);

  useEffect(() => setCollapsed(narrow || user.defaultMenu === "closed"), [user.defaultMenu, narrow]);
  // On a phone the menu is an overlay: following a link closes it.
  useEffect(() => {
    if (narrow) setCollapsed(true);
  }, [pathname, narrow]);
  useEffect(() => {
    document.title = tabTitle(appName, unread);
  }, [appName, unread]);

  return (
    <div className="flex h-full overflow-hidden">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t("nav.skipToContent")}
      </a>
      {narrow && !collapsed && (
        <div
          className="fixed inset-0 z-30 bg-black/40"
          aria-hidden="true"
          onClick={() => setCollapsed(true)}
        />
      )}
      <div
        className={cn(
          "h-full shrink-0",
          narrow && (collapsed ? "hidden" : "fixed inset-y-0 left-0 z-40 shadow-2xl"),
        )}
      >
        <SideNav
          sections={visibleNav({ user, hasHelps })}
          collapsed={narrow ? false : collapsed}
          connectionsWarning={connectionsWarning}
          unreadChats={unreadChats}
          version={version}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          collapsed={collapsed}
          onToggleMenu={() => setCollapsed((c) => !c)}
          unreadCount={unread}
          notifications={notifications}
          onOpenProfile={onOpenProfile}
          onLogout={onLogout}
        />
        <PwaBridge />
        <main id="main" className={cn("min-h-0 flex-1", fullBleed ? "overflow-hidden" : "overflow-y-auto")}>
          {fullBleed
            ? children
            : <div className="mx-auto w-full max-w-[1400px] px-4 py-6 sm:px-8 sm:py-8">{children}</div>}
        </main>
      </div>
    </div>
  );
}
