/**
 * What the installed app needs: the offline banner on every screen (nothing on screen is live while
 * the server cannot be reached), and, inside the signed-in shell, the "new version — reload" toast
 * and routing to the URL of a tapped push notification.
 */
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { WifiOff } from "lucide-react";
import { useOffline } from "../../lib/online.ts";
import { onOpenUrl, onUpdateReady } from "./register.ts";

export function OfflineBanner() {
  const { t } = useTranslation("attend");
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="fixed top-2 left-1/2 z-[60] flex w-max max-w-[calc(100vw-1rem)] -translate-x-1/2 items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-4 py-2 text-xs text-amber-900 shadow-lg dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff className="size-4 shrink-0" />
      <span>{t("pwa.offline")}</span>
    </div>
  );
}

export function PwaBridge() {
  const { t } = useTranslation("attend");
  const navigate = useNavigate();
  useEffect(() => onOpenUrl((url) => navigate(url)), [navigate]);
  useEffect(() =>
    onUpdateReady((apply) => {
      toast(t("pwa.updateReady"), {
        id: "pwa-update",
        duration: Infinity,
        action: { label: t("pwa.reload"), onClick: apply },
      });
    }), [t]);
  return null;
}
