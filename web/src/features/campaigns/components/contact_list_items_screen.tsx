import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowLeft, CircleCheck, CircleHelp, CircleX, FileDown, Plus, Upload, UserRound } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { can } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { reasonLine } from "../../../lib/server_errors.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type ContactListItem,
  downloadBlob,
  type ImportProgress,
  type ImportReport,
  useContactList,
  useContactListItems,
  useContactListsLive,
  useDeleteItem,
  useImportList,
  useSaveItem,
} from "../api/contact_lists.ts";
import { NumberCheckBanner } from "./number_check_banner.tsx";

/** /contact-lists/:id/contacts: the list's numbers, import with progress and a row report, export. */
export function ContactListItemsScreen({ listId }: { listId: number }) {
  const { t } = useTranslation("campaigns");
  const me = useCurrentUser();
  const { data: contactList } = useContactList(listId);
  const list = useInfiniteList((s: string) => useContactListItems(listId, s), (p) => p.contacts);
  const [editing, setEditing] = useState<ContactListItem | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const deletion = useDeleteConfirmation<ContactListItem>(
    useDeleteItem(),
    t,
    (i) => t("items.confirmDelete", { name: i?.name ?? "" }),
  );
  useContactListsLive(me.companyId, (p) => p.contactListId === listId && setProgress(p));
  const canDelete = can(me, "contacts-page:deleteContact");

  const validIcon = (v: boolean | null) =>
    v === true
      ? <CircleCheck className="size-4 text-success" aria-label={t("items.valid")} />
      : v === false
      ? <CircleX className="size-4 text-danger" aria-label={t("items.invalid")} />
      : <CircleHelp className="size-4 text-ink-subtle" aria-label={t("items.unchecked")} />;

  const columns: Column<ContactListItem>[] = [
    { key: "valid", header: "", headerClassName: "w-10", cell: (i) => validIcon(i.isWhatsappValid) },
    { key: "name", header: t("items.name"), cell: (i) => <span className="font-medium">{i.name}</span> },
    { key: "number", header: t("items.number"), cellClassName: "tabular-nums", cell: (i) => i.number },
    { key: "email", header: t("items.email"), className: "max-md:hidden", cell: (i) => i.email ?? "" },
    {
      key: "actions",
      header: t("common.actions"),
      headerClassName: "text-right",
      cell: (i) => (
        <RowActions
          edit={{ label: t("common.edit"), onClick: () => setEditing(i), testId: `item-edit-${i.id}` }}
          remove={canDelete
            ? { label: t("common.delete"), onClick: () => deletion.request(i), testId: `item-delete-${i.id}` }
            : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      testId="contact-list-items-page"
      title={
        <span className="flex items-center gap-2">
          <Link to="/contact-lists" aria-label={t("items.back")} className="text-ink-subtle hover:text-ink">
            <ArrowLeft className="size-5" />
          </Link>
          {contactList?.name ?? ""}
        </span>
      }
      list={list}
      search={{ placeholder: t("common.search"), testId: "items-search" }}
      banner={<NumberCheckBanner listId={listId} />}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() =>
              downloadBlob(`/contact-lists/${listId}/export`, `contact-list-${listId}.xlsx`).catch(
                toastError,
              )}
            data-testid="items-export"
          >
            <FileDown className="size-4" />
            {t("items.export")}
          </Button>
          <Button variant="secondary" onClick={() => setImporting(true)} data-testid="items-import">
            <Upload className="size-4" />
            {t("items.import")}
          </Button>
        </>
      }
      primaryAction={{
        label: t("items.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "item-add",
      }}
      confirm={deletion.dialog}
      dialogs={
        <>
          {editing !== undefined && (
            <ItemModal
              key={editing?.id ?? "new"}
              listId={listId}
              item={editing}
              onClose={() => setEditing(undefined)}
            />
          )}
          {importing && (
            <ImportDialog
              listId={listId}
              progress={progress}
              onStart={() => setProgress(null)}
              onClose={() => setImporting(false)}
            />
          )}
        </>
      }
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(i) => i.id}
        rowTestId={(i) => `item-row-${i.id}`}
        testId="items-table"
        emptyState={
          <ListEmptyState
            icon={<UserRound />}
            searching={!!list.debounced}
            t={(k) => t(`items.${k}`)}
          />
        }
      />
    </ListPage>
  );
}

function ImportDialog(
  { listId, progress, onStart, onClose }: {
    listId: number;
    progress: ImportProgress | null;
    onStart: () => void;
    onClose: () => void;
  },
) {
  const { t } = useTranslation("campaigns");
  const input = useRef<HTMLInputElement>(null);
  const run = useImportList(listId);
  const [report, setReport] = useState<ImportReport | null>(null);
  /** Why the server refused the file, shown in the dialog until another file is picked. */
  const [failure, setFailure] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    onStart();
    setReport(null);
    setFailure(null);
    try {
      const r = await run.mutateAsync(file);
      setReport(r);
      toastSuccess(t("items.imported", { count: r.created }));
    } catch (err) {
      setFailure(reasonLine(err));
      toastError(err);
    }
  };
  const pct = progress && progress.total
    ? Math.round((progress.processed / progress.total) * 100)
    : report
    ? 100
    : 0;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("items.importTitle")}
      description={t("items.importHint")}
      className="max-w-xl"
      footer={<Button variant="secondary" onClick={onClose}>{t("common.close")}</Button>}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          {t("items.sampleText")}{" "}
          <button
            type="button"
            className="cursor-pointer font-medium text-primary-strong hover:underline"
            onClick={() =>
              downloadBlob("/contact-lists/sample", "contact-list-sample.xlsx").catch(toastError)}
          >
            {t("items.sampleLink")}
          </button>
        </p>
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,.xls"
          hidden
          data-testid="import-file"
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <Button onClick={() => input.current?.click()} loading={run.isPending} data-testid="import-pick">
          <Upload className="size-4" />
          {t("items.chooseFile")}
        </Button>
        {failure && (
          <p role="alert" className="text-sm font-medium text-danger" data-testid="import-error">{failure}</p>
        )}
        {(run.isPending || progress || report) && (
          <div className="flex flex-col gap-1.5" data-testid="import-progress">
            <div className="h-2 overflow-hidden rounded-full bg-surface-2">
              <div className="h-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
            </div>
            <p className="text-xs text-ink-muted tabular-nums" data-testid="import-progress-text">
              {progress
                ? t("items.progress", { processed: progress.processed, total: progress.total })
                : `${pct}%`}
            </p>
          </div>
        )}
        {report && (
          <div className="flex flex-col gap-2 text-sm" data-testid="import-report">
            <p>
              {t("items.report", {
                created: report.created,
                updated: report.updated,
                errors: report.errors.length,
              })}
            </p>
            {report.numberCheck === "queued" && (
              <p className="text-ink-muted" data-testid="import-number-check">{t("numberCheck.queued")}</p>
            )}
            {report.numberCheck === "unavailable" && (
              <p className="text-ink-muted" data-testid="import-number-check">
                {t("numberCheck.unavailable")}
              </p>
            )}
            {report.errors.length > 0 && (
              <ul className="max-h-48 overflow-y-auto rounded-lg border border-line text-xs">
                {report.errors.map((e) => (
                  <li
                    key={`${e.row}-${e.error}`}
                    className="flex gap-3 border-b border-line px-3 py-1.5 last:border-0"
                  >
                    <span className="text-ink-subtle tabular-nums">{t("items.row", { row: e.row })}</span>
                    <span className="truncate">{e.value}</span>
                    <span className="ml-auto text-danger">{e.error}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}

function ItemModal(
  { listId, item, onClose }: { listId: number; item: ContactListItem | null; onClose: () => void },
) {
  const { t } = useTranslation("campaigns");
  const save = useSaveItem();
  const [v, setV] = useState({
    name: item?.name ?? "",
    number: item?.number ?? "",
    email: item?.email ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const errs: Record<string, string> = {};
    if (v.name.trim().length < 2) errs.name = t("validation.tooShort");
    if (v.name.trim().length > 50) errs.name = t("validation.tooLong");
    const digits = v.number.replace(/\D/g, "");
    if (digits.length < 8 || v.number.length > 50) errs.number = t("validation.number");
    if (v.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) errs.email = t("validation.email");
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await save.mutateAsync({ id: item?.id, input: { ...v, contactListId: listId } });
      toastSuccess(t("common.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  const field = (k: "name" | "number" | "email") => (
    <Field label={t(`items.${k}`)} htmlFor={`item-${k}`} error={errors[k]}>
      <Input
        id={`item-${k}`}
        value={v[k]}
        onChange={(e) =>
          setV({ ...v, [k]: e.target.value })}
        aria-invalid={!!errors[k]}
      />
    </Field>
  );
  return (
    <FormDialog
      title={item ? t("items.edit") : t("items.add")}
      onClose={onClose}
      formId="item-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="item-save"
    >
      {field("name")}
      {field("number")}
      {field("email")}
    </FormDialog>
  );
}
