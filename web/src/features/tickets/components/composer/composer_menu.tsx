import { useTranslation } from "react-i18next";
import { Camera, Contact, LayoutList, Lock, Paperclip, PenLine, Plus, Zap } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
} from "../../../../components/ui/dropdown_menu.tsx";
import { cn } from "../../../../lib/utils.ts";

export type ComposerAction = "attach" | "camera" | "contact" | "rich" | "quick" | "private" | "sign";

/**
 * The composer's "+" menu: everything besides typing, so the text box keeps its width. On a narrow
 * composer (a phone, or the conversation beside a wide list) the private-note and signature
 * toggles move in here too; the toolbar shows them only when there is room.
 */
export function ComposerMenu(
  { onAction, isPrivate, sign, narrow }: {
    onAction: (a: ComposerAction) => void;
    isPrivate: boolean;
    sign: boolean;
    /** The composer is too narrow for the toggles: they are offered here. */
    narrow: boolean;
  },
) {
  const { t } = useTranslation("attend");
  const state = (on: boolean) => (
    <span
      className={cn(
        "ml-auto rounded-full px-1.5 text-[10px] font-semibold",
        on ? "bg-primary-soft text-primary-strong" : "bg-surface-2 text-ink-subtle",
      )}
    >
      {on ? t("composer.on") : t("composer.off")}
    </span>
  );
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t("composer.more")} data-testid="composer-more">
          <Plus className="size-[18px]" />
        </Button>
      </MenuTrigger>
      <MenuContent align="start" side="top" className="min-w-56" data-testid="composer-menu">
        <MenuItem onSelect={() => onAction("attach")} data-testid="composer-menu-attach">
          <Paperclip />
          {t("composer.attach")}
        </MenuItem>
        <MenuItem onSelect={() => onAction("camera")} data-testid="composer-menu-camera">
          <Camera />
          {t("composer.camera")}
        </MenuItem>
        <MenuItem onSelect={() => onAction("contact")} data-testid="composer-menu-contact">
          <Contact />
          {t("composer.contact")}
        </MenuItem>
        <MenuItem onSelect={() => onAction("rich")} data-testid="composer-menu-rich">
          <LayoutList />
          {t("composer.rich")}
        </MenuItem>
        <MenuItem onSelect={() => onAction("quick")} data-testid="composer-menu-quick">
          <Zap />
          {t("composer.quick")}
        </MenuItem>
        {narrow && (
          <>
            <MenuSeparator />
            <MenuItem
              onSelect={() => onAction("private")}
              data-testid="composer-menu-private"
              aria-checked={isPrivate}
              role="menuitemcheckbox"
            >
              <Lock />
              {t("composer.private")}
              {state(isPrivate)}
            </MenuItem>
            <MenuItem
              onSelect={() => onAction("sign")}
              data-testid="composer-menu-sign"
              aria-checked={sign}
              role="menuitemcheckbox"
            >
              <PenLine />
              {t("composer.sign")}
              {state(sign)}
            </MenuItem>
          </>
        )}
      </MenuContent>
    </Menu>
  );
}
