/**
 * The create dialog of an API key: a name, the scopes as checkboxes grouped by resource (read,
 * write, and send for messages), an optional expiry date and allowed IP ranges (one per line).
 */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { API_KEY_RESOURCES, type ApiKeyScope } from "@contract/api_keys.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { fieldErrorsOf } from "../../../lib/server_errors.ts";
import { toastError } from "../../../lib/toast.ts";
import { type CreatedApiKey, useCreateApiKey } from "../api/api_keys.ts";

const IP_PLACEHOLDER = ["203.0.113.0/24", "2001:db8::/32"].join("\n");
const VERBS = ["read", "write", "send"] as const;
const hasVerb = (resource: string, verb: string) => verb !== "send" || resource === "messages";

/** The end of the chosen day in the browser's zone, as ISO. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

export function CreateKeyDialog(
  { onClose, onCreated }: { onClose: () => void; onCreated: (k: CreatedApiKey) => void },
) {
  const { t } = useTranslation("developers");
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set());
  const [expires, setExpires] = useState("");
  const [ips, setIps] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const toggle = (s: ApiKeyScope, on: boolean) => {
    setErrors(({ scopes: _, ...rest }) => rest);
    setScopes((prev) => {
      const next = new Set(prev);
      if (on) next.add(s);
      else next.delete(s);
      return next;
    });
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t("keys.validation.name");
    if (!scopes.size) local.scopes = t("keys.validation.scopes");
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        scopes: [...scopes],
        expiresAt: expires ? endOfDay(expires) : null,
        allowedIps: ips.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean),
      });
      onCreated(created);
    } catch (err) {
      const byField = fieldErrorsOf(err);
      const mapped = Object.fromEntries(Object.entries(byField).map(([k, v]) => [k.split(".")[0], v]));
      if (Object.keys(mapped).length) setErrors(mapped);
      else toastError(err);
    }
  };

  return (
    <FormDialog
      title={t("keys.create.title")}
      description={t("keys.create.description")}
      className="max-w-2xl"
      onClose={onClose}
      formId="api-key-form"
      formTestId="api-key-form"
      onSubmit={submit}
      saving={create.isPending}
      saveTestId="api-key-save"
      saveLabel={t("keys.create.submit")}
    >
      <Field
        label={t("keys.fields.name")}
        htmlFor="api-key-name"
        error={errors.name}
        hint={t("keys.hints.name")}
      >
        <Input
          id="api-key-name"
          value={name}
          maxLength={80}
          onChange={(e) => {
            setName(e.target.value);
            setErrors(({ name: _, ...rest }) => rest);
          }}
          data-testid="api-key-name"
        />
      </Field>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-[13px] font-medium text-ink-muted">{t("keys.fields.scopes")}</legend>
        <div className="overflow-hidden rounded-xl border border-line" data-testid="api-key-scopes">
          <table className="w-full text-sm">
            <thead className="bg-surface-2 text-xs text-ink-muted">
              <tr>
                <th className="px-3 py-2 text-left font-medium">{t("keys.scopes.resource")}</th>
                {VERBS.map((v) => (
                  <th key={v} className="w-16 px-2 py-2 text-center font-medium sm:w-20">
                    {t(`keys.scopes.${v}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {API_KEY_RESOURCES.map((r) => (
                <tr key={r} className="border-t border-line">
                  <td className="px-3 py-1.5 text-ink">{t(`keys.resources.${r}`)}</td>
                  {VERBS.map((v) => {
                    if (!hasVerb(r, v)) return <td key={v} />;
                    const scope = `${r}:${v}` as ApiKeyScope;
                    return (
                      <td key={v} className="px-2 py-1.5">
                        <div className="flex justify-center">
                          <Checkbox
                            checked={scopes.has(scope)}
                            onCheckedChange={(c) => toggle(scope, c === true)}
                            aria-label={`${t(`keys.resources.${r}`)}: ${t(`keys.scopes.${v}`)}`}
                            data-testid={`scope-${scope}`}
                          />
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {errors.scopes && <p role="alert" className="text-xs font-medium text-danger">{errors.scopes}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("keys.fields.expiresAt")}
          htmlFor="api-key-expires"
          error={errors.expiresAt}
          hint={t("keys.hints.expiresAt")}
        >
          <Input
            id="api-key-expires"
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            data-testid="api-key-expires"
          />
        </Field>
        <Field
          label={t("keys.fields.allowedIps")}
          htmlFor="api-key-ips"
          error={errors.allowedIps}
          hint={t("keys.hints.allowedIps")}
        >
          <Textarea
            id="api-key-ips"
            rows={3}
            value={ips}
            placeholder={IP_PLACEHOLDER}
            onChange={(e) => {
              setIps(e.target.value);
              setErrors(({ allowedIps: _, ...rest }) => rest);
            }}
            className="font-mono text-[13px]"
            data-testid="api-key-ips"
          />
        </Field>
      </div>
    </FormDialog>
  );
}
