import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Megaphone, Plus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  type Announcement,
  PRIORITY_COLORS,
  useAdminAnnouncements,
  useDeleteAnnouncement,
} from "../api/announcements.ts";
import { AnnouncementModal } from "./announcement_modal.tsx";

/** /announcements (operator): title, priority, attachment, status, actions; add/edit dialog. */
export function AnnouncementsScreen() {
  const { t } = useTranslation("workspace");
  const list = useInfiniteList(useAdminAnnouncements, (p) => p.records);
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  const nt = (k: string) => (k.includes(":") ? t(k) : t(`announcements.${k}`));
  const deletion = useDeleteConfirmation<Announcement>(
    useDeleteAnnouncement(),
    nt,
    (a) => t("announcements.confirmDelete.title", { title: a?.title ?? "" }),
  );
  const expired = (a: Announcement) => !!a.expiresAt && a.expiresAt < new Date().toISOString();
  const columns: Column<Announcement>[] = [
    {
      key: "title",
      header: t("announcements.fieldTitle"),
      cell: (a) => <span className="font-medium">{a.title}</span>,
    },
    {
      key: "priority",
      header: t("announcements.priority"),
      cell: (a) => (
        <span className="inline-flex items-center gap-1.5 text-sm">
          <span className="size-2.5 rounded-full" style={{ backgroundColor: PRIORITY_COLORS[a.priority] }} />
          {t(`announcements.priority${a.priority}`)}
        </span>
      ),
    },
    {
      key: "media",
      header: t("announcements.attachment"),
      headerClassName: "hidden md:table-cell",
      cellClassName: "hidden md:table-cell text-ink-muted",
      cell: (a) => a.mediaName ?? t("announcements.noAttachment"),
    },
    {
      key: "status",
      header: t("announcements.status"),
      cell: (a) =>
        expired(a)
          ? (
            <Badge tone="warning">
              {t("announcements.expiredOn", { date: formatDay(a.expiresAt!.slice(0, 10)) })}
            </Badge>
          )
          : a.status
          ? <Badge tone="success">{t("announcements.active")}</Badge>
          : <Badge>{t("announcements.inactive")}</Badge>,
    },
    {
      key: "actions",
      header: t("announcements.actionsHeader"),
      headerClassName: "text-right",
      cell: (a) => (
        <RowActions
          edit={{
            label: t("announcements.edit"),
            onClick: () => setEditing(a),
            testId: `announcement-edit-${a.id}`,
          }}
          remove={{
            label: t("announcements.delete"),
            onClick: () => deletion.request(a),
            testId: `announcement-delete-${a.id}`,
          }}
        />
      ),
    },
  ];
  return (
    <ListPage
      testId="page-announcements"
      title={t("announcements.title")}
      description={t("announcements.description")}
      list={list}
      search={{ placeholder: t("announcements.search"), testId: "announcements-search" }}
      primaryAction={{
        label: t("announcements.add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "announcement-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <AnnouncementModal
          key={editing?.id ?? "new"}
          record={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(a) => a.id}
        rowTestId={(a) => `announcement-row-${a.id}`}
        testId="announcements-table"
        emptyState={<ListEmptyState icon={<Megaphone />} searching={!!list.debounced} t={nt} />}
      />
    </ListPage>
  );
}
