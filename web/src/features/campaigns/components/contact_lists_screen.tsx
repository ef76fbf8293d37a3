import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Download, ListPlus, Plus, Users } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";

import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { IconAction, RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type ContactList,
  downloadBlob,
  useContactLists,
  useContactListsLive,
  useDeleteContactList,
  useSaveContactList,
} from "../api/contact_lists.ts";

/** /contact-lists: name, contact count; sample sheet, open, edit, delete. */
export function ContactListsScreen() {
  const { t } = useTranslation("campaigns");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const list = useInfiniteList(useContactLists, (p) => p.records);
  const [editing, setEditing] = useState<ContactList | null | undefined>(undefined);
  const deletion = useDeleteConfirmation<ContactList>(
    useDeleteContactList(),
    t,
    (l) => t("lists.confirmDelete", { name: l?.name ?? "" }),
  );
  useContactListsLive(me.companyId);
  const sample = () => downloadBlob("/contact-lists/sample", "contact-list-sample.xlsx").catch(toastError);

  const columns: Column<ContactList>[] = [
    { key: "name", header: t("lists.name"), cell: (l) => <span className="font-medium">{l.name}</span> },
    {
      key: "count",
      header: t("lists.contactsCount"),
      cellClassName: "tabular-nums",
      cell: (l) => l.contactsCount,
    },
    {
      key: "actions",
      header: t("common.actions"),
      headerClassName: "text-right",
      cell: (l) => (
        <RowActions
          edit={{ label: t("common.edit"), onClick: () => setEditing(l), testId: `list-edit-${l.id}` }}
          remove={{
            label: t("common.delete"),
            onClick: () => deletion.request(l),
            testId: `list-delete-${l.id}`,
          }}
        >
          <IconAction label={t("lists.sample")} icon={<Download className="size-4" />} onClick={sample} />
          <IconAction
            label={t("lists.openContacts")}
            icon={<Users className="size-4" />}
            onClick={() => navigate(`/contact-lists/${l.id}/contacts`)}
            testId={`list-open-${l.id}`}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      testId="contact-lists-page"
      title={t("lists.title")}
      list={list}
      search={{ placeholder: t("common.search"), testId: "lists-search" }}
      primaryAction={{
        label: t("lists.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "list-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <ContactListModal
          key={editing?.id ?? "new"}
          list={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(l) => l.id}
        rowTestId={(l) => `list-row-${l.id}`}
        testId="lists-table"
        emptyState={
          <ListEmptyState
            icon={<ListPlus />}
            searching={!!list.debounced}
            t={(k) => t(`lists.${k}`)}
          />
        }
      />
    </ListPage>
  );
}

function ContactListModal({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const { t } = useTranslation("campaigns");
  const save = useSaveContactList();
  const [name, setName] = useState(list?.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const n = name.trim();
    if (n.length < 2) return setError(t("validation.tooShort"));
    if (n.length > 50) return setError(t("validation.tooLong"));
    try {
      await save.mutateAsync({ id: list?.id, name: n });
      toastSuccess(t("common.saved"));
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <FormDialog
      title={list ? t("lists.edit") : t("lists.add")}
      onClose={onClose}
      formId="contact-list-form"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="list-save"
    >
      <Field label={t("lists.name")} htmlFor="list-name" error={error}>
        <Input
          id="list-name"
          value={name}
          onChange={(e) => (setName(e.target.value), setError(null))}
          aria-invalid={!!error}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
