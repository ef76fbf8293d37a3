import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { FileSpreadsheet } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { toastError } from "../../../lib/toast.ts";
import { contactKeys, importContacts, type ImportResult } from "../api/contacts.ts";

/** Import an .xlsx sheet (columns name, number, email) and show what happened to each row. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const submit = async () => {
    if (!file) return toastError(t("import.chooseFile"));
    setBusy(true);
    try {
      setResult(await importContacts(file));
      qc.invalidateQueries({ queryKey: contactKeys.all });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("import.title")}
      description={t("import.description")}
      footer={result ? <Button onClick={onClose}>{t("common:actions.close")}</Button> : (
        <>
          <Button variant="secondary" onClick={onClose}>{t("common:actions.cancel")}</Button>
          <Button onClick={submit} loading={busy} data-testid="import-submit">{t("import.submit")}</Button>
        </>
      )}
    >
      {result
        ? (
          <div className="flex flex-col gap-3" data-testid="import-result">
            <div className="grid grid-cols-3 gap-2 text-center">
              {(["created", "updated", "skipped"] as const).map((k) => (
                <div key={k} className="rounded-xl bg-surface-2 p-3">
                  <p className="text-2xl font-semibold text-ink tabular-nums">{result[k]}</p>
                  <p className="text-xs text-ink-muted">{t(`import.${k}`)}</p>
                </div>
              ))}
            </div>
            {result.errors.length > 0 && (
              <ul className="max-h-40 overflow-y-auto rounded-lg border border-line text-sm">
                {result.errors.map((e) => (
                  <li key={e.row} className="border-b border-line px-3 py-1.5 text-danger last:border-0">
                    {t("import.rowError", { row: e.row, error: e.error })}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
        : (
          <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-line px-6 py-8 text-center hover:border-primary">
            <FileSpreadsheet className="size-8 text-success" />
            <span className="text-sm font-medium text-ink">{file ? file.name : t("import.pick")}</span>
            <span className="text-xs text-ink-muted">{t("import.columns")}</span>
            <input
              type="file"
              accept=".xlsx,.xls,.csv"
              hidden
              data-testid="import-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
        )}
    </Dialog>
  );
}
