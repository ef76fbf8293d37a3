import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { fieldErrorsOf } from "../../../lib/server_errors.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import {
  type Integration,
  INTEGRATION_TYPES,
  type IntegrationInput,
  type IntegrationType,
  useSaveIntegration,
  useTestSession,
} from "../api/integrations.ts";

const blank = (): IntegrationInput => ({
  type: "typebot",
  name: "",
  projectName: "",
  jsonContent: "",
  language: "pt-BR",
  urlN8N: "",
  typebotSlug: "",
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: "",
  typebotKeywordRestart: "",
  typebotRestartMessage: "",
  typebotUnknownMessage: "",
});

/** One editor per type (spec 2 §3, §5): name 2–50 (the spec's 'Muy corto!', 'Muy Largo!', 'Requerido' in es). */
export function IntegrationModal(
  { integration, onClose }: { integration: Integration | null; onClose: () => void },
) {
  const { t } = useTranslation("integrations");
  const save = useSaveIntegration();
  const test = useTestSession();
  const [v, setV] = useState<IntegrationInput>(() => integration ? { ...blank(), ...integration } : blank());
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = <K extends keyof IntegrationInput>(k: K, value: IntegrationInput[K]) => {
    setV((o) => ({ ...o, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const text = (
    k: keyof IntegrationInput,
    id: string,
    label: string,
    o: { hint?: string; placeholder?: string } = {},
  ) => (
    <Field label={label} htmlFor={id} error={errors[k]} hint={o.hint}>
      <Input
        id={id}
        value={String(v[k] ?? "")}
        placeholder={o.placeholder}
        onChange={(e) => set(k, e.target.value as never)}
      />
    </Field>
  );
  const int = (k: "typebotExpires" | "typebotDelayMessage", id: string, label: string, hint: string) => (
    <Field label={label} htmlFor={id} hint={hint}>
      <Input
        id={id}
        type="number"
        min={0}
        value={v[k]}
        onChange={(e) =>
          set(k, Number(e.target.value || 0))}
      />
    </Field>
  );

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const name = v.name.trim();
    const found: Record<string, string | undefined> = {
      name: !name
        ? t("validation.required")
        : name.length < 2
        ? t("validation.tooShort")
        : name.length > 50
        ? t("validation.tooLong")
        : undefined,
    };
    if ((v.type === "n8n" || v.type === "webhook") && !v.urlN8N?.trim()) {
      found.urlN8N = t("validation.required");
    }
    if (v.type === "typebot" && !v.typebotSlug?.trim()) found.typebotSlug = t("validation.required");
    if (v.type === "dialogflow" && !v.projectName?.trim()) found.projectName = t("validation.required");
    if (v.type === "dialogflow" && !integration?.hasJsonContent && !v.jsonContent.trim()) {
      found.jsonContent = t("validation.required");
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await save.mutateAsync({ id: integration?.id, input: { ...v, name } });
      toastSuccess(t("integrations.saved"));
      onClose();
    } catch (err) {
      setErrors((e) => ({ ...e, ...fieldErrorsOf(err) }));
      toastError(err);
    }
  };
  const runTest = async () => {
    try {
      const r = await test.mutateAsync({
        projectName: v.projectName ?? "",
        jsonContent: v.jsonContent,
        language: v.language ?? "pt-BR",
      });
      toastSuccess(t("integrations.testOk", { answer: r.message || "—" }));
    } catch (err) {
      // Why Dialogflow or the server refused, under the field it concerns.
      setErrors((e) => ({ ...e, ...fieldErrorsOf(err) }));
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={integration ? t("integrations.editTitle") : t("integrations.addTitle")}
      className="max-w-2xl"
      onClose={onClose}
      formId="integration-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="integration-save"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("integrations.type")} htmlFor="integration-type">
          <Select
            id="integration-type"
            data-testid="integration-type"
            value={v.type}
            disabled={!!integration}
            onValueChange={(x) => set("type", x as IntegrationType)}
            options={INTEGRATION_TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))}
          />
        </Field>
        <Field label={t("integrations.name")} htmlFor="integration-name" error={errors.name}>
          <Input
            id="integration-name"
            value={v.name}
            onChange={(e) => set("name", e.target.value)}
            autoFocus
          />
        </Field>
      </div>
      {v.type === "dialogflow" && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("projectName", "integration-project", t("integrations.projectName"))}
            <Field label={t("integrations.language")} htmlFor="integration-language">
              <Select
                id="integration-language"
                value={v.language ?? "pt-BR"}
                onValueChange={(x) => set("language", x)}
                options={["pt-BR", "en", "es"].map((x) => ({ value: x, label: t(`languages.${x}`) }))}
              />
            </Field>
          </div>
          <Field
            label={t("integrations.jsonContent")}
            htmlFor="integration-json"
            error={errors.jsonContent}
            hint={integration?.hasJsonContent ? t("integrations.jsonKept") : t("integrations.jsonHint")}
          >
            <Textarea
              id="integration-json"
              rows={5}
              className="font-mono text-xs"
              value={v.jsonContent.startsWith("••••") ? "" : v.jsonContent}
              placeholder={integration?.jsonContent || '{"type": "service_account", …}'}
              onChange={(e) => set("jsonContent", e.target.value)}
              aria-invalid={errors.jsonContent ? true : undefined}
            />
          </Field>
          <div>
            <Button
              variant="secondary"
              onClick={runTest}
              loading={test.isPending}
              disabled={!v.projectName?.trim() || !v.jsonContent.trim() || v.jsonContent.startsWith("••••")}
              data-testid="integration-test"
            >
              {t("integrations.test")}
            </Button>
          </div>
        </>
      )}
      {(v.type === "n8n" || v.type === "webhook") &&
        text("urlN8N", "integration-url", t("integrations.url"), {
          hint: t("integrations.urlHint"),
          placeholder: "https://",
        })}
      {v.type === "typebot" && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("urlN8N", "integration-url", t("integrations.typebotUrl"), {
              hint: t("integrations.typebotUrlHint"),
              placeholder: "https://",
            })}
            {text("typebotSlug", "integration-slug", t("integrations.typebotSlug"))}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {int(
              "typebotExpires",
              "integration-expires",
              t("integrations.typebotExpires"),
              t("integrations.expiresHint"),
            )}
            {int(
              "typebotDelayMessage",
              "integration-delay",
              t("integrations.typebotDelay"),
              t("integrations.delayHint"),
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("typebotKeywordFinish", "integration-finish", t("integrations.keywordFinish"))}
            {text("typebotKeywordRestart", "integration-restart", t("integrations.keywordRestart"))}
          </div>
          {text("typebotRestartMessage", "integration-restart-message", t("integrations.restartMessage"))}
          {text("typebotUnknownMessage", "integration-unknown", t("integrations.unknownMessage"))}
        </>
      )}
      {v.type === "flowbuilder" && (
        <p className="text-sm text-ink-muted">{t("integrations.flowbuilderHint")}</p>
      )}
    </FormDialog>
  );
}
