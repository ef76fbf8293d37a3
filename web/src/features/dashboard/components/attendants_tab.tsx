import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FileSpreadsheet, Users } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { toastError } from "../../../lib/toast.ts";
import { type Attendant, type DashboardFilter, downloadFile } from "../api/dashboard.ts";
import { hoursMinutes, ratingFace } from "./format.ts";

/** Per-attendant figures with ratings and who is online; exports to a spreadsheet. */
export function AttendantsTab(
  { filter, attendants, loading }: { filter: DashboardFilter; attendants?: Attendant[]; loading: boolean },
) {
  const { t } = useTranslation("dashboard");
  const [busy, setBusy] = useState(false);
  const exportXlsx = async () => {
    setBusy(true);
    try {
      await downloadFile(
        "/dashboard/attendants.xlsx",
        {
          date_from: filter.from,
          date_to: filter.to,
          queueIds: filter.queueIds.length ? JSON.stringify(filter.queueIds) : undefined,
        },
        `atendentes-${filter.from}-${filter.to}.xlsx`,
      );
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
        <p className="text-sm font-semibold text-ink">{t("attendants.title")}</p>
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={exportXlsx}
          data-testid="attendants-export"
        >
          <FileSpreadsheet className="size-4" />
          {t("attendants.export")}
        </Button>
      </div>
      <div className="overflow-x-auto">
        <DataTable
          testId="attendants-table"
          loading={loading}
          rows={attendants ?? []}
          rowKey={(a) => a.id}
          rowTestId={(a) => `attendant-${a.id}`}
          emptyState={<EmptyState icon={<Users />} title={t("attendants.empty")} className="py-12" />}
          columns={[
            {
              key: "name",
              header: t("attendants.name"),
              cell: (a) => (
                <span className="flex items-center gap-2 font-medium text-ink">
                  <span
                    className={a.online
                      ? "size-2 rounded-full bg-success"
                      : "size-2 rounded-full bg-ink-subtle/40"}
                    title={a.online ? t("attendants.online") : t("attendants.offline")}
                  />
                  {a.name}
                </span>
              ),
            },
            {
              key: "rating",
              header: t("attendants.rating"),
              cell: (a) =>
                a.countRating
                  ? (
                    <span data-testid="rating" className="tabular-nums">
                      <span aria-hidden className="mr-1">{ratingFace(a.rating)}</span>
                      {a.rating.toFixed(2)}
                    </span>
                  )
                  : <span className="text-ink-subtle">—</span>,
            },
            {
              key: "countRating",
              header: t("attendants.countRating"),
              cell: (a) => <span data-testid="countRating">{a.countRating}</span>,
              className: "text-right",
            },
            {
              key: "tickets",
              header: t("attendants.tickets"),
              cell: (a) => <span data-testid="tickets">{a.tickets}</span>,
              className: "text-right",
            },
            {
              key: "wait",
              header: t("attendants.avgWaitTime"),
              cell: (a) => <span data-testid="avgWaitTime">{hoursMinutes(a.avgWaitTime)}</span>,
              className: "text-right whitespace-nowrap max-sm:hidden",
            },
            {
              key: "support",
              header: t("attendants.avgSupportTime"),
              cell: (a) => <span data-testid="avgSupportTime">{hoursMinutes(a.avgSupportTime)}</span>,
              className: "text-right whitespace-nowrap",
            },
            {
              key: "online",
              header: t("attendants.status"),
              cell: (a) => (
                <span className={a.online ? "text-success" : "text-ink-subtle"} data-testid="online">
                  {a.online ? t("attendants.online") : t("attendants.offline")}
                </span>
              ),
              className: "max-md:hidden",
            },
          ]}
        />
      </div>
    </Card>
  );
}
