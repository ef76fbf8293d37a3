import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MessagesSquare, Plus, Tags, Users } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import { type Tag, useDeleteTag, useTags, useTagsLive } from "../api/tags.ts";
import { TagContactsDialog } from "./tag_contacts_dialog.tsx";
import { TagModal } from "./tag_modal.tsx";

/**
 * /tags: id, name chip, how many tickets and how many contacts carry the tag (two counts, never
 * summed: a ticket tag and a contact tag are different things), edit and delete. The contact count
 * opens the contacts.
 */
/** A phone's table keeps every column in view: narrower cell padding below `sm`. */
const TIGHT = "px-2 sm:px-4";

export function TagsScreen() {
  const { t } = useTranslation("tags");
  const me = useCurrentUser();
  const list = useInfiniteList(useTags, (p) => p.tags);
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | null>(null);
  const deletion = useDeleteConfirmation<Tag>(
    useDeleteTag(),
    t,
    (tag) => t("confirmDelete.title", { name: tag?.name ?? "" }),
  );
  useTagsLive(me.companyId);

  const columns: Column<Tag>[] = [
    {
      key: "id",
      header: t("table.id"),
      className: "hidden sm:table-cell",
      headerClassName: "w-20",
      cellClassName: "text-ink-subtle tabular-nums",
      cell: (tag) => tag.id,
    },
    {
      key: "name",
      header: t("table.name"),
      className: "pr-2 sm:pr-4",
      cell: (tag) => (
        <span
          className="rounded-md px-2 py-0.5 text-xs font-semibold text-white"
          style={{ backgroundColor: tag.color }}
        >
          {tag.name}
        </span>
      ),
    },
    {
      key: "tickets",
      header: t("table.tickets"),
      className: TIGHT,
      cell: (tag) => (
        <span
          className="inline-flex h-8 items-center gap-1.5 px-1 text-sm text-ink tabular-nums"
          title={t("table.ticketsHint")}
          data-testid={`tag-tickets-${tag.id}`}
        >
          <MessagesSquare className="size-3.5 text-ink-subtle" aria-hidden />
          {tag.ticketsCount}
        </span>
      ),
    },
    {
      key: "contacts",
      header: t("table.contacts"),
      className: TIGHT,
      cell: (tag) => (
        <Button
          variant="secondary"
          size="sm"
          title={t("table.contactsHint")}
          data-testid={`tag-contacts-${tag.id}`}
          onClick={() => setViewing(tag.id)}
        >
          <Users className="size-3.5" />
          {tag.contactsCount}
        </Button>
      ),
    },
    {
      key: "actions",
      header: t("table.actions"),
      className: TIGHT,
      headerClassName: "text-right",
      cell: (tag) => (
        <RowActions
          edit={{ label: t("actions.edit"), onClick: () => setEditing(tag), testId: `tag-edit-${tag.id}` }}
          remove={{
            label: t("actions.delete"),
            onClick: () => deletion.request(tag),
            testId: `tag-delete-${tag.id}`,
          }}
        />
      ),
    },
  ];

  return (
    <ListPage
      testId="tags-page"
      title={t("title")}
      list={list}
      description={t("description")}
      search={{ placeholder: t("search"), testId: "tags-search" }}
      primaryAction={{
        label: t("add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "tag-add",
      }}
      confirm={deletion.dialog}
      dialogs={
        <>
          {editing !== undefined && (
            <TagModal
              key={editing?.id ?? "new"}
              tag={editing}
              onClose={() => setEditing(undefined)}
            />
          )}
          {viewing !== null && <TagContactsDialog tagId={viewing} onClose={() => setViewing(null)} />}
        </>
      }
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(tag) => tag.id}
        rowTestId={(tag) => `tag-row-${tag.id}`}
        testId="tags-table"
        emptyState={<ListEmptyState icon={<Tags />} searching={!!list.debounced} t={t} />}
      />
    </ListPage>
  );
}
