import { useTranslation } from "react-i18next";
import { Smartphone } from "lucide-react";
import { Switch } from "../../components/ui/switch.tsx";
import { toastError } from "../../lib/toast.ts";
import { usePushDevice } from "./push_device.ts";

/**
 * The bell's "notifications on this device" switch: push notifications that reach this phone or
 * computer with the app closed. The permission is asked only when the user turns it on here.
 */
export function PushDeviceSwitch() {
  const { t } = useTranslation("attend");
  const { state, busy, toggle } = usePushDevice();
  if (state === null) return null;
  const hint = state === "unsupported"
    ? t("push.unsupported")
    : state === "denied"
    ? t("push.blocked")
    : t("push.deviceHint");
  return (
    <div className="flex items-start gap-3 border-b border-line px-4 py-3" data-testid="push-device">
      <Smartphone className="mt-0.5 size-4 shrink-0 text-ink-muted" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <label htmlFor="push-device-switch" className="text-xs font-medium text-ink">
          {t("push.device")}
        </label>
        <p className="text-xs text-ink-muted">{hint}</p>
      </div>
      <Switch
        id="push-device-switch"
        data-testid="push-device-switch"
        checked={state === "on"}
        disabled={busy || state === "unsupported" || state === "denied"}
        onCheckedChange={(on) =>
          toggle(on).catch((err) => toastError(err, { fallbackKey: "attend:push.failed" }))}
      />
    </div>
  );
}
