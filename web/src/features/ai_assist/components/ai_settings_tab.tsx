/**
 * The admin's AI assistant tab (Settings): the company's OpenAI-compatible provider (URL, key
 * shown masked, default model and one per feature, attendants allowed) and the month's usage
 * against the plan's budget, with every call listed like the audit log (tokens and latency only).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Sparkles } from "lucide-react";
import { AI_FEATURES, type AiSettingsDTO, type AiSettingsInput } from "@contract/ai_assist.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useAiSettings, useAiUsage, useDeleteAiSettings, useSaveAiSettings } from "../api/ai_assist.ts";

/** The form holds what the admin saves. */
type Draft = AiSettingsInput;

const fromDto = (s: AiSettingsDTO): Draft => ({
  enabled: s.configured ? s.enabled : true,
  baseUrl: s.baseUrl || "https://api.openai.com/v1",
  apiKey: s.apiKey,
  model: s.model || "gpt-4o-mini",
  models: s.models,
  forAttendants: s.forAttendants,
});

export function AiSettingsTab() {
  const { t } = useTranslation("aiAssist");
  const settings = useAiSettings();
  const save = useSaveAiSettings();
  const remove = useDeleteAiSettings();
  const [d, setD] = useState<Draft | null>(null);
  useEffect(() => {
    if (settings.data) setD(fromDto(settings.data));
  }, [settings.data]);
  if (!d) return null;
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD({ ...d, [k]: v });
  const submit = async () => {
    try {
      await save.mutateAsync({
        ...d,
        models: Object.fromEntries(Object.entries(d.models).filter(([, v]) => v)),
      });
      toastSuccess(t("settings.saved"));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div className="mt-5 flex flex-col gap-5" data-testid="ai-settings">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Sparkles className="size-4 text-primary" />
            {t("settings.title")}
          </CardTitle>
          <CardDescription>{t("settings.description")}</CardDescription>
        </CardHeader>
        <CardBody className="grid gap-4 md:grid-cols-2">
          <Field label={t("settings.baseUrl")} htmlFor="ai-base-url" hint={t("settings.baseUrlHint")}>
            <Input
              id="ai-base-url"
              value={d.baseUrl}
              onChange={(e) => set("baseUrl", e.target.value)}
              data-testid="ai-base-url"
            />
          </Field>
          <Field label={t("settings.apiKey")} htmlFor="ai-api-key" hint={t("settings.apiKeyHint")}>
            <Input
              id="ai-api-key"
              type="password"
              autoComplete="off"
              value={d.apiKey}
              onChange={(e) => set("apiKey", e.target.value)}
              data-testid="ai-api-key"
            />
          </Field>
          <Field label={t("settings.model")} htmlFor="ai-model">
            <Input
              id="ai-model"
              value={d.model}
              onChange={(e) => set("model", e.target.value)}
              data-testid="ai-model"
            />
          </Field>
          {AI_FEATURES.map((f) => (
            <Field
              key={f}
              label={t("settings.modelFor", { feature: t(`features.${f}`) })}
              htmlFor={`ai-model-${f}`}
            >
              <Input
                id={`ai-model-${f}`}
                value={d.models[f] ?? ""}
                placeholder={d.model}
                onChange={(e) => set("models", { ...d.models, [f]: e.target.value })}
              />
            </Field>
          ))}
          <label className="flex items-center gap-3 text-[14px] text-ink">
            <Switch checked={d.enabled} onCheckedChange={(v) => set("enabled", v)} data-testid="ai-enabled" />
            {t("settings.enabled")}
          </label>
          <label className="flex items-center gap-3 text-[14px] text-ink">
            <Switch checked={d.forAttendants} onCheckedChange={(v) => set("forAttendants", v)} />
            {t("settings.forAttendants")}
          </label>
          <div className="flex flex-wrap gap-2 md:col-span-2">
            <Button onClick={submit} loading={save.isPending} data-testid="ai-save">
              {t("settings.save")}
            </Button>
            {settings.data?.configured && (
              <Button
                variant="secondary"
                onClick={() => remove.mutateAsync().then(() => setD(null)).catch(toastError)}
                loading={remove.isPending}
              >
                {t("settings.remove")}
              </Button>
            )}
          </div>
        </CardBody>
      </Card>
      {settings.data?.configured && <UsageCard />}
    </div>
  );
}

function UsageCard() {
  const { t } = useTranslation("aiAssist");
  const [page, setPage] = useState(1);
  const usage = useAiUsage(page);
  const u = usage.data;
  if (!u) return null;
  const pct = u.budget ? Math.min(100, Math.round((u.used / u.budget) * 100)) : 100;
  return (
    <Card data-testid="ai-usage">
      <CardHeader>
        <CardTitle>{t("usage.title", { month: u.month })}</CardTitle>
        <CardDescription data-testid="ai-usage-total">
          {t("usage.total", { used: u.used.toLocaleString(), budget: u.budget.toLocaleString() })}
        </CardDescription>
      </CardHeader>
      <CardBody className="flex flex-col gap-4">
        <div className="h-2 overflow-hidden rounded-full bg-surface-2">
          <div
            className={pct >= 100 ? "h-full bg-danger" : "h-full bg-primary"}
            style={{ width: `${pct}%` }}
          />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-[13px]">
            <thead className="text-ink-subtle">
              <tr>
                <th className="py-1.5 pr-3 font-medium">{t("usage.when")}</th>
                <th className="py-1.5 pr-3 font-medium">{t("usage.who")}</th>
                <th className="py-1.5 pr-3 font-medium">{t("usage.feature")}</th>
                <th className="py-1.5 pr-3 font-medium">{t("usage.model")}</th>
                <th className="py-1.5 pr-3 text-right font-medium">{t("usage.tokens")}</th>
                <th className="py-1.5 pr-3 text-right font-medium">{t("usage.latency")}</th>
                <th className="py-1.5 font-medium">{t("usage.status")}</th>
              </tr>
            </thead>
            <tbody>
              {u.calls.map((c) => (
                <tr key={c.id} className="border-t border-line text-ink">
                  <td className="py-1.5 pr-3 whitespace-nowrap">{formatDateTime(c.createdAt)}</td>
                  <td className="py-1.5 pr-3">{c.user?.name ?? "—"}</td>
                  <td className="py-1.5 pr-3">{t(`features.${c.feature}`, { defaultValue: c.feature })}</td>
                  <td className="py-1.5 pr-3">{c.model}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {c.totalTokens.toLocaleString()}
                    {c.estimated ? "*" : ""}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">
                    {c.firstTokenMs ?? "—"} / {c.latencyMs} ms
                  </td>
                  <td className="py-1.5">{t(`usage.statuses.${c.status}`, { defaultValue: c.status })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!u.calls.length && <p className="py-3 text-[13px] text-ink-subtle">{t("usage.empty")}</p>}
        </div>
        <p className="text-[12px] text-ink-subtle">{t("usage.note")}</p>
        {(page > 1 || u.hasMore) && (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
              {t("usage.previous")}
            </Button>
            <Button size="sm" variant="secondary" disabled={!u.hasMore} onClick={() => setPage(page + 1)}>
              {t("usage.next")}
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
