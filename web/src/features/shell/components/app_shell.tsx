import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTheme } from "../../../lib/theme.tsx";
import { canSeeConnections } from "../../../lib/permissions.ts";
import type { User } from "../../../lib/types.ts";
import { useConnectionsWarning } from "../api/list_connections.ts";
import { useHasHelps } from "../api/list_helps.ts";
import { useVersion } from "../api/get_version.ts";
import { visibleNav } from "./nav_model.ts";
import { SideNav } from "./side_nav.tsx";
import { TopBar } from "./top_bar.tsx";

/** Tab title: the app name, prefixed by the unread count (in parentheses above 20). */
export function tabTitle(appName: string, unread: number): string {
  if (unread <= 0) return appName;
  return unread > 20 ? `(${unread}) ${appName}` : `${unread} · ${appName}`;
}

type AppShellProps = {
  user: User;
  onOpenProfile: () => void;
  onLogout: () => void;
  children: ReactNode;
};

export function AppShell({ user, onOpenProfile, onLogout, children }: AppShellProps) {
  const { appName } = useTheme();
  const { t } = useTranslation("shell");
  const [collapsed, setCollapsed] = useState(user.defaultMenu === "closed");
  const hasHelps = useHasHelps();
  const { data: version } = useVersion();
  const connectionsWarning = useConnectionsWarning(user.companyId, canSeeConnections(user));
  const unread = 0;

  useEffect(() => setCollapsed(user.defaultMenu === "closed"), [user.defaultMenu]);
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
      <SideNav
        sections={visibleNav({ user, hasHelps })}
        collapsed={collapsed}
        connectionsWarning={connectionsWarning}
        unreadChats={false}
        version={version}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          collapsed={collapsed}
          onToggleMenu={() => setCollapsed((c) => !c)}
          unreadCount={unread}
          onOpenProfile={onOpenProfile}
          onLogout={onLogout}
        />
        <main id="main" className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto w-full max-w-[1400px] px-4 py-6 sm:px-8 sm:py-8">{children}</div>
        </main>
      </div>
    </div>
  );
}
