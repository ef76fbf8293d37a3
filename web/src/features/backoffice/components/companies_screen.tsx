import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Building2, CalendarPlus, FolderSync, Plus, Search } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { IconAction, RowActions } from "../../../components/ui/row_actions.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { formatDate, formatDateTime, formatDay, todayKey } from "../../../lib/dates.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import {
  type AdminCompany,
  type PurgeProgress,
  useBackofficeLive,
  useCompanies,
  useDeleteCompany,
  useRefreshFolder,
  useRenewCompany,
} from "../api/backoffice.ts";
import { CompanyForm } from "./company_form.tsx";

const PAGE_SIZES = [5, 10, 25];
const DAY_MS = 86_400_000;

/** Days from today (in the display zone) to a YYYY-MM-DD due date. */
function daysToDue(due: string | null): number | null {
  if (!due) return null;
  return Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${todayKey()}T00:00:00Z`)) / DAY_MS);
}

/** Yellow when due in 1-5 days, red when due today or past (spec 3 §2, §9). */
export function dueTone(due: string | null, id: number): "danger" | "warning" | undefined {
  if (id === 1) return undefined;
  const days = daysToDue(due);
  if (days === null) return undefined;
  if (days <= 0) return "danger";
  if (days <= 5) return "warning";
  return undefined;
}

const dateTime = (iso: string | null) => formatDateTime(iso) || "—";

/** The operator's companies (spec 3 §2): search, pages of 5/10/25, due-date colours, live updates. */
export function CompaniesScreen({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation("backoffice");
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(5);
  const query = useCompanies(debounced, page, size);
  const [editing, setEditing] = useState<AdminCompany | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminCompany | null>(null);
  const [purges, setPurges] = useState<Record<number, PurgeProgress>>({});
  const remove = useDeleteCompany();
  const renew = useRenewCompany();
  const folder = useRefreshFolder();
  useBackofficeLive(me.companyId, (p) => setPurges((prev) => ({ ...prev, [p.companyId]: p })));

  const rows = query.data?.companies ?? [];
  const count = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / size));

  const run = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      toastSuccess(ok);
    } catch (err) {
      toastError(err, { fallbackKey: "backoffice:errors.operation" });
    }
  };

  const columns: Column<AdminCompany>[] = [
    {
      key: "id",
      header: t("companies.table.id"),
      cellClassName: "tabular-nums text-ink-subtle",
      cell: (c) => c.id,
    },
    {
      key: "status",
      header: t("companies.table.active"),
      cell: (c) => <Badge tone={c.status ? "success" : "neutral"}>{c.status ? t("yes") : t("no")}</Badge>,
    },
    {
      key: "name",
      header: t("companies.table.name"),
      cellClassName: "font-medium text-ink",
      cell: (c) => c.name,
    },
    {
      key: "email",
      header: t("companies.table.email"),
      className: "hidden xl:table-cell",
      cell: (c) => c.email ?? "—",
    },
    { key: "plan", header: t("companies.table.plan"), cell: (c) => c.planName },
    {
      key: "value",
      header: t("companies.table.value"),
      className: "hidden lg:table-cell",
      cellClassName: "tabular-nums",
      cell: (c) => c.plan.amount.toFixed(2),
    },
    {
      key: "created",
      header: t("companies.table.created"),
      className: "hidden 2xl:table-cell",
      cell: (c) => formatDate(c.createdAt),
    },
    {
      key: "due",
      header: t("companies.table.due"),
      cell: (c) => (
        <span className="whitespace-nowrap" data-testid={`company-due-${c.id}`}>
          {c.id === 1 ? "—" : formatDay(c.dueDate)}
          <span className="block text-xs text-ink-subtle">
            {t(`recurrence.${c.recurrence}`, c.recurrence)}
          </span>
        </span>
      ),
    },
    {
      key: "lastLogin",
      header: t("companies.table.lastLogin"),
      className: "hidden xl:table-cell",
      cell: (c) => dateTime(c.lastLogin),
    },
    {
      key: "folder",
      header: t("companies.table.folder"),
      className: "hidden lg:table-cell",
      cell: (c) => (
        <span className="whitespace-nowrap">
          {c.folderSize ?? "—"}
          <span className="block text-xs text-ink-subtle">
            {t("companies.table.files", { count: Number(c.numberFileFolder ?? 0) })}
          </span>
        </span>
      ),
    },
    {
      key: "folderAt",
      header: t("companies.table.folderUpdated"),
      className: "hidden 2xl:table-cell",
      cell: (c) => dateTime(c.updatedAtFolder),
    },
    {
      key: "actions",
      header: t("companies.table.actions"),
      headerClassName: "text-right",
      cell: (c) => {
        const p = purges[c.id];
        if (p && !p.finished) {
          return (
            <div
              className="flex min-w-28 flex-col items-end gap-1 text-xs text-danger"
              data-testid={`company-purge-${c.id}`}
            >
              {t("companies.deleting")}
              <div className="h-1.5 w-24 overflow-hidden rounded-full bg-surface-2">
                <div
                  className="h-full bg-danger"
                  style={{ width: `${Math.round((p.done / p.total) * 100)}%` }}
                />
              </div>
            </div>
          );
        }
        return (
          <RowActions
            edit={{ label: t("actions.edit"), onClick: () => setEditing(c), testId: `company-edit-${c.id}` }}
            remove={c.id === 1 ? undefined : {
              label: t("actions.delete"),
              onClick: () => setDeleting(c),
              testId: `company-delete-${c.id}`,
            }}
          >
            {c.id !== 1 && (
              <IconAction
                label={t("companies.renew")}
                icon={<CalendarPlus />}
                testId={`company-renew-${c.id}`}
                onClick={() => run(() => renew.mutateAsync(c.id), t("companies.renewed"))}
              />
            )}
            <IconAction
              label={t("companies.refreshFolder")}
              icon={<FolderSync />}
              testId={`company-folder-${c.id}`}
              onClick={() => run(() => folder.mutateAsync(c.id), t("companies.folderQueued"))}
            />
          </RowActions>
        );
      },
    },
  ];

  const header = (
    <div className="flex w-full flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
      <div className="relative w-full sm:w-64">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
        <Input
          type="search"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
          placeholder={t("companies.search")}
          aria-label={t("companies.search")}
          className="pl-9"
          data-testid="companies-search"
        />
      </div>
      <Button onClick={() => setEditing(null)} data-testid="company-add">
        <Plus className="size-4" />
        {t("companies.add")}
      </Button>
    </div>
  );

  return (
    <div className="flex flex-col gap-4" data-testid="companies-page">
      {embedded ? header : (
        <PageHeader
          title={t("companies.title")}
          count={count}
          description={t("companies.description")}
          actions={header}
        />
      )}
      <Card className="overflow-hidden">
        <div className="overflow-x-auto">
          <DataTable
            columns={columns}
            rows={rows}
            loading={query.isPending}
            error={query.isError}
            rowKey={(c) => c.id}
            rowTestId={(c) => `company-row-${c.id}`}
            rowClass={(c) => {
              const tone = dueTone(c.dueDate, c.id);
              return tone === "danger" ? "bg-danger/10" : tone === "warning" ? "bg-warning/15" : undefined;
            }}
            testId="companies-table"
            emptyState={<EmptyState icon={<Building2 />} title={t("companies.empty")} />}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm text-ink-muted">
          <div className="flex items-center gap-2">
            {t("pager.rows")}
            <Select
              className="w-20"
              aria-label={t("pager.rows")}
              value={String(size)}
              onValueChange={(v) => (setSize(Number(v)), setPage(1))}
              options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            />
          </div>
          <div className="flex items-center gap-2">
            <span data-testid="companies-pages">{t("pager.page", { page, pages })}</span>
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t("pager.prev")}
            </Button>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t("pager.next")}
            </Button>
          </div>
        </div>
      </Card>
      {editing !== undefined && (
        <CompanyForm
          key={editing?.id ?? "new"}
          company={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("companies.confirmDelete", { name: deleting?.name ?? "" })}
        description={t("confirmDelete")}
        confirmLabel={t("actions.delete")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={async () => {
          const target = deleting;
          setDeleting(null);
          if (!target) return;
          setPurges((p) => ({
            ...p,
            [target.id]: { companyId: target.id, done: 0, total: 1, finished: false },
          }));
          await run(() => remove.mutateAsync(target.id), t("companies.deleteQueued"));
        }}
      />
    </div>
  );
}
