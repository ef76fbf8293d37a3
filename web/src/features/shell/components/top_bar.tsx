import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EllipsisVertical, KeyRound, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { useMediaQuery } from "../../../lib/use_media_query.ts";
import { pageTitleKey } from "./nav_model.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { isAdmin, planAllows } from "../../../lib/permissions.ts";
import { effectiveDueDate, OPERATOR_COMPANY_ID } from "../../../lib/subscription.ts";
import type { UserDTO as User } from "@contract/users.ts";
import { RefreshButton, ThemeToggle, VolumeControl } from "./header_controls.tsx";
import { NotificationsPopover } from "./header_popovers.tsx";
import { type NotificationItem } from "../../../components/layout/header_popover.tsx";
import { TopBarAnnouncements } from "../../announcements/index.ts";
import { TopBarChats } from "../../chats/index.ts";
import { UserMenu } from "./user_menu.tsx";

type TopBarProps = {
  user: User;
  collapsed: boolean;
  onToggleMenu: () => void;
  unreadCount: number;
  notifications?: NotificationItem[];
  onOpenProfile: () => void;
  onLogout: () => void;
};

function Greeting({ user }: { user: User }) {
  const { t } = useTranslation("shell");
  const company = user.company?.name ?? "";
  return (
    <div className="hidden min-w-0 text-sm text-ink-muted sm:block" data-testid="greeting">
      <p className="truncate">
        {t("topbar.greetingPrefix")} <strong className="font-semibold text-ink">{user.name}</strong>
        {company && (
          <>
            {", "}
            {t("topbar.welcomeTo")} <strong className="font-semibold text-ink">{company}</strong>
          </>
        )}
      </p>
      {isAdmin(user) && user.companyId !== OPERATOR_COMPANY_ID && effectiveDueDate(user.company) && (
        <p className="truncate text-xs text-ink-subtle" data-testid="due-date">
          {t("topbar.dueDate", { date: formatDay(effectiveDueDate(user.company)) })}
        </p>
      )}
    </div>
  );
}

/** The page's name from the menu (phones show it instead of the greeting). */
function PageTitle() {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const key = pageTitleKey(pathname);
  if (!key) return null;
  return (
    <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-ink" data-testid="topbar-title">
      {t(`nav.${key}`)}
    </h1>
  );
}

/** On a phone the secondary controls live behind one button, so the bar keeps its title. */
function PhoneMore({ children }: { children: ReactNode }) {
  const { t } = useTranslation("attend");
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("topbar.more")} data-testid="topbar-more">
          <EllipsisVertical className="size-[18px]" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-auto p-1.5" data-testid="topbar-more-menu">
        <div className="flex items-center gap-0.5">{children}</div>
      </PopoverContent>
    </Popover>
  );
}

export function TopBar(
  { user, collapsed, onToggleMenu, unreadCount, notifications, onOpenProfile, onLogout }: TopBarProps,
) {
  const { t } = useTranslation("shell");
  const menuLabel = collapsed ? t("topbar.expandMenu") : t("topbar.collapseMenu");
  const phone = !useMediaQuery("(min-width: 640px)");
  const secondary = (
    <>
      <ThemeToggle />
      <VolumeControl />
      <RefreshButton />
      <div className="mx-1.5 hidden h-6 w-px bg-line sm:block" />
      <TopBarAnnouncements userId={user.id} />
      {planAllows(user, "useInternalChat") && <TopBarChats user={user} />}
    </>
  );
  return (
    <header className="flex h-16 shrink-0 items-center gap-2 border-b border-line bg-surface/85 px-2 backdrop-blur sm:gap-3 sm:px-6">
      <Tooltip content={menuLabel}>
        <Button
          variant="ghost"
          size="icon"
          aria-label={menuLabel}
          data-testid="menu-toggle"
          onClick={onToggleMenu}
        >
          {collapsed ? <PanelLeftOpen className="size-[18px]" /> : <PanelLeftClose className="size-[18px]" />}
        </Button>
      </Tooltip>
      {phone ? <PageTitle /> : <Greeting user={user} />}
      <div className="ml-auto flex shrink-0 items-center gap-0.5">
        {user.companyId === OPERATOR_COMPANY_ID && (
          <Tooltip content={t("topbar.operatorHint")}>
            <Badge tone="primary" className="mr-2 hidden sm:inline-flex" data-testid="token-badge">
              <KeyRound className="size-3" />
              {t("topbar.operatorBadge")}
            </Badge>
          </Tooltip>
        )}
        {!phone && secondary}
        <NotificationsPopover count={unreadCount} items={notifications} />
        {phone && <PhoneMore>{secondary}</PhoneMore>}
        <UserMenu user={user} onOpenProfile={onOpenProfile} onLogout={onLogout} />
      </div>
    </header>
  );
}
