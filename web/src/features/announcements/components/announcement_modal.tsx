import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Paperclip, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { fieldErrorsOf } from "../../../lib/server_errors.ts";
import {
  acceptableAttachment,
  type Announcement,
  ANNOUNCEMENT_IMAGE,
  useSaveAnnouncement,
} from "../api/announcements.ts";

const selectClass = "h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm text-ink";

/** Add/edit an announcement: title and text required; one png/jpg attachment at a time. */
export function AnnouncementModal({ record, onClose }: { record: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation("workspace");
  const { t: te } = useTranslation("errors");
  const save = useSaveAnnouncement();
  const [title, setTitle] = useState(record?.title ?? "");
  const [text, setText] = useState(record?.text ?? "");
  const [priority, setPriority] = useState(String(record?.priority ?? 3));
  const [status, setStatus] = useState(record?.status ?? true);
  const [expires, setExpires] = useState(record?.expiresAt?.slice(0, 10) ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const attached = file?.name ?? (!removeMedia ? record?.mediaName : null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const next = {
      title: title.trim() ? undefined : t("announcements.required"),
      text: text.trim() ? undefined : t("announcements.required"),
      // The attachment is checked before anything is saved: a refused file saves nothing.
      file: file && !acceptableAttachment(file) ? te("issues.image_type") : undefined,
    };
    setErrors(next);
    if (next.title || next.text || next.file) return;
    try {
      await save.mutateAsync({
        id: record?.id,
        input: {
          title: title.trim(),
          text: text.trim(),
          priority: Number(priority),
          status,
          expiresAt: expires || null,
        },
        file,
        removeMedia,
      });
      toastSuccess(t("announcements.saved"));
      onClose();
    } catch (err) {
      // The server's reasons under their fields, until the user changes them.
      setErrors(fieldErrorsOf(err));
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={record ? t("announcements.editTitle") : t("announcements.addTitle")}
      onClose={onClose}
      formId="announcement-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="announcement-save"
    >
      <Field label={t("announcements.fieldTitle")} htmlFor="ann-title" error={errors.title}>
        <Input
          id="ann-title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          autoFocus
        />
      </Field>
      <Field label={t("announcements.fieldText")} htmlFor="ann-text" error={errors.text}>
        <Textarea id="ann-text" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("announcements.priority")} htmlFor="ann-priority">
          <select
            id="ann-priority"
            className={selectClass}
            value={priority}
            onChange={(e) => setPriority(e.target.value)}
            data-testid="announcement-priority"
          >
            {[1, 2, 3].map((p) => <option key={p} value={p}>{t(`announcements.priority${p}`)}</option>)}
          </select>
        </Field>
        <Field
          label={t("announcements.expiresAt")}
          htmlFor="ann-expires"
          hint={t("announcements.expiresHint")}
        >
          <Input id="ann-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </Field>
      </div>
      <label className="flex items-center justify-between gap-3 text-sm text-ink">
        {t("announcements.active")}
        <Switch checked={status} onCheckedChange={setStatus} data-testid="announcement-status" />
      </label>
      <Field label={t("announcements.attachment")} htmlFor="ann-file" error={errors.file}>
        {attached
          ? (
            <div className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm text-ink">
              <Paperclip className="size-4 text-ink-subtle" />
              <span className="min-w-0 flex-1 truncate">{attached}</span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={t("announcements.removeAttachment")}
                onClick={() => {
                  setErrors(({ file: _, ...rest }) => rest);
                  if (file) setFile(null);
                  else setRemoveMedia(true);
                }}
              >
                <X className="size-4" />
              </Button>
            </div>
          )
          : (
            <Input
              id="ann-file"
              type="file"
              accept={ANNOUNCEMENT_IMAGE.accept}
              aria-invalid={errors.file ? true : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              data-testid="announcement-file"
            />
          )}
      </Field>
    </FormDialog>
  );
}
