import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { useContactPeople } from "../../../../lib/lookups.ts";
import { type Person, PersonPicker } from "../dialogs/person_picker.tsx";

/** A vCard 3.0 for a contact: FN, N and one TEL with its WhatsApp id, as WhatsApp writes them. */
export function toVCard(c: { name: string; number: string; email?: string | null }): string {
  const esc = (s: string) => s.replace(/([,;\\])/g, "\\$1").replace(/\n/g, " ");
  const digits = c.number.replace(/\D/g, "");
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:;${esc(c.name)};;;`,
    `FN:${esc(c.name)}`,
    ...(digits ? [`TEL;type=CELL;waid=${digits}:+${digits}`] : []),
    ...(c.email ? [`EMAIL:${esc(c.email)}`] : []),
    "END:VCARD",
  ].join("\n");
}

type Found = Person & { number: string; email?: string | null };

/** Picks one of the company's contacts and sends it as a contact card. */
export function ContactShareDialog(
  { onClose, onSend, sending }: {
    onClose: () => void;
    onSend: (vCard: string) => Promise<void>;
    sending: boolean;
  },
) {
  const { t } = useTranslation("attend");
  const [picked, setPicked] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!picked) return setError(t("contact.required"));
    onSend(toVCard(picked));
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("contact.title")}
      description={t("contact.description")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("common:actions.cancel")}</Button>
          <Button onClick={submit} loading={sending} data-testid="contact-share-send">
            {t("contact.send")}
          </Button>
        </>
      }
    >
      <Field label={t("contact.label")} htmlFor="contact-share-search" error={error}>
        <PersonPicker
          id="contact-share-search"
          selected={picked}
          onSelect={(p) => (setPicked(p as Found | null), setError(null))}
          useResults={useContactPeople}
          placeholder={t("contact.search")}
          testId="contact-share-search"
        />
      </Field>
    </Dialog>
  );
}
