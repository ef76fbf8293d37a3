import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type ContactInput, useContact, useSaveContact } from "../api/contacts.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `keptNumber`: the contact's stored number, left as it is — a contact first met by e-mail has its
 * address there (the channel's id for them), which is no phone number to check.
 */
export function validateContact(
  v: ContactInput,
  t: (k: string) => string,
  keptNumber?: string,
): Record<string, string> {
  const e: Record<string, string> = {};
  const name = v.name.trim();
  if (!name) e.name = t("validation.required");
  else if (name.length < 2) e.name = t("validation.tooShort");
  else if (name.length > 50) e.name = t("validation.tooLong");
  const digits = v.number.replace(/\D/g, "");
  if (keptNumber !== undefined && v.number === keptNumber) { /* unchanged */ }
  else if (!digits) e.number = t("validation.required");
  else if (digits.length < 8 || digits.length > 50) e.number = t("validation.number");
  if (v.email.trim() && !EMAIL.test(v.email.trim())) e.email = t("validation.email");
  return e;
}

/** Add or edit a contact: name, number, e-mail and extra information pairs. */
export function ContactModal(
  { contactId, onClose, onSaved }: { contactId: number | null; onClose: () => void; onSaved?: () => void },
) {
  const { t } = useTranslation("contacts");
  const existing = useContact(contactId);
  const save = useSaveContact();
  const [v, setV] = useState<ContactInput>({ name: "", number: "", email: "", extraInfo: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const c = existing.data;
    if (c) setV({ name: c.name, number: c.number, email: c.email ?? "", extraInfo: c.extraInfo ?? [] });
  }, [existing.data]);
  const set = <K extends keyof ContactInput>(k: K, value: ContactInput[K]) =>
    setV((x) => ({ ...x, [k]: value }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateContact(v, t, existing.data?.number);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({
        id: contactId ?? undefined,
        input: {
          ...v,
          name: v.name.trim(),
          email: v.email.trim(),
          extraInfo: v.extraInfo.filter((x) => x.name.trim()),
        },
      });
      toastSuccess(t("toasts.saved"));
      onSaved?.();
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <FormDialog
      title={contactId ? t("modal.editTitle") : t("modal.addTitle")}
      onClose={onClose}
      formId="contact-form"
      formTestId="contact-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="contact-save"
      loading={!!contactId && existing.isPending}
    >
      <Field label={t("fields.name")} htmlFor="contact-name" error={errors.name}>
        <Input
          id="contact-name"
          value={v.name}
          onChange={(e) => set("name", e.target.value)}
          aria-invalid={!!errors.name}
          autoFocus
        />
      </Field>
      <Field
        label={t("fields.number")}
        htmlFor="contact-number"
        error={errors.number}
        hint={t("fields.numberHint")}
      >
        <Input
          id="contact-number"
          value={v.number}
          onChange={(e) => set("number", e.target.value)}
          aria-invalid={!!errors.number}
          placeholder="5511999999999"
          inputMode="tel"
        />
      </Field>
      <Field label={t("fields.email")} htmlFor="contact-email" error={errors.email}>
        <Input
          id="contact-email"
          type="email"
          value={v.email}
          onChange={(e) => set("email", e.target.value)}
          aria-invalid={!!errors.email}
        />
      </Field>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <p className="text-[13px] font-medium text-ink-muted">{t("fields.extraInfo")}</p>
          <Button
            variant="link"
            size="sm"
            onClick={() => set("extraInfo", [...v.extraInfo, { name: "", value: "" }])}
          >
            <Plus className="size-3.5" />
            {t("fields.addExtra")}
          </Button>
        </div>
        {v.extraInfo.map((x, i) => (
          <div key={i} className="flex gap-2">
            <Input
              value={x.name}
              placeholder={t("fields.extraName")}
              aria-label={t("fields.extraName")}
              onChange={(e) =>
                set(
                  "extraInfo",
                  v.extraInfo.map((y, j) => (j === i ? { ...y, name: e.target.value } : y)),
                )}
            />
            <Input
              value={x.value}
              placeholder={t("fields.extraValue")}
              aria-label={t("fields.extraValue")}
              onChange={(e) =>
                set(
                  "extraInfo",
                  v.extraInfo.map((y, j) => (j === i ? { ...y, value: e.target.value } : y)),
                )}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("actions.delete")}
              onClick={() => set("extraInfo", v.extraInfo.filter((_, j) => j !== i))}
            >
              <Trash2 className="size-4" />
            </Button>
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
