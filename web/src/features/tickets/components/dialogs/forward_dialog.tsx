import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { readStorage, STORAGE_KEYS } from "../../../../lib/storage.ts";
import { toastError, toastSuccess } from "../../../../lib/toast.ts";
import { useContactPeople } from "../../../../lib/lookups.ts";
import { forwardMessages } from "../../api/messages.ts";
import { type Person, PersonPicker } from "./person_picker.tsx";

/** Forwards the selected messages to a contact (900 ms apart). */
export function ForwardDialog(
  { ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void },
) {
  const { t } = useTranslation("tickets");
  const [contact, setContact] = useState<Person | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    if (!contact) return setError(t("validation.contactRequired"));
    setSending(true);
    try {
      await forwardMessages(ids, contact.id, readStorage(STORAGE_KEYS.signMessage) !== "false");
      toastSuccess(t("toasts.forwarded", { count: ids.length }));
      onDone();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("forward.title")}
      description={t("forward.description", { count: ids.length })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("common:actions.cancel")}</Button>
          <Button onClick={submit} loading={sending} data-testid="forward-submit">
            {t("forward.submit")}
          </Button>
        </>
      }
    >
      <Field label={t("fields.contact")} htmlFor="forward-contact" error={error}>
        <PersonPicker
          id="forward-contact"
          selected={contact}
          onSelect={(p) => {
            setContact(p);
            setError(null);
          }}
          useResults={useContactPeople}
          placeholder={t("fields.contactSearch")}
          testId="forward-contact"
        />
      </Field>
    </Dialog>
  );
}
