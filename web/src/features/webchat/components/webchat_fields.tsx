/**
 * The webchat connection's own tab in the connection dialog: the widget's look, the
 * website origins allowed to embed it, what it does when nobody is online, and the one-line
 * snippet to paste into the site.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy } from "lucide-react";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toastError } from "../../../lib/toast.ts";
import { WEBCHAT_COLOR, WEBCHAT_DEFAULTS, type WebchatSettings } from "@contract/webchat.ts";

export type { WebchatSettings };

export type WebchatValue = Omit<WebchatSettings, "allowedOrigins" | "avatarUrl"> & {
  avatarUrl: string;
  /** One origin per line. */
  origins: string;
};

export type WebchatErrors = Partial<Record<"color" | "avatarUrl" | "origins", string>>;

export function webchatFrom(c?: { webchat?: WebchatSettings | null } | null): WebchatValue {
  const w = c?.webchat;
  return {
    color: w?.color ?? WEBCHAT_DEFAULTS.color,
    title: w?.title ?? WEBCHAT_DEFAULTS.title,
    greeting: w?.greeting ?? WEBCHAT_DEFAULTS.greeting,
    avatarUrl: w?.avatarUrl ?? "",
    position: w?.position ?? WEBCHAT_DEFAULTS.position,
    language: w?.language ?? WEBCHAT_DEFAULTS.language,
    origins: (w?.allowedOrigins ?? WEBCHAT_DEFAULTS.allowedOrigins).join("\n"),
    offline: w?.offline ?? WEBCHAT_DEFAULTS.offline,
    useBusinessHours: w?.useBusinessHours ?? WEBCHAT_DEFAULTS.useBusinessHours,
  };
}

const originsOf = (v: WebchatValue) => v.origins.split(/[\s,]+/).map((o) => o.trim()).filter(Boolean);

export function webchatErrors(v: WebchatValue): WebchatErrors {
  const e: WebchatErrors = {};
  if (!WEBCHAT_COLOR.test(v.color)) e.color = "errors.color";
  if (v.avatarUrl.trim() && !/^https?:\/\/\S+$/i.test(v.avatarUrl.trim())) e.avatarUrl = "errors.url";
  const bad = originsOf(v).find((o) => {
    try {
      return !/^https?:$/.test(new URL(o).protocol);
    } catch {
      return true;
    }
  });
  if (bad) e.origins = "errors.origin";
  return e;
}

export function webchatPayload(v: WebchatValue): { webchat: WebchatSettings } {
  return {
    webchat: {
      color: v.color,
      title: v.title.trim(),
      greeting: v.greeting.trim(),
      avatarUrl: v.avatarUrl.trim() || null,
      position: v.position,
      language: v.language,
      allowedOrigins: originsOf(v),
      offline: v.offline,
      useBusinessHours: v.useBusinessHours,
    },
  };
}

/** The snippet a site pastes before </body>. */
export const embedSnippet = (key: string) =>
  `<script src="${location.origin}/webchat.js" data-connection="${key}" async></script>`;

