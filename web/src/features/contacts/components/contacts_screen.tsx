import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ContactRound, Download, Upload, UserPlus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { can } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type Contact,
  exportContacts,
  useBlockContact,
  useContacts,
  useContactsLive,
  useDeleteContact,
} from "../api/contacts.ts";
import { ContactModal } from "./contact_modal.tsx";
import { useContactColumns } from "./contacts_table.tsx";

import { useScheduleDialog } from "../../schedules/index.ts";
/** /contacts: search, infinite scroll, add/edit, block, delete (admin), spreadsheet import (/contacts/import) and xlsx export. */
export function ContactsScreen() {
  const { t } = useTranslation("contacts");
  const me = useCurrentUser();
  const list = useInfiniteList(useContacts, (p) => p.contacts);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const deletion = useDeleteConfirmation<Contact>(
    useDeleteContact(),
    t,
    (c) => t("confirmDelete.title", { name: c?.name ?? "" }),
  );
  const block = useBlockContact();
  useContactsLive(me.companyId);

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
  const schedule = useScheduleDialog();
  const columns = useContactColumns({
    canDelete: can(me, "contacts-page:deleteContact"),
    onEdit: (c) => setEditing(c.id),
    onDelete: deletion.request,
    onBlock: toggleBlock,
    onSchedule: schedule.allowed ? (c) => schedule.open({ contact: c, fromContact: true }) : undefined,
  });

  return (
    <ListPage
      testId="contacts-page"
      title={t("title")}
      list={list}
      description={t("description")}
      search={{ placeholder: t("search"), testId: "contacts-search" }}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => navigate("/contacts/import")}
            data-testid="contacts-import"
          >
            <Upload className="size-4" />
            {t("import.button")}
          </Button>
          <Button variant="secondary" onClick={doExport} loading={exporting} data-testid="contacts-export">
            <Download className="size-4" />
            {t("export")}
          </Button>
        </>
      }
      primaryAction={{
        label: t("add"),
        icon: <UserPlus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "contact-add",
      }}
      scrollTestId="contacts-scroll"
      confirm={deletion.dialog}
      dialogs={
        <>
          {editing !== undefined && (
            <ContactModal
              key={editing ?? "new"}
              contactId={editing}
              onClose={() => setEditing(undefined)}
            />
          )}
          {schedule.element}
        </>
      }
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(c) => c.id}
        rowTestId={(c) => `contact-row-${c.id}`}
        testId="contacts-table"
        errorState={<EmptyState icon={<ContactRound />} title={t("loadError")} />}
        emptyState={<ListEmptyState icon={<ContactRound />} searching={!!list.debounced} t={t} searchHint />}
      />
    </ListPage>
  );
}
