import { type UIEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ContactRound, Download, Search, Upload, UserPlus } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner, Spinner } from "../../../components/ui/spinner.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { can } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import {
  type Contact,
  exportContacts,
  useBlockContact,
  useContacts,
  useContactsLive,
  useDeleteContact,
} from "../api/contacts.ts";
import { ContactModal } from "./contact_modal.tsx";
import { ContactsTable } from "./contacts_table.tsx";
import { ImportDialog } from "./import_dialog.tsx";

const SCROLL_THRESHOLD_PX = 100;

/** /contacts: search, infinite scroll, add/edit, block, delete (admin), xlsx import and export. */
export function ContactsScreen() {
  const { t } = useTranslation("contacts");
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const query = useContacts(debounced);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const remove = useDeleteContact();
  const block = useBlockContact();
  useContactsLive(me.companyId);
  const contacts = query.data?.pages.flatMap((p) => p.contacts) ?? [];

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX && query.hasNextPage) {
      if (!query.isFetchingNextPage) query.fetchNextPage();
    }
  };
  const doExport = async () => {
    setExporting(true);
    try {
      const blob = await exportContacts();
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "contacts.xlsx";
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };
  const toggleBlock = async (c: Contact) => {
    try {
      await block.mutateAsync({ id: c.id, blocked: c.active });
      toastSuccess(c.active ? t("toasts.blocked") : t("toasts.unblocked"));
    } catch (err) {
      toastError(err);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toastSuccess(t("toasts.deleted"));
    } catch (err) {
      toastError(err);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="flex flex-col gap-6" data-testid="contacts-page">
      <PageHeader
        title={t("title")}
        count={query.data?.pages[0]?.count}
        description={t("description")}
        actions={
          <>
            <div className="relative w-full sm:w-64">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
              <Input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t("search")}
                aria-label={t("search")}
                className="pl-9"
                data-testid="contacts-search"
              />
            </div>
            <Button variant="secondary" onClick={() => setImporting(true)} data-testid="contacts-import">
              <Upload className="size-4" />
              {t("import.button")}
            </Button>
            <Button variant="secondary" onClick={doExport} loading={exporting} data-testid="contacts-export">
              <Download className="size-4" />
              {t("export")}
            </Button>
            <Button onClick={() => setEditing(null)} data-testid="contact-add">
              <UserPlus className="size-4" />
              {t("add")}
            </Button>
          </>
        }
      />
      <Card className="overflow-hidden">
        <div
          className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-y-auto"
          onScroll={onScroll}
          data-testid="contacts-scroll"
        >
          {query.isPending
            ? <PageSpinner />
            : query.isError
            ? <EmptyState icon={<ContactRound />} title={t("loadError")} />
            : contacts.length === 0
            ? (
              <EmptyState
                icon={<ContactRound />}
                title={debounced ? t("noResults") : t("empty")}
                description={debounced ? t("noResultsHint") : t("emptyHint")}
              />
            )
            : (
              <ContactsTable
                contacts={contacts}
                canDelete={can(me, "contacts-page:deleteContact")}
                onEdit={(c) => setEditing(c.id)}
                onDelete={setDeleting}
                onBlock={toggleBlock}
              />
            )}
          {query.isFetchingNextPage && (
            <div className="flex justify-center py-4 text-ink-subtle">
              <Spinner />
            </div>
          )}
        </div>
      </Card>
      {editing !== undefined && (
        <ContactModal
          key={editing ?? "new"}
          contactId={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("confirmDelete.title", { name: deleting?.name ?? "" })}
        description={t("confirmDelete.message")}
        confirmLabel={t("actions.delete")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </div>
  );
}
