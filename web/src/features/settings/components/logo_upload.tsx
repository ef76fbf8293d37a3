import { type ChangeEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageUp, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { publicFileUrl } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { type LogoMode, uploadLogo, useUpdateSetting } from "../api/settings.ts";

type Props = {
  settingKey: "appLogoLight" | "appLogoDark" | "appLogoFavicon";
  mode: LogoMode;
  value: string | undefined;
  onChange: (file: string) => void;
};

/** Upload, preview and remove one of the white-label images. */
export function LogoUpload({ settingKey, mode, value, onChange }: Props) {
  const { t } = useTranslation("settings");
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const update = useUpdateSetting();
  const url = publicFileUrl(value);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setBusy(true);
    try {
      const res = await uploadLogo(mode, file);
      await update.mutateAsync({ key: settingKey, value: res });
      onChange(res);
      toastSuccess(t("whitelabel.uploaded"));
    } catch (err) {
      toastError(err, { fallbackKey: "settings:whitelabel.uploadError" });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await update.mutateAsync({ key: settingKey, value: "" });
      onChange("");
      toastSuccess(t("saved"));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line p-4" data-testid={`logo-${settingKey}`}>
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium text-ink">{t(`whitelabel.${settingKey}`)}</span>
      </div>
      <div
        className={cn(
          "flex h-28 items-center justify-center rounded-lg border border-dashed border-line",
          mode === "Dark" ? "bg-[#0b0f14]" : "bg-surface-2",
        )}
      >
        {url
          ? (
            <img
              src={url}
              alt={t(`whitelabel.${settingKey}`)}
              className="max-h-20 max-w-[80%] object-contain"
            />
          )
          : <span className="text-xs text-ink-subtle">{t("whitelabel.noImage")}</span>}
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="flex-1"
          loading={busy}
          onClick={() =>
            input.current?.click()}
        >
          {!busy && <ImageUp className="size-4" />}
          {t("whitelabel.upload")}
        </Button>
        {url && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("whitelabel.remove")}
            disabled={busy}
            onClick={remove}
          >
            <Trash2 className="size-4" />
          </Button>
        )}
      </div>
      <input ref={input} type="file" accept="image/*" hidden onChange={pick} />
    </div>
  );
}
