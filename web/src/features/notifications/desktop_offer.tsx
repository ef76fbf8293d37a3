import { useTranslation } from "react-i18next";
import { BellRing } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { askDesktopPermission, useDesktopPermission } from "./desktop.ts";

/**
 * The bell's offer to turn desktop notifications on: the moment the user looks at notifications
 * is the sensible one to ask (never on page load). Says so when the browser blocks them.
 */
export function DesktopAlertsOffer() {
  const { t } = useTranslation("attend");
  const permission = useDesktopPermission();
  if (permission === "granted" || permission === "unsupported") return null;
  return (
    <div
      className="flex items-start gap-3 border-b border-line bg-primary-soft/60 px-4 py-3"
      data-testid="desktop-alerts-offer"
    >
      <BellRing className="mt-0.5 size-4 shrink-0 text-primary-strong" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-xs text-ink">
          {permission === "denied" ? t("notify.blocked") : t("notify.offer")}
        </p>
        {permission === "default" && (
          <Button
            size="sm"
            className="self-start"
            onClick={() => askDesktopPermission()}
            data-testid="desktop-alerts-enable"
          >
            {t("notify.enable")}
          </Button>
        )}
      </div>
    </div>
  );
}
