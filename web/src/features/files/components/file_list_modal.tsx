import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileText, Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type FileList, type OptionDraft, useSaveFileList } from "../api/files.ts";

let seq = 0;
/** The store names files `<ms>_<6 random>_<name>`: show the name. */
const storedName = (path: string) => (path.split("/").pop() ?? "").replace(/^\d+_[A-Za-z0-9]{6}_/, "");
const draftKey = () => `new-${++seq}`;

/** A file list: name (≥ 3, 'nombre muy corto'), message (required) and its files, each with a name. */
export function FileListModal({ list, onClose }: { list: FileList | null; onClose: () => void }) {
  const { t } = useTranslation("workspace");
  const save = useSaveFileList();
  const [name, setName] = useState(list?.name ?? "");
  const [message, setMessage] = useState(list?.message ?? "");
  const [options, setOptions] = useState<OptionDraft[]>(
    list?.options.map((o) => ({
      key: String(o.id),
      id: o.id,
      name: o.name,
      current: o.path ? storedName(o.path) : null,
    })) ??
      [],
  );
  const [errors, setErrors] = useState<{ name?: string; message?: string }>({});
  const patch = (key: string, p: Partial<OptionDraft>) =>
    setOptions((xs) => xs.map((o) => (o.key === key ? { ...o, ...p } : o)));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const next = {
      name: name.trim().length < 3 ? t("files.nameTooShort") : undefined,
      message: message.trim() ? undefined : t("files.required"),
    };
    setErrors(next);
    if (next.name || next.message) return;
    try {
      await save.mutateAsync({
        id: list?.id,
        name: name.trim(),
        message: message.trim(),
        options: options.filter((o) => o.name.trim() || o.file).map((o) => ({ ...o, name: o.name.trim() })),
      });
      toastSuccess(t("files.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={list ? t("files.editTitle") : t("files.addTitle")}
      className="max-w-2xl"
      onClose={onClose}
      formId="file-list-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="file-list-save"
    >
      <Field label={t("files.name")} htmlFor="file-list-name" error={errors.name}>
        <Input id="file-list-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </Field>
      <Field
        label={t("files.message")}
        htmlFor="file-list-message"
        error={errors.message}
        hint={t("files.messageHint")}
      >
        <Textarea
          id="file-list-message"
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-ink">{t("files.options")}</p>
        {options.map((o, i) => (
          <div
            key={o.key}
            className="flex flex-col gap-2 rounded-lg border border-line p-3 sm:flex-row sm:items-center"
            data-testid={`file-option-${i}`}
          >
            <Input
              value={o.name}
              placeholder={t("files.optionName")}
              aria-label={t("files.optionName")}
              onChange={(e) => patch(o.key, { name: e.target.value })}
              className="sm:w-48"
            />
            <div className="min-w-0 flex-1">
              {o.current && !o.file
                ? (
                  <span className="flex items-center gap-1.5 truncate text-sm text-ink-muted">
                    <FileText className="size-4 shrink-0" />
                    <span className="truncate">{o.current}</span>
                  </span>
                )
                : null}
              <input
                type="file"
                aria-label={t("files.chooseFile")}
                className="mt-1 block w-full text-xs text-ink-muted file:mr-2 file:rounded-md file:border file:border-line file:bg-surface file:px-2 file:py-1 file:text-xs"
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  patch(o.key, { file: f, name: o.name || (f?.name ?? "") });
                }}
              />
            </div>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("files.removeOption")}
              onClick={() => setOptions((xs) => xs.filter((x) => x.key !== o.key))}
            >
              <Trash2 className="size-4" />
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => setOptions((xs) => [...xs, { key: draftKey(), name: "" }])}
          data-testid="file-option-add"
        >
          <Plus className="size-3.5" />
          {t("files.addOption")}
        </Button>
      </div>
    </FormDialog>
  );
}
