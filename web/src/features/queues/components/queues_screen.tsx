import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight, Network, Plus } from "lucide-react";
import { ListEmptyState, ListPage } from "../../../components/layout/list_page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useDeleteConfirmation } from "../../../lib/use_delete_confirmation.ts";
import { useSettings } from "../../settings/index.ts";
import { type Queue, useDeleteQueue, useQueueList, useQueuesLive } from "../api/queues.ts";
import { QueueModal } from "./queue_modal.tsx";

const PAGE_SIZES = [5, 10, 25];

/** /queues: ID, name, colour, order, greeting; search; client pages of 5, 10 or 25 (spec 2 §2). */
export function QueuesScreen() {
  const { t } = useTranslation("queues");
  const me = useCurrentUser();
  const query = useQueueList();
  const settings = useSettings().data ?? {};
  const [search, setSearch] = useState("");
  const [pageSize, setPageSize] = useState(5);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Queue | null | undefined>(undefined);
  const deletion = useDeleteConfirmation<Queue>(
    useDeleteQueue(),
    t,
    (q) => t("confirmDelete.title", { name: q?.name ?? "" }),
  );
  useQueuesLive(me.companyId);

  const needle = search.trim().toLowerCase();
  const all = (query.data ?? []).filter((q) =>
    !needle || q.name.toLowerCase().includes(needle) ||
    (q.greetingMessage ?? "").toLowerCase().includes(needle)
  );
  const pages = Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(page, pages - 1);
  const rows = all.slice(current * pageSize, (current + 1) * pageSize);

  const columns: Column<Queue>[] = [
    {
      key: "id",
      header: t("table.id"),
      headerClassName: "w-16",
      cellClassName: "text-ink-subtle tabular-nums",
      cell: (q) => q.id,
    },
    { key: "name", header: t("table.name"), cellClassName: "font-medium", cell: (q) => q.name },
    {
      key: "color",
      header: t("table.color"),
      className: "hidden sm:table-cell",
      cell: (q) => (
        <span className="inline-flex items-center gap-2 text-xs text-ink-muted">
          <span className="size-5 rounded-md border border-line" style={{ backgroundColor: q.color }} />
          {q.color}
        </span>
      ),
    },
    {
      key: "order",
      header: t("table.order"),
      className: "hidden md:table-cell",
      cellClassName: "tabular-nums",
      cell: (q) => q.orderQueue ?? "—",
    },
    {
      key: "greeting",
      header: t("table.greeting"),
      className: "hidden lg:table-cell",
      cell: (q) => <span className="line-clamp-2 max-w-md text-ink-muted">{q.greetingMessage || "—"}</span>,
    },
    {
      key: "actions",
      header: t("table.actions"),
      headerClassName: "text-right",
      cell: (q) => (
        <RowActions
          edit={{ label: t("actions.edit"), onClick: () => setEditing(q), testId: `queue-edit-${q.id}` }}
          remove={{
            label: t("actions.delete"),
            onClick: () => deletion.request(q),
            testId: `queue-delete-${q.id}`,
          }}
        />
      ),
    },
  ];

  return (
    <ListPage
      testId="queues-page"
      title={t("title")}
      description={t("description")}
      list={{
        count: query.data?.length,
        search,
        setSearch: (s) => (setSearch(s), setPage(0)),
        onScroll: () => {},
      }}
      search={{ placeholder: t("search"), testId: "queues-search" }}
      primaryAction={{
        label: t("add"),
        icon: <Plus className="size-4" />,
        onClick: () => setEditing(null),
        testId: "queue-add",
      }}
      confirm={deletion.dialog}
      dialogs={editing !== undefined && (
        <QueueModal
          key={editing?.id ?? "new"}
          queue={editing}
          scheduleByQueue={settings.scheduleType === "queue"}
          onClose={() => setEditing(undefined)}
        />
      )}
    >
      <DataTable
        columns={columns}
        rows={rows}
        loading={query.isLoading}
        error={query.isError}
        rowKey={(q) => q.id}
        rowTestId={(q) => `queue-row-${q.id}`}
        testId="queues-table"
        emptyState={<ListEmptyState icon={<Network />} searching={!!needle} t={t} />}
      />
      <div className="flex items-center justify-end gap-2 border-t border-line px-4 py-2 text-sm text-ink-muted sm:gap-3">
        <span className="hidden sm:inline">{t("pagination.rows")}</span>
        <Select
          value={String(pageSize)}
          onValueChange={(v) => (setPageSize(Number(v)), setPage(0))}
          options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          className="w-20"
          aria-label={t("pagination.rows")}
          data-testid="queues-page-size"
        />
        <span className="tabular-nums">
          {t("pagination.range", {
            from: all.length ? current * pageSize + 1 : 0,
            to: current * pageSize + rows.length,
            total: all.length,
          })}
        </span>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("pagination.previous")}
          disabled={current === 0}
          onClick={() => setPage(current - 1)}
        >
          <ChevronLeft className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t("pagination.next")}
          disabled={current >= pages - 1}
          onClick={() => setPage(current + 1)}
          data-testid="queues-next-page"
        >
          <ChevronRight className="size-4" />
        </Button>
      </div>
    </ListPage>
  );
}
