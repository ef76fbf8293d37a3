import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowLeft, FileSpreadsheet, Upload } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody } from "../../../components/ui/card.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin } from "../../../lib/permissions.ts";
import { PhoneImportCard } from "./phone_import_card.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { reasonLine } from "../../../lib/server_errors.ts";
import {
  contactKeys,
  type ContactsImportProgress,
  importContacts,
  type ImportResult,
  useContactsImportProgress,
} from "../api/contacts.ts";

/**
 * /contacts/import: a spreadsheet (.xlsx, .xls, .csv; header row name/number/email) becomes
 * contacts; the bar follows the server's progress frames, then every rejected row is listed.
 * Admins can also bring in the phone's WhatsApp address book (phone_import_card.tsx).
 */
export function ContactsImportScreen() {
  const { t } = useTranslation("contacts");
  const me = useCurrentUser();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ContactsImportProgress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The report is the phone's address book, not a file: no file progress to show. */
  const [fromPhone, setFromPhone] = useState(false);
  /** Why the server refused the file (not an .xlsx, no number column…), until another is picked. */
  const [failure, setFailure] = useState<string | null>(null);
  useContactsImportProgress(me.companyId, setProgress);

  const run = async (f: File) => {
    setFile(f);
    setResult(null);
    setFromPhone(false);
    setProgress(null);
    setFailure(null);
    setBusy(true);
    try {
      const r = await importContacts(f);
      setResult(r);
      toastSuccess(t("import.done", { created: r.created, updated: r.updated }));
      qc.invalidateQueries({ queryKey: contactKeys.all });
    } catch (err) {
      setFailure(reasonLine(err));
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const pct = result ? 100 : progress?.total ? Math.round((progress.processed / progress.total) * 100) : 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6" data-testid="contacts-import-page">
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <Link to="/contacts" aria-label={t("import.back")} className="text-ink-subtle hover:text-ink">
              <ArrowLeft className="size-5" />
            </Link>
            {t("import.title")}
          </span>
        }
        description={t("import.description")}
      />
      <Card>
        <CardBody className="flex flex-col gap-5">
          <button
            type="button"
            onClick={() => input.current?.click()}
            disabled={busy}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const f = e.dataTransfer.files?.[0];
              if (f && !busy) run(f);
            }}
            className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-line px-6 py-10 text-center transition-colors hover:border-primary disabled:cursor-wait"
            data-testid="import-drop"
          >
            <FileSpreadsheet className="size-10 text-success" />
            <span className="text-sm font-medium text-ink">{file ? file.name : t("import.pick")}</span>
            <span className="text-xs text-ink-muted">{t("import.formats")}</span>
          </button>
          <input
            ref={input}
            type="file"
            accept=".xlsx,.xls,.csv"
            hidden
            data-testid="import-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = "";
              if (f) run(f);
            }}
          />
          {failure && (
            <p role="alert" className="text-sm font-medium text-danger" data-testid="import-error">
              {failure}
            </p>
          )}
          <div className="grid gap-2 text-sm text-ink-muted sm:grid-cols-3">
            {(["ruleHeader", "ruleNumber", "ruleUpdate"] as const).map((k) => (
              <p key={k} className="rounded-lg bg-surface-2 px-3 py-2">{t(`import.${k}`)}</p>
            ))}
          </div>
          {(busy || (result && !fromPhone)) && (
            <div className="flex flex-col gap-1.5" data-testid="import-progress">
              <div
                className="h-2 overflow-hidden rounded-full bg-surface-2"
                role="progressbar"
                aria-valuenow={pct}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
              </div>
              <p className="text-xs text-ink-muted tabular-nums" data-testid="import-progress-text">
                {progress
                  ? t("import.progress", { processed: progress.processed, total: progress.total })
                  : busy
                  ? t("import.uploading")
                  : `${pct}%`}
              </p>
            </div>
          )}
        </CardBody>
      </Card>
      {isAdmin(me) && (
        <PhoneImportCard
          onResult={(r) => {
            setFile(null);
            setFailure(null);
            setProgress(null);
            setFromPhone(true);
            setResult({ created: r.created, updated: r.updated, skipped: r.skipped, errors: [] });
          }}
        />
      )}
      {result && <ImportReport result={result} />}
      {!busy && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => input.current?.click()} data-testid="import-pick">
            <Upload className="size-4" />
            {result ? t("import.another") : t("import.chooseFile")}
          </Button>
          {result && (
            <Link to="/contacts">
              <Button data-testid="import-to-contacts">{t("import.toContacts")}</Button>
            </Link>
          )}
        </div>
      )}
    </div>
  );
}

function ImportReport({ result }: { result: ImportResult }) {
  const { t } = useTranslation("contacts");
  return (
    <Card>
      <CardBody className="flex flex-col gap-4" data-testid="import-result">
        <div className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
          {([
            ["created", result.created],
            ["updated", result.updated],
            ["skipped", result.skipped],
            ["rejected", result.errors.length],
          ] as const).map(([k, n]) => (
            <div key={k} className="rounded-xl bg-surface-2 p-3" data-testid={`import-${k}`}>
              <p
                className={`text-2xl font-semibold tabular-nums ${
                  k === "rejected" && n ? "text-danger" : "text-ink"
                }`}
              >
                {n}
              </p>
              <p className="text-xs text-ink-muted">{t(`import.${k}`)}</p>
            </div>
          ))}
        </div>
        {result.errors.length > 0 && (
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold text-ink">{t("import.errorsTitle")}</h2>
            <ul
              className="max-h-72 overflow-y-auto rounded-lg border border-line text-sm"
              data-testid="import-errors"
            >
              {result.errors.map((e) => (
                <li
                  key={`${e.row}-${e.error}`}
                  className="flex flex-wrap gap-x-3 border-b border-line px-3 py-1.5 last:border-0"
                >
                  <span className="text-ink-subtle tabular-nums">{t("import.row", { row: e.row })}</span>
                  {e.value && <span className="min-w-0 truncate text-ink">{e.value}</span>}
                  <span className="ml-auto text-danger">{e.error}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
