/**
 * /contacts/import, for admins: the phone's own WhatsApp address book (what the linked WhatsApp
 * line learnt from the phone) becomes contacts in one click; known numbers are not duplicated.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, Smartphone } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody } from "../../../components/ui/card.tsx";
import { toastError, toastInfo, toastSuccess } from "../../../lib/toast.ts";
import { contactKeys, importPhoneContacts, type PhoneImportResult } from "../api/contacts.ts";

export function PhoneImportCard({ onResult }: { onResult: (r: PhoneImportResult) => void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await importPhoneContacts();
      onResult(r);
      if (!r.total) toastInfo(t("phoneImport.empty"));
      else toastSuccess(t("import.done", { created: r.created, updated: r.updated }));
      qc.invalidateQueries({ queryKey: contactKeys.all });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-center" data-testid="phone-import">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <Smartphone className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-ink">{t("phoneImport.title")}</p>
          <p className="text-xs text-ink-muted">{t("phoneImport.description")}</p>
        </div>
        <Button variant="secondary" onClick={run} disabled={busy} data-testid="phone-import-run">
          {busy ? <LoaderCircle className="size-4 animate-spin" /> : <Smartphone className="size-4" />}
          {busy ? t("phoneImport.running") : t("phoneImport.button")}
        </Button>
      </CardBody>
    </Card>
  );
}
