import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowLeft, ArrowUp, Columns3, Plus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin } from "../../../lib/permissions.ts";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import {
  moveId,
  type Tag,
  useDeleteTag,
  useLanes,
  useReorderLanes,
  useTagList,
  useTagsLive,
} from "../../tags/index.ts";
import { toastError } from "../../../lib/toast.ts";
import { TagModal } from "../../tags/index.ts";
import { TagChip } from "../../tags/index.ts";

/**
 * /TagsKanban: the board's lanes in the board's order (tag chip, ticket count, edit/delete, move
 * up/down for admins); add; back to the board.
 */
export function LanesScreen() {
  const { t } = useTranslation("workspace");
  const { t: tt } = useTranslation("tags");
  const me = useCurrentUser();
  const admin = isAdmin(me);
  const list = useInfiniteList(useLanes, (p) => p.tags);
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  const deletion = useDeleteConfirmation<Tag>(
    useDeleteTag(),
    tt,
    (tag) => tt("confirmDelete.title", { name: tag?.name ?? "" }),
  );
  useTagsLive(me.companyId);
  const lanes = list.items;
  const nameOf = (id?: number | null) => lanes.find((l) => l.id === id)?.name;
  const order = (useTagList(1).data ?? []).map((l) => l.id);
  const reorder = useReorderLanes();
  const shift = (tag: Tag, by: number) =>
    reorder.mutate(moveId(order, tag.id, order.indexOf(tag.id) + by), { onError: (err) => toastError(err) });

  const columns: Column<Tag>[] = [
    {
      key: "name",
      header: t("lanes.lane"),
      cell: (tag) => <TagChip name={tag.name} color={tag.color} />,
    },
    {
      key: "tickets",
      header: t("lanes.tickets"),
      // On a phone the order and actions columns matter more than the count (the board shows it).
      headerClassName: "hidden sm:table-cell",
      cellClassName: "hidden sm:table-cell tabular-nums",
      cell: (tag) => tag.ticketsCount,
    },
    {
      key: "timer",
      header: t("lanes.timer"),
      headerClassName: "hidden md:table-cell",
      cellClassName: "hidden md:table-cell text-ink-muted",
      cell: (tag) =>
        tag.timeLane && tag.nextLaneId
          ? t("lanes.timerText", {
            hours: tag.timeLane,
            lane: nameOf(tag.nextLaneId) ?? `#${tag.nextLaneId}`,
          })
          : "—",
    },
    ...(admin
      ? [{
        key: "order",
        header: t("lanes.order"),
        cell: (tag: Tag) => {
          const i = order.indexOf(tag.id);
          return (
            <div className="flex gap-1">
              <Button
                size="icon-sm"
                variant="ghost"
                aria-label={t("lanes.moveUp", { name: tag.name })}
                disabled={i <= 0 || !!list.debounced}
                onClick={() => shift(tag, -1)}
                data-testid={`lane-up-${tag.id}`}
              >
                <ArrowUp className="size-4" />
              </Button>
              <Button
                size="icon-sm"
                variant="ghost"
                aria-label={t("lanes.moveDown", { name: tag.name })}
                disabled={i < 0 || i >= order.length - 1 || !!list.debounced}
                onClick={() => shift(tag, 1)}
                data-testid={`lane-down-${tag.id}`}
              >
                <ArrowDown className="size-4" />
              </Button>
            </div>
          );
        },
      }, {
        key: "actions",
        header: t("lanes.actions"),
        headerClassName: "text-right",
        cell: (tag: Tag) => (
          <RowActions
            edit={{
              label: tt("actions.edit"),
              onClick: () => setEditing(tag),
              testId: `lane-edit-${tag.id}`,
            }}
            remove={{
              label: tt("actions.delete"),
              onClick: () => deletion.request(tag),
              testId: `lane-delete-${tag.id}`,
            }}
          />
        ),
      }]
      : []),
  ];

  return (
    <ListPage
      testId="page-tagsKanban"
      title={t("lanes.title")}
      list={list}
      description={t("lanes.description")}
      search={{ placeholder: t("lanes.search"), testId: "lanes-search" }}
      primaryAction={admin
        ? {
          label: t("lanes.add"),
          icon: <Plus className="size-4" />,
          onClick: () => setEditing(null),
          testId: "lane-add",
        }
        : undefined}
      actions={
        <Button asChild variant="secondary" data-testid="lanes-back">
          <Link to="/kanban">
            <ArrowLeft className="size-4" />
            {t("lanes.back")}
          </Link>
        </Button>
      }
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <TagModal
          kanban
          key={editing?.id ?? "new"}
          tag={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={(tag) => tag.id}
        rowTestId={(tag) => `lane-row-${tag.id}`}
        testId="lanes-table"
        emptyState={
          <ListEmptyState
            icon={<Columns3 />}
            searching={!!list.debounced}
            t={(k) => t(`lanes.${k}`)}
          />
        }
      />
    </ListPage>
  );
}
