import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ChevronLeft, ChevronRight, FileSpreadsheet, FileText, Inbox } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { toastError } from "../../../lib/toast.ts";
import { TicketLogDialog } from "../../tickets/index.ts";
import { downloadFile, reportParams, type ReportRow, useReport } from "../api/dashboard.ts";
import { type ReportDraft, ReportFiltersForm } from "./report_filters.tsx";
import { monthToDate } from "./format.ts";
import { reportColumns } from "./report_columns.tsx";
import { useScrollEnds } from "../../../lib/use_scroll_ends.ts";

/** Spec 3 §9: page sizes 5, 10, 20, 50 (default 10). */
const PAGE_SIZES = [5, 10, 20, 50];

const emptyDraft = (): ReportDraft => ({
  contact: null,
  contactId: null,
  whatsappId: [],
  users: [],
  queueIds: [],
  tags: [],
  status: [],
  dateFrom: monthToDate().from,
  dateTo: monthToDate().to,
  onlyRated: false,
});

type Progress = { kind: "xlsx" | "pdf"; rows: number; bytes: number } | null;

/** The tickets report (spec 3 §2): filters, a paged table, the ticket log and streamed exports. */
export function ReportsScreen() {
  const { t } = useTranslation(["dashboard", "tickets"]);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ReportDraft>(emptyDraft);
  const [applied, setApplied] = useState<ReportDraft>(draft);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [logOf, setLogOf] = useState<number | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const report = useReport({ ...applied, page, pageSize });
  const total = report.data?.totalTickets.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const exportAs = async (kind: "xlsx" | "pdf") => {
    setProgress({ kind, rows: 0, bytes: 0 });
    try {
      await downloadFile(
        `/ticketreport/reports.${kind}`,
        { ...reportParams(applied), lang: currentLanguage() },
        kind === "xlsx" ? "reporte.xlsx" : "reporte.pdf",
        (bytes, headers) => setProgress({ kind, bytes, rows: Number(headers.get("x-report-rows") ?? 0) }),
      );
    } catch (err) {
      toastError(err);
    } finally {
      setProgress(null);
    }
  };

  const [scroller, hidden] = useScrollEnds<HTMLDivElement>();
  const statusLabel = (s: string) => t(`reports.statuses.${s}`, { defaultValue: s });
  return (
    <div className="flex flex-col gap-5" data-testid="reports">
      <PageHeader
        title={t("reports.title")}
        count={report.data ? total : undefined}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => exportAs("xlsx")}
              loading={progress?.kind === "xlsx"}
              disabled={!!progress || total === 0}
              data-testid="report-export-xlsx"
            >
              <FileSpreadsheet className="size-4" />
              {t("reports.exportXlsx")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => exportAs("pdf")}
              loading={progress?.kind === "pdf"}
              disabled={!!progress || total === 0}
              data-testid="report-export-pdf"
            >
              <FileText className="size-4" />
              {t("reports.exportPdf")}
            </Button>
          </>
        }
      />
      {progress && (
        <p className="text-sm text-ink-muted" role="status" data-testid="report-export-progress">
          {t("reports.exporting", {
            count: progress.rows,
            size: (progress.bytes / 1_048_576).toFixed(1),
          })}
        </p>
      )}
      <Card className="p-4">
        <ReportFiltersForm
          value={draft}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          onApply={() => {
            setApplied(draft);
            setPage(1);
          }}
          onClear={() => {
            const d = emptyDraft();
            setDraft(d);
            setApplied(d);
            setPage(1);
          }}
        />
      </Card>
      <Card className="@container overflow-hidden">
        <div
          ref={scroller}
          className="group overflow-x-auto"
          data-hidden={hidden}
          data-testid="report-scroll"
        >
          <DataTable<ReportRow>
            testId="report-table"
            loading={report.isPending}
            error={report.isError}
            rows={report.data?.tickets ?? []}
            rowKey={(r) => r.id}
            rowTestId={(r) => `report-row-${r.id}`}
            emptyState={<EmptyState icon={<Inbox />} title={t("reports.empty")} className="py-14" />}
            columns={reportColumns({
              t,
              statusLabel,
              onLog: (r) => setLogOf(r.id),
              onOpen: (r) => navigate(`/tickets/${r.uuid}`),
            })}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm">
          <div className="flex items-center gap-2 text-ink-muted">
            {t("reports.perPage")}
            <Select
              className="w-20"
              data-testid="report-page-size"
              value={String(pageSize)}
              onValueChange={(v) => {
                setPageSize(Number(v));
                setPage(1);
              }}
              options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            />
          </div>
          <div className="flex items-center gap-2">
            <span className="text-ink-muted" data-testid="report-range">
              {t("reports.rangeOf", {
                from: total ? (page - 1) * pageSize + 1 : 0,
                to: Math.min(total, page * pageSize),
                total,
              })}
            </span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("reports.prev")}
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeft className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("reports.next")}
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
              data-testid="report-next"
            >
              <ChevronRight className="size-4" />
            </Button>
          </div>
        </div>
      </Card>
      {logOf !== null && <TicketLogDialog ticketId={logOf} onClose={() => setLogOf(null)} />}
    </div>
  );
}
