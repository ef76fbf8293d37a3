import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FileStack, Plus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import { type FileList, useDeleteFileList, useFileLists, useFilesLive } from "../api/files.ts";
import { FileListModal } from "./file_list_modal.tsx";

/** /files (admin): file lists with their files; add, edit, delete; search; live. */
export function FilesScreen() {
  const { t } = useTranslation("workspace");
  const me = useCurrentUser();
  const list = useInfiniteList(useFileLists, (p) => p.files);
  const [editing, setEditing] = useState<FileList | null | undefined>(undefined);
  const nt = (k: string) => (k.includes(":") ? t(k) : t(`files.${k}`));
  const deletion = useDeleteConfirmation<FileList>(
    useDeleteFileList(),
    nt,
    (f) => t("files.confirmDelete.title", { name: f?.name ?? "" }),
  );
  useFilesLive(me.companyId);
  const columns: Column<FileList>[] = [
    { key: "name", header: t("files.name"), cell: (f) => <span className="font-medium">{f.name}</span> },
    {
      key: "count",
      header: t("files.count"),
      cellClassName: "tabular-nums text-ink-muted",
      cell: (f) => t("files.filesN", { count: f.options.filter((o) => o.path).length }),
    },
    {
      key: "actions",
      header: t("files.actionsHeader"),
      headerClassName: "text-right",
      cell: (f) => (
        <RowActions
          edit={{ label: t("files.edit"), onClick: () => setEditing(f), testId: `file-list-edit-${f.id}` }}
          remove={{
            label: t("files.actions.delete"),
            onClick: () => deletion.request(f),
            testId: `file-list-delete-${f.id}`,
          }}
        />
      ),
    },
  ];
  return (
    <ListPage
      testId="page-files"
      title={t("files.title")}
      description={t("files.description")}
      list={list}
      search={{ placeholder: t("files.search"), testId: "files-search" }}
      primaryAction={{
        label: t("files.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "file-list-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <FileListModal
          key={editing?.id ?? "new"}
          list={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(f) => f.id}
        rowTestId={(f) => `file-list-row-${f.id}`}
        testId="files-table"
        emptyState={<ListEmptyState icon={<FileStack />} searching={!!list.debounced} t={nt} />}
      />
    </ListPage>
  );
}
