import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight, Download, ScrollText } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { todayKey } from "../../../lib/dates.ts";
import { toastError } from "../../../lib/toast.ts";
import {
  type AuditFilters,
  exportAuditLogs,
  PAGE_SIZE,
  useAuditFilterChoices,
  useAuditLogs,
} from "../api.ts";
import { AuditFilterBar } from "./audit_filters.tsx";
import { useAuditColumns } from "./audit_table.tsx";

/** /audit-log: who did what, filtered, paged, exported. Admins see their company; the operator all. */
export function AuditScreen() {
  const { t } = useTranslation("audit");
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const choices = useAuditFilterChoices(filters.companyId);
  const logs = useAuditLogs(filters, page);
  const isOperator = !!choices.data?.isOperator;
  const columns = useAuditColumns({ withCompany: isOperator && !filters.companyId });

  const change = (f: AuditFilters) => {
    setFilters(f);
    setPage(1);
  };
  const doExport = async () => {
    setExporting(true);
    try {
      const blob = await exportAuditLogs(filters);
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `audit-log-${todayKey()}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  const count = logs.data?.count ?? 0;
  const first = count ? (page - 1) * PAGE_SIZE + 1 : 0;
  const last = Math.min(page * PAGE_SIZE, count);
  return (
    <div className="flex flex-col gap-5" data-testid="audit-page">
      <PageHeader
        title={t("title")}
        count={logs.data?.count}
        description={isOperator ? t("descriptionOperator") : t("description")}
        actions={
          <Button variant="secondary" onClick={doExport} loading={exporting} data-testid="audit-export">
            <Download className="size-4" />
            {t("export")}
          </Button>
        }
      />
      <AuditFilterBar value={filters} onChange={change} choices={choices.data} />
      <Card className="overflow-hidden">
        <div className="max-h-[calc(100dvh-19rem)] min-h-64 overflow-auto" data-testid="audit-scroll">
          <DataTable
            columns={columns}
            rows={logs.data?.logs ?? []}
            loading={logs.isPending}
            error={logs.isError}
            rowKey={(r) => r.id}
            rowTestId={(r) => `audit-row-${r.id}`}
            testId="audit-table"
            errorState={<EmptyState icon={<ScrollText />} title={t("loadError")} />}
            emptyState={
              <EmptyState
                icon={<ScrollText />}
                title={Object.values(filters).some(Boolean) ? t("noResults") : t("empty")}
                description={t("emptyHint")}
              />
            }
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-4 py-2.5 text-sm">
          <span className="text-ink-muted" data-testid="audit-range">
            {t("paging.range", { first, last, count })}
          </span>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
              aria-label={t("paging.previous")}
              data-testid="audit-prev"
            >
              <ChevronLeft className="size-4" />
            </Button>
            <span className="tabular-nums">{page}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={!logs.data?.hasMore}
              onClick={() => setPage((p) => p + 1)}
              aria-label={t("paging.next")}
              data-testid="audit-next"
            >
              <ChevronRight className="size-4" />
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
