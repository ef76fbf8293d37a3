import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type Tag, useSaveTag } from "../api/tags.ts";

const PALETTE = ["#2563eb", "#16a34a", "#dc2626", "#d97706", "#7c3aed", "#db2777", "#0891b2", "#4b5563"];
const randomColor = () => PALETTE[Math.floor(Math.random() * PALETTE.length)];

/** Name (at least 3 characters) and colour of a tag. */
export function TagModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t } = useTranslation("tags");
  const save = useSaveTag();
  const [name, setName] = useState(tag?.name ?? "");
  const [color, setColor] = useState(tag?.color ?? randomColor);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const n = name.trim();
    if (!n) return setError(t("validation.required"));
    if (n.length < 3) return setError(t("validation.tooShort"));
    try {
      await save.mutateAsync({ id: tag?.id, input: { name: n, color } });
      toastSuccess(t("toasts.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={tag ? t("modal.editTitle") : t("modal.addTitle")}
      onClose={onClose}
      formId="tag-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="tag-save"
    >
      <Field label={t("fields.name")} htmlFor="tag-name" error={error}>
        <Input
          id="tag-name"
          value={name}
          onChange={(e) => (setName(e.target.value), setError(null))}
          aria-invalid={!!error}
          autoFocus
        />
      </Field>
      <Field label={t("fields.color")} htmlFor="tag-color">
        <div className="flex flex-wrap items-center gap-2">
          {PALETTE.map((c) => (
            <button
              key={c}
              type="button"
              aria-label={c}
              onClick={() => setColor(c)}
              className="size-7 cursor-pointer rounded-full ring-offset-2 ring-offset-surface"
              style={{
                backgroundColor: c,
                boxShadow: color === c ? `0 0 0 2px var(--surface), 0 0 0 4px ${c}` : undefined,
              }}
            />
          ))}
          <input
            id="tag-color"
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            className="size-8 cursor-pointer rounded border border-line bg-transparent"
          />
        </div>
      </Field>
      <div className="flex items-center gap-2 text-sm text-ink-muted">
        {t("fields.preview")}
        <span
          className="rounded-md px-2 py-0.5 text-xs font-semibold text-white"
          style={{ backgroundColor: color }}
        >
          {name.trim() || t("fields.name")}
        </span>
      </div>
    </FormDialog>
  );
}
