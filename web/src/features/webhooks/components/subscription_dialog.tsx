/** Add or edit a webhook subscription: URL, description, the events (checkboxes), on/off. */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookSubscriptionDTO,
} from "@contract/webhooks.ts";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { fieldErrorsOf } from "../../../lib/server_errors.ts";
import { toastError } from "../../../lib/toast.ts";
import { useSaveSubscription } from "../api/webhooks.ts";

export function SubscriptionDialog(
  { record, onClose, onSecret }: {
    record: WebhookSubscriptionDTO | null;
    onClose: () => void;
    /** A new subscription's secret, to be shown once. */
    onSecret: (secret: string) => void;
  },
) {
  const { t } = useTranslation("webhooks");
  const save = useSaveSubscription();
  const [url, setUrl] = useState(record?.url ?? "");
  const [description, setDescription] = useState(record?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(record?.events ?? []);
  const [enabled, setEnabled] = useState(record ? record.status !== "disabled" : true);
  const [missing, setMissing] = useState(false);
  const errors = fieldErrorsOf(save.error);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!events.length) return setMissing(true);
    const input = {
      url: url.trim(),
      description: description.trim(),
      events,
      ...(record ? { status: enabled ? "active" as const : "disabled" as const } : {}),
    };
    save.mutate({ id: record?.id, input }, {
      onSuccess: (saved) => {
        const secret = (saved as { secret?: string }).secret;
        if (secret) onSecret(secret);
        onClose();
      },
      onError: (err) => toastError(err),
    });
  };
  const toggle = (type: WebhookEventType, on: boolean) => {
    setMissing(false);
    setEvents((l) => (on ? [...l, type] : l.filter((x) => x !== type)));
  };
  return (
    <FormDialog
      title={record ? t("dialog.editTitle") : t("dialog.addTitle")}
      description={t("dialog.description")}
      className="max-w-xl"
      onClose={onClose}
      formId="webhook-form"
      formTestId="webhook-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="webhook-save"
    >
      <Field label={t("dialog.url")} htmlFor="webhook-url" error={errors.url} hint={t("dialog.urlHint")}>
        <Input
          id="webhook-url"
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/atende/events"
          data-testid="webhook-url"
        />
      </Field>
      <Field label={t("dialog.descriptionField")} htmlFor="webhook-description" error={errors.description}>
        <Input
          id="webhook-description"
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="webhook-description"
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-[13px] font-medium text-ink-muted">{t("dialog.events")}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex cursor-pointer items-start gap-2 text-sm">
              <Checkbox
                className="mt-0.5"
                checked={events.includes(type)}
                onCheckedChange={(v) =>
                  toggle(type, v === true)}
                data-testid={`webhook-event-${type}`}
              />
              <span className="flex flex-col">
                <span className="font-mono text-[13px] text-ink">{type}</span>
                <span className="text-xs text-ink-subtle">{t(`events.${type}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {(missing || errors.events) && (
          <p role="alert" className="text-xs font-medium text-danger">{t("dialog.pickEvents")}</p>
        )}
      </fieldset>
      {record && (
        <label className="flex items-center gap-3 text-sm">
          <Switch checked={enabled} onCheckedChange={setEnabled} data-testid="webhook-enabled" />
          {t("dialog.enabled")}
        </label>
      )}
    </FormDialog>
  );
}
