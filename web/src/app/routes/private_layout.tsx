import { useMemo, useState } from "react";
import { Outlet } from "react-router";
import { useAuth } from "../../lib/auth.tsx";
import type { User } from "../../lib/types.ts";
import { isSubscriptionExpired } from "../../lib/subscription.ts";
import { AppShell } from "../../features/shell/components/app_shell.tsx";
import type { NotificationItem } from "../../features/shell/components/header_popovers.tsx";
import { ProfileDialog } from "../../features/users/components/profile_dialog.tsx";
import { useInboxNotifications } from "../../features/tickets/api/notifications.ts";
import { listTime } from "../../features/tickets/components/format.ts";
import { RequireAuth } from "./guards.tsx";

function Shell({ user }: { user: User }) {
  const { logout } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  const inbox = useInboxNotifications(user.companyId, user.id, !isSubscriptionExpired(user.company));
  const notifications = useMemo<NotificationItem[]>(() =>
    inbox.tickets.map((t) => ({
      id: t.id,
      title: t.contact?.name ?? "",
      body: t.lastMessage ?? "",
      time: listTime(t.updatedAt),
      href: `/tickets/${t.uuid}`,
      unread: t.unreadMessages,
      picture: t.contact?.urlPicture,
    })), [inbox.tickets]);
  return (
    <AppShell
      user={user}
      onOpenProfile={() => setProfileOpen(true)}
      onLogout={logout}
      unreadCount={inbox.count}
      notifications={notifications}
    >
      <Outlet />
      {profileOpen && <ProfileDialog user={user} open onOpenChange={setProfileOpen} />}
    </AppShell>
  );
}

function ShellGate() {
  const { user } = useAuth();
  if (!user) return null;
  return <Shell user={user} />;
}

export function PrivateLayout() {
  return (
    <RequireAuth>
      <ShellGate />
    </RequireAuth>
  );
}
