import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, KeyRound } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useUpdateSetting } from "../api/settings.ts";
import { defaultFor, type SelectSetting } from "./settings_definitions.ts";

/** Saves one key and reports; `onSaved` lets callers mirror the value (branding). */
export function useSaveSetting(onSaved?: (value: string) => void) {
  const { t } = useTranslation("settings");
  const mutation = useUpdateSetting();
  const save = async (key: string, value: string) => {
    try {
      await mutation.mutateAsync({ key, value });
      toastSuccess(t("saved"));
      onSaved?.(value);
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };
  return { save, pending: mutation.isPending };
}

export function SettingRow(
  { id, label, hint, pending, children }: {
    id: string;
    label: string;
    hint?: string;
    pending?: boolean;
    children: ReactNode;
  },
) {
  const { t } = useTranslation("settings");
  return (
    <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">{label}</label>
        {hint && <p className="text-[13px] text-ink-muted">{hint}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2 sm:w-72">
        {children}
        <span className="flex w-5 justify-center" aria-live="polite">
          {pending && <Spinner className="size-4 text-primary-strong" label={t("updating")} />}
        </span>
      </div>
    </div>
  );
}

/** A drop-down saved immediately on change. */
export function SettingSelect({ def, value }: { def: SelectSetting; value: string | undefined }) {
  const { t } = useTranslation("settings");
  const { save, pending } = useSaveSetting();
  const current = value || defaultFor(def.key);
  const optionLabel = (key: string, option: string) =>
    key === "downloadLimit"
      ? t("values.megabytes", { value: option })
      : key === "billingCurrency"
      ? option
      : t(`values.${option}`);
  return (
    <SettingRow
      id={`setting-${def.key}`}
      label={t(`keys.${def.key}.label`)}
      hint={t(`keys.${def.key}.hint`)}
      pending={pending}
    >
      <Select
        id={`setting-${def.key}`}
        data-testid={`setting-${def.key}`}
        value={current}
        disabled={pending}
        onValueChange={(v) => v !== current && save(def.key, v)}
        options={def.options.map((o) => ({ value: o, label: optionLabel(def.key, o) }))}
      />
    </SettingRow>
  );
}

/** A free-text setting saved when the field loses focus; optionally required. */
export function SettingText(
  { settingKey, value, required, multiline }: {
    settingKey: string;
    value: string | undefined;
    required?: boolean;
    multiline?: boolean;
  },
) {
  const { t } = useTranslation("settings");
  const [text, setText] = useState(value ?? "");
  const { save, pending } = useSaveSetting();
  useEffect(() => setText(value ?? ""), [value]);
  const missing = required && !text.trim();
  const commit = () => {
    if (missing || text === (value ?? "")) return;
    save(settingKey, text);
  };
  const props = {
    id: `setting-${settingKey}`,
    "data-testid": `setting-${settingKey}`,
    value: text,
    "aria-invalid": missing || undefined,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    onBlur: commit,
  };
  return (
    <div className="flex flex-col gap-1.5 py-4">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={props.id} className="text-sm font-medium text-ink">
          {t(`keys.${settingKey}.label`)}
        </label>
        {pending && <Spinner className="size-4 text-primary-strong" label={t("updating")} />}
      </div>
      <p className="text-[13px] text-ink-muted">{t(`keys.${settingKey}.hint`)}</p>
      {multiline ? <Textarea rows={3} {...props} /> : <Input {...props} />}
      {missing && <p role="alert" className="text-xs font-medium text-danger">{t("requiredMessage")}</p>}
    </div>
  );
}

/** Secrets come back masked; a new value is typed and saved explicitly. */
export function SettingSecret({ settingKey, value }: { settingKey: string; value: string | undefined }) {
  const { t } = useTranslation("settings");
  const [text, setText] = useState("");
  const { save, pending } = useSaveSetting();
  const commit = async () => {
    if (text.trim() && await save(settingKey, text.trim())) setText("");
  };
  return (
    <SettingRow
      id={`setting-${settingKey}`}
      label={t(`keys.${settingKey}.label`)}
      hint={t(`keys.${settingKey}.hint`)}
    >
      <div className="relative flex-1">
        <KeyRound className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
        <Input
          id={`setting-${settingKey}`}
          data-testid={`setting-${settingKey}`}
          type="password"
          autoComplete="off"
          className="pl-9"
          value={text}
          placeholder={value ? value : t("secretNotSet")}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && commit()}
        />
      </div>
      <Button
        size="icon-sm"
        variant="secondary"
        aria-label={t("saveSecret")}
        disabled={!text.trim()}
        loading={pending}
        onClick={commit}
      >
        {!pending && <Check className="size-4" />}
      </Button>
    </SettingRow>
  );
}
