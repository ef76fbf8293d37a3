import { useState } from "react";
import { Outlet } from "react-router";
import { useAuth } from "../../lib/auth.tsx";
import { AppShell } from "../../features/shell/components/app_shell.tsx";
import { ProfileDialog } from "../../features/users/components/profile_dialog.tsx";
import { RequireAuth } from "./guards.tsx";

function Shell() {
  const { user, logout } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;
  return (
    <AppShell user={user} onOpenProfile={() => setProfileOpen(true)} onLogout={logout}>
      <Outlet />
      {profileOpen && <ProfileDialog user={user} open onOpenChange={setProfileOpen} />}
    </AppShell>
  );
}

export function PrivateLayout() {
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}
