/**
 * The operator's payments review (settings → Payments): payments the payment rule refused and
 * checkouts a provider failed, newest first, live. The provider's own answer is shown here only;
 * a company sees just "payment refused — contact support" on its invoice.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Eye, ShieldAlert } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { IconAction } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { formatDateTime, formatDay } from "../../../lib/dates.ts";
import { type PaymentIssue, useBackofficeLive, usePaymentIssues } from "../api/backoffice.ts";
import { MorePager } from "./more_pager.tsx";

const REASONS = ["unknown_reference", "other_invoice", "replaced", "wrong_currency", "too_little"];

/** A stable key for a row (a refused event and a failed checkout may share an invoice). */
const keyOf = (r: PaymentIssue) => `${r.kind}-${r.eventId ?? r.invoice?.id ?? r.at}`;

export function PaymentsTab() {
  const { t } = useTranslation("backoffice");
  const me = useCurrentUser();
  const [page, setPage] = useState(1);
  const query = usePaymentIssues(page);
  const [viewing, setViewing] = useState<PaymentIssue | null>(null);
  useBackofficeLive(me.companyId);

  const what = (r: PaymentIssue) =>
    r.kind === "provider_error"
      ? t("payments.kind.provider_error")
      : REASONS.includes(r.reason ?? "")
      ? t(`payments.reason.${r.reason}`)
      : r.reason ?? "—";
  const reported = (r: PaymentIssue) =>
    r.reportedAmount === null ? "—" : `${r.reportedAmount.toFixed(2)} ${r.reportedCurrency ?? ""}`.trim();

  const columns: Column<PaymentIssue>[] = [
    {
      key: "at",
      header: t("payments.table.at"),
      className: "hidden sm:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (r) => formatDateTime(r.at),
    },
    {
      key: "company",
      header: t("payments.table.company"),
      cell: (r) => (
        <div className="flex flex-col">
          <span className="font-medium text-ink">{r.company?.name ?? t("payments.noCompany")}</span>
          <span className="text-xs text-ink-muted sm:hidden">{formatDateTime(r.at)}</span>
        </div>
      ),
    },
    {
      key: "invoice",
      header: t("payments.table.invoice"),
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: (r) => r.invoice ? `#${r.invoice.id} · ${r.invoice.value.toFixed(2)}` : "—",
    },
    {
      key: "provider",
      header: t("payments.table.provider"),
      className: "hidden md:table-cell",
      cell: (r) => <Badge tone="neutral">{r.provider || "—"}</Badge>,
    },
    {
      key: "what",
      header: t("payments.table.what"),
      cell: (r) => (
        <Badge
          tone={r.kind === "refused" ? "danger" : "warning"}
          className="whitespace-nowrap"
          data-testid={`payment-issue-what-${keyOf(r)}`}
        >
          {what(r)}
        </Badge>
      ),
    },
    {
      key: "reported",
      header: t("payments.table.reported"),
      className: "hidden xl:table-cell",
      cellClassName: "whitespace-nowrap tabular-nums",
      cell: reported,
    },
    {
      key: "action",
      header: t("payments.table.action"),
      headerClassName: "text-right",
      cell: (r) => (
        <div className="flex justify-end">
          <IconAction
            label={t("payments.view")}
            icon={<Eye />}
            onClick={() => setViewing(r)}
            testId={`payment-issue-view-${keyOf(r)}`}
          />
        </div>
      ),
    },
  ];

  return (
    <Card className="mt-5 overflow-hidden" data-testid="payments-tab">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-4 text-primary-strong" />
          {t("payments.title")}
          {query.data
            ? <span className="text-sm font-normal text-ink-muted">({query.data.count})</span>
            : null}
        </CardTitle>
        <CardDescription>{t("payments.description")}</CardDescription>
      </CardHeader>
      <div className="overflow-x-auto">
        <DataTable
          columns={columns}
          rows={query.data?.issues ?? []}
          loading={query.isPending}
          error={query.isError}
          rowKey={keyOf}
          rowTestId={(r) => `payment-issue-${keyOf(r)}`}
          testId="payment-issues-table"
          emptyState={<EmptyState icon={<ShieldAlert />} title={t("payments.empty")} />}
        />
      </div>
      <MorePager page={page} hasMore={query.data?.hasMore} onPage={setPage} />
      {viewing && (
        <Dialog
          open
          onOpenChange={(o) => !o && setViewing(null)}
          title={what(viewing)}
          description={viewing.company?.name ?? t("payments.noCompany")}
          className="max-w-2xl"
        >
          <dl
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm"
            data-testid="payment-issue-detail"
          >
            <Detail label={t("payments.table.at")} value={formatDateTime(viewing.at)} />
            <Detail label={t("payments.table.provider")} value={viewing.provider || "—"} />
            {viewing.eventId && <Detail label={t("payments.event")} value={viewing.eventId} mono />}
            {viewing.eventType && <Detail label={t("payments.eventType")} value={viewing.eventType} mono />}
            {viewing.reason && <Detail label={t("payments.reasonCode")} value={viewing.reason} mono />}
            <Detail label={t("payments.table.reported")} value={reported(viewing)} />
            <Detail
              label={t("payments.table.invoice")}
              value={viewing.invoice
                ? t("payments.invoiceLine", {
                  id: viewing.invoice.id,
                  value: viewing.invoice.value.toFixed(2),
                  due: formatDay(viewing.invoice.dueDate),
                })
                : "—"}
            />
          </dl>
          <div className="mt-4 flex flex-col gap-1.5">
            <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
              {t("payments.providerAnswer")}
            </p>
            {viewing.providerError
              ? (
                <pre
                  className="max-h-60 overflow-auto rounded-lg border border-line bg-surface-2 p-3 text-xs whitespace-pre-wrap break-all text-ink"
                  data-testid="payment-issue-provider-error"
                >
                  {viewing.providerError}
                </pre>
              )
              : <p className="text-sm text-ink-muted">{t("payments.noProviderAnswer")}</p>}
          </div>
        </Dialog>
      )}
    </Card>
  );
}

function Detail({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className={mono ? "font-mono text-xs break-all text-ink" : "text-ink"}>{value}</dd>
    </>
  );
}
