import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CircleHelp, Inbox } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { describeStoredError } from "../../../lib/server_errors.ts";
import {
  campaignKeys,
  type Counts,
  type ShipmentRow,
  useCampaignsLive,
  useReport,
} from "../api/campaigns.ts";
import { formatDateTime, STATUS_TONE } from "./campaigns_screen.tsx";
import { FinishNowButton } from "./finish_now_button.tsx";

const REFRESH_AFTER_FINISH_MS = 5000;

/** /campaign/:id/report: live counts and one row per contact; refetches 5 s after the finish. */
export function CampaignReportScreen({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation("campaigns");
  const me = useCurrentUser();
  const qc = useQueryClient();
  const report = useReport(campaignId);
  const [live, setLive] = useState<Counts | null>(null);
  useCampaignsLive(me.companyId, (id, counts) => {
    if (id !== campaignId) return;
    setLive(counts);
    // Rows refresh with the counts (the first page re-reads; throttled by the server's events).
    qc.invalidateQueries({ queryKey: campaignKeys.report(campaignId) });
  });
  const first = report.data?.pages[0];
  const status = first?.campaign.status;
  useEffect(() => {
    if (status !== "FINALIZADA") return;
    const timer = setTimeout(
      () => qc.invalidateQueries({ queryKey: campaignKeys.report(campaignId) }),
      REFRESH_AFTER_FINISH_MS,
    );
    return () => clearTimeout(timer);
  }, [status, campaignId, qc]);
  if (!first) return <PageSpinner />;
  // Before planning there are no shipments yet: the card shows the list's size.
  const counts = { ...(live ?? first.counts) };
  if (!counts.total) counts.total = first.counts.contacts ?? 0;
  const rows = report.data?.pages.flatMap((p) => p.records) ?? [];
  const total = counts.total || first.counts.contacts || 0;
  const uncertain = counts.uncertain ?? 0;
  const done = counts.delivered + counts.confirmationRequested + counts.noAnswer + counts.cancelled +
    counts.failed + uncertain;
  const pct = total ? Math.round((done / total) * 100) : 0;

  const cards: [keyof Counts, string][] = [
    ["total", t("report.contacts")],
    ["pending", t("report.pending")],
    ["delivered", t("report.delivered")],
    ["confirmationRequested", t("report.confirmationRequested")],
    ["confirmed", t("report.confirmed")],
    ["noAnswer", t("report.noAnswer")],
    ["cancelled", t("report.cancelled")],
    ["failed", t("report.failed")],
    // Only after a crash left some: most campaigns never have one.
    ...(uncertain ? [["uncertain", t("report.uncertain")] as [keyof Counts, string]] : []),
  ];
  const columns: Column<ShipmentRow>[] = [
    { key: "number", header: t("items.number"), cellClassName: "tabular-nums", cell: (r) => r.number },
    { key: "name", header: t("items.name"), className: "max-md:hidden", cell: (r) => r.name ?? "" },
    {
      key: "status",
      header: t("campaigns.status"),
      cell: (r) => t(`shipment.${r.status}`, { defaultValue: r.status }),
    },
    {
      key: "delivered",
      header: t("report.deliveredAt"),
      className: "max-sm:hidden",
      cell: (r) => formatDateTime(r.deliveredAt),
    },
    {
      key: "asked",
      header: t("report.confirmationRequestedAt"),
      className: "max-lg:hidden",
      cell: (r) => formatDateTime(r.confirmationRequestedAt),
    },
    {
      key: "confirmed",
      header: t("report.confirmedAt"),
      className: "max-lg:hidden",
      cell: (r) => formatDateTime(r.confirmedAt),
    },
    {
      key: "error",
      header: t("report.error"),
      className: "max-xl:hidden",
      cell: (r) => describeStoredError(r.lastError),
    },
  ];
  return (
    <div className="flex flex-col gap-6" data-testid="campaign-report-page">
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <Link to="/campaigns" aria-label={t("items.back")} className="text-ink-subtle hover:text-ink">
              <ArrowLeft className="size-5" />
            </Link>
            {first.campaign.name}
            <Badge tone={STATUS_TONE[first.campaign.status]} data-testid="report-status">
              {t(`status.${first.campaign.status}`)}
            </Badge>
          </span>
        }
        description={[
          t("report.description", {
            list: first.campaign.contactList?.name ?? "—",
            connection: first.campaign.whatsapp?.name ?? "—",
          }),
          first.campaign.confirmation
            ? t("report.window", { hours: first.campaign.confirmationWindowHours })
            : null,
        ].filter(Boolean).join(" · ")}
        actions={first.campaign.status === "EM_ANDAMENTO" && (
          <FinishNowButton campaignId={campaignId} counts={counts} />
        )}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map(([k, label]) => (
          <Card key={k} className="flex flex-col gap-1 p-4">
            <span className="text-xs font-medium text-ink-muted">{label}</span>
            <span className="text-2xl font-semibold tabular-nums" data-testid={`count-${k}`}>
              {counts[k] ?? 0}
            </span>
          </Card>
        ))}
      </div>
      {uncertain > 0 && (
        <p
          className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-ink"
          data-testid="uncertain-note"
        >
          <CircleHelp className="mt-0.5 size-4 shrink-0 text-warning" />
          {t("report.uncertainHint", { count: uncertain })}
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <div className="h-2 overflow-hidden rounded-full bg-surface-2">
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${pct}%` }}
            data-testid="report-bar"
          />
        </div>
        <span className="text-xs text-ink-muted tabular-nums">{pct}%</span>
      </div>
      <Card className="overflow-hidden">
        <div
          className="max-h-[calc(100dvh-24rem)] min-h-64 overflow-y-auto"
          onScroll={(e) => {
            const el = e.currentTarget;
            if (
              el.scrollHeight - el.scrollTop - el.clientHeight < 100 && report.hasNextPage &&
              !report.isFetchingNextPage
            ) {
              report.fetchNextPage();
            }
          }}
        >
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            rowTestId={(r) => `shipment-${r.number}`}
            testId="report-table"
            loadingMore={report.isFetchingNextPage}
            emptyState={
              <EmptyState icon={<Inbox />} title={t("report.empty")} description={t("report.emptyHint")} />
            }
          />
        </div>
      </Card>
    </div>
  );
}