export function WebchatFields({ value, onChange, errors, webchatKey }: {
  value: WebchatValue;
  onChange: (v: WebchatValue) => void;
  errors: WebchatErrors;
  webchatKey?: string | null;
}) {
  const { t } = useTranslation("webchat");
  const set = <K extends keyof WebchatValue>(k: K, v: WebchatValue[K]) => onChange({ ...value, [k]: v });
  const err = (k: keyof WebchatErrors) => (errors[k] ? t(errors[k]!) : null);
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="webchat-fields">
      {webchatKey && <Snippet webchatKey={webchatKey} />}
      <Field label={t("form.title")} htmlFor="wc-title" hint={t("form.titleHint")}>
        <Input
          id="wc-title"
          value={value.title}
          maxLength={60}
          onChange={(e) => set("title", e.target.value)}
        />
      </Field>
      <Field label={t("form.color")} htmlFor="wc-color" error={err("color")}>
        <div className="flex gap-2">
          <input
            type="color"
            aria-label={t("form.color")}
            value={/^#[0-9a-fA-F]{6}$/.test(value.color) ? value.color : "#2563eb"}
            onChange={(e) => set("color", e.target.value)}
            className="h-9 w-12 shrink-0 cursor-pointer rounded-lg border border-line bg-surface p-1"
          />
          <Input
            id="wc-color"
            value={value.color}
            aria-invalid={!!errors.color}
            onChange={(e) => set("color", e.target.value)}
            data-testid="wc-color"
          />
        </div>
      </Field>
      <Field label={t("form.greeting")} htmlFor="wc-greeting" className="sm:col-span-2">
        <Textarea
          id="wc-greeting"
          rows={2}
          maxLength={500}
          value={value.greeting}
          onChange={(e) => set("greeting", e.target.value)}
          data-testid="wc-greeting"
        />
      </Field>
      <Field
        label={t("form.avatarUrl")}
        htmlFor="wc-avatar"
        error={err("avatarUrl")}
        className="sm:col-span-2"
      >
        <Input
          id="wc-avatar"
          type="url"
          placeholder="https://"
          value={value.avatarUrl}
          aria-invalid={!!errors.avatarUrl}
          onChange={(e) => set("avatarUrl", e.target.value)}
        />
      </Field>
      <Field label={t("form.position")} htmlFor="wc-position">
        <Select
          id="wc-position"
          value={value.position}
          onValueChange={(v) => set("position", v as WebchatValue["position"])}
          options={[
            { value: "right", label: t("form.positions.right") },
            { value: "left", label: t("form.positions.left") },
          ]}
        />
      </Field>
      <Field label={t("form.language")} htmlFor="wc-language">
        <Select
          id="wc-language"
          value={value.language}
          onValueChange={(v) => set("language", v as WebchatValue["language"])}
          options={(["auto", "pt", "es", "en", "tr"] as const).map((l) => ({
            value: l,
            label: t(`form.languages.${l}`),
          }))}
        />
      </Field>
      <Field
        label={t("form.origins")}
        htmlFor="wc-origins"
        hint={t("form.originsHint")}
        error={err("origins")}
        className="sm:col-span-2"
      >
        <Textarea
          id="wc-origins"
          rows={3}
          placeholder="https://www.example.com"
          value={value.origins}
          aria-invalid={!!errors.origins}
          onChange={(e) => set("origins", e.target.value)}
          data-testid="wc-origins"
        />
      </Field>
      <Field
        label={t("form.offline")}
        htmlFor="wc-offline"
        hint={t("form.offlineHint")}
        className="sm:col-span-2"
      >
        <Select
          id="wc-offline"
          value={value.offline}
          onValueChange={(v) => set("offline", v as WebchatValue["offline"])}
          options={[
            { value: "collect", label: t("form.offlineModes.collect") },
            { value: "message", label: t("form.offlineModes.message") },
          ]}
        />
      </Field>
      <label
        htmlFor="wc-hours"
        className="flex cursor-pointer items-center justify-between gap-4 rounded-xl border border-line px-4 py-3 sm:col-span-2"
      >
        <span className="flex flex-col">
          <span className="text-sm font-medium text-ink">{t("form.useBusinessHours")}</span>
          <span className="text-xs text-ink-subtle">{t("form.useBusinessHoursHint")}</span>
        </span>
        <Switch
          id="wc-hours"
          checked={value.useBusinessHours}
          onCheckedChange={(v) => set("useBusinessHours", v)}
        />
      </label>
    </div>
  );
}

function Snippet({ webchatKey }: { webchatKey: string }) {
  const { t } = useTranslation("webchat");
  const [copied, setCopied] = useState(false);
  const code = embedSnippet(webchatKey);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toastError(t("form.copyFailed"));
    }
  };
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <span className="text-[13px] font-medium text-ink-muted">{t("form.snippet")}</span>
      <div className="flex items-start gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-lg border border-line bg-surface-2 px-3 py-2 font-mono text-xs text-ink"
          data-testid="wc-snippet"
        >
          {code}
        </code>
        <Button variant="secondary" onClick={copy} aria-label={t("form.copy")}>
          {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
        </Button>
      </div>
      <p className="text-xs text-ink-subtle">{t("form.snippetHint")}</p>
    </div>
  );
}
