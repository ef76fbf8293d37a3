import { useMemo, useState } from "react";
import { Outlet } from "react-router";
import { useAuth } from "../../lib/auth.tsx";
import type { UserDTO as User } from "@contract/users.ts";
import { isSubscriptionExpired } from "../../lib/subscription.ts";
import { AppShell } from "../../features/shell/components/app_shell.tsx";
import type { NotificationItem } from "../../components/layout/header_popover.tsx";
import { ProfileDialog } from "../../features/users/components/profile_dialog.tsx";
import { useInboxNotifications } from "../../features/tickets/api/notifications.ts";
import { listTime } from "../../lib/format.ts";
import { useAttentionCount, useWaitingAlerts } from "../../features/notifications/use_waiting_alerts.ts";
import { RequireAuth } from "./guards.tsx";

function Shell({ user }: { user: User }) {
  const { logout } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  const live = !isSubscriptionExpired(user.company);
  const inbox = useInboxNotifications(user.companyId, user.id, live);
  const waiting = useWaitingAlerts(user.companyId, user.id, live);
  const count = useAttentionCount(inbox, waiting.data);
  // The bell lists unread tickets and the waiting ones (each once, waiting first).
  const notifications = useMemo<NotificationItem[]>(() => {
    const waitingTickets = waiting.data?.tickets ?? [];
    const ids = new Set(waitingTickets.map((t) => t.id));
    return [...waitingTickets, ...inbox.tickets.filter((t) => !ids.has(t.id))].map((t) => ({
      id: t.id,
      title: t.contact?.name ?? "",
      body: t.lastMessage ?? "",
      time: listTime(t.updatedAt),
      href: `/tickets/${t.uuid}`,
      unread: t.unreadMessages,
      picture: t.contact?.urlPicture,
      waiting: t.status === "pending",
    }));
  }, [inbox.tickets, waiting.data]);
  return (
    <AppShell
      user={user}
      onOpenProfile={() => setProfileOpen(true)}
      onLogout={logout}
      unreadCount={count}
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
