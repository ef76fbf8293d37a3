import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Paperclip, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type QuickMessage, useSaveQuickMessage } from "../api/quick_messages.ts";

/** Add or edit a quick reply, with an optional attachment. */
export function QuickMessageModal({ record, onClose }: { record: QuickMessage | null; onClose: () => void }) {
  const { t } = useTranslation("quickMessages");
  const save = useSaveQuickMessage();
  const [shortcode, setShortcode] = useState(record?.shortcode ?? "");
  const [message, setMessage] = useState(record?.message ?? "");
  const [geral, setGeral] = useState(record?.geral ?? false);
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mediaName = file?.name ?? (!removeMedia ? record?.mediaName : null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!shortcode.trim()) return setError(t("validation.required"));
    try {
      await save.mutateAsync({
        id: record?.id,
        input: { shortcode: shortcode.trim(), message, geral, visao: record?.visao ?? true },
        file,
        removeMedia,
      });
      toastSuccess(t("toasts.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <FormDialog
      title={record ? t("modal.editTitle") : t("modal.addTitle")}
      onClose={onClose}
      formId="qm-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="qm-save"
    >
      <Field
        label={t("fields.shortcode")}
        htmlFor="qm-shortcode"
        error={error}
        hint={t("fields.shortcodeHint")}
      >
        <Input
          id="qm-shortcode"
          value={shortcode}
          onChange={(e) => (setShortcode(e.target.value), setError(null))}
          aria-invalid={!!error}
          autoFocus
        />
      </Field>
      <Field label={t("fields.message")} htmlFor="qm-message">
        <Textarea id="qm-message" value={message} onChange={(e) => setMessage(e.target.value)} rows={5} />
      </Field>
      <label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-line px-3 py-2.5">
        <span>
          <span className="block text-sm font-medium text-ink">{t("fields.geral")}</span>
          <span className="block text-xs text-ink-muted">{t("fields.geralHint")}</span>
        </span>
        <Switch checked={geral} onCheckedChange={setGeral} data-testid="qm-geral" />
      </label>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" asChild>
          <label className="cursor-pointer">
            <Paperclip className="size-4" />
            {t("fields.attach")}
            <input
              type="file"
              hidden
              data-testid="qm-file"
              onChange={(e) => (setFile(e.target.files?.[0] ?? null), setRemoveMedia(false))}
            />
          </label>
        </Button>
        {mediaName && (
          <span className="flex min-w-0 items-center gap-1 rounded-md bg-surface-2 px-2 py-1 text-xs text-ink">
            <span className="truncate">{mediaName}</span>
            <button
              type="button"
              aria-label={t("fields.removeMedia")}
              className="cursor-pointer text-ink-subtle hover:text-danger"
              onClick={() => (setFile(null), setRemoveMedia(true))}
            >
              <X className="size-3.5" />
            </button>
          </span>
        )}
      </div>
    </FormDialog>
  );
}
