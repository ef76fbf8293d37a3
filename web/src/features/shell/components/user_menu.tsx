import { useTranslation } from "react-i18next";
import { Languages, LogOut, UserRound } from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from "../../../components/ui/dropdown_menu.tsx";
import { publicFileUrl } from "../../../lib/api.ts";
import { currentLanguage, type Language, LANGUAGES, setLanguage } from "../../../lib/i18n.ts";
import type { UserDTO as User } from "@contract/users.ts";

type UserMenuProps = { user: User; onOpenProfile: () => void; onLogout: () => void };

export function UserMenu({ user, onOpenProfile, onLogout }: UserMenuProps) {
  const { t } = useTranslation("shell");
  return (
    <Menu>
      <MenuTrigger
        data-testid="user-menu-trigger"
        aria-label={t("topbar.account")}
        className="ml-1 flex cursor-pointer items-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-primary/50"
      >
        <Avatar src={publicFileUrl(user.profileImage)} name={user.name} size="sm" />
      </MenuTrigger>
      <MenuContent align="end" className="w-64">
        <div className="flex items-center gap-3 px-2.5 py-2.5">
          <Avatar src={publicFileUrl(user.profileImage)} name={user.name} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink">{user.name}</p>
            <p className="truncate text-xs text-ink-muted">{user.email}</p>
          </div>
        </div>
        <MenuSeparator />
        <MenuItem data-testid="menu-profile" onSelect={onOpenProfile}>
          <UserRound />
          {t("topbar.profile")}
        </MenuItem>
        <MenuSeparator />
        <MenuLabel className="flex items-center gap-2" data-testid="menu-language">
          <Languages className="size-3.5" />
          {t("topbar.language")}
        </MenuLabel>
        <MenuRadioGroup value={currentLanguage()} onValueChange={(lng) => void setLanguage(lng as Language)}>
          {LANGUAGES.map((lng) => (
            <MenuRadioItem key={lng} value={lng} data-testid={`language-${lng}`}>
              <span className="w-6 text-xs font-semibold text-ink-subtle uppercase">{lng}</span>
              {t(`languages.${lng}`)}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem data-testid="menu-logout" onSelect={onLogout} className="text-danger [&_svg]:!text-danger">
          <LogOut />
          {t("topbar.logout")}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
