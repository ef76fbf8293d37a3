import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarClock, ExternalLink, FileText, Wallet } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { useAuth } from "../../../lib/auth.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { effectiveDueDate, isSubscriptionExpired } from "../../../lib/subscription.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useInfiniteList } from "../../../lib/use_infinite_list.ts";
import { type Invoice, useCancelSubscription, useInvoices, useInvoicesLive } from "../api/billing.ts";
import { CheckoutDialog } from "./checkout_dialog.tsx";
import { invoiceState } from "./invoice_status.ts";

const TONES = { paid: "success", proceso: "primary", overdue: "danger", open: "warning" } as const;

/** The finance page: subscription status and "Facturas (n)" with payment (spec 3 §2, §4). */
export function InvoicesOverview() {
  const { t } = useTranslation("billing");
  const { user } = useAuth();
  const company = user?.company;
  const expired = isSubscriptionExpired(company);
  const due = effectiveDueDate(company);
  const list = useInfiniteList(useInvoices, (p) => p.invoices);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelSubscription();
  useInvoicesLive(user?.companyId ?? 0);
  const rows = list.table.rows;
  const demo = company?.plan?.id === 1;
  const canPay = user?.profile === "admin";
  const subscriptionId = rows[0]?.subscriptionId;

  const columns: Column<Invoice>[] = [
    {
      key: "detail",
      header: t("table.detail"),
      className: "hidden sm:table-cell",
      cellClassName: "font-medium text-ink",
      cell: (i) => i.detail,
    },
    // Users and connections only where the card is wide enough for them and the refusal note.
    { key: "users", header: t("table.users"), className: "hidden 2xl:table-cell", cell: (i) => i.users },
    {
      key: "connections",
      header: t("table.connections"),
      className: "hidden 2xl:table-cell",
      cell: (i) => i.connections,
    },
    { key: "queues", header: t("table.queues"), className: "hidden 2xl:table-cell", cell: (i) => i.queues },
    {
      key: "value",
      header: t("table.value"),
      className: "hidden sm:table-cell",
      cellClassName: "tabular-nums",
      // The invoice's one currency: every way to pay it charges in it.
      cell: (i) => `${i.value.toFixed(2)} ${i.currency}`,
    },
    {
      key: "due",
      header: t("table.dueDate"),
      cellClassName: "whitespace-nowrap",
      cell: (i) => formatDay(i.dueDate),
    },
    {
      key: "status",
      header: t("table.status"),
      cell: (i) => {
        const s = invoiceState(i);
        return (
          <div className="flex flex-col items-start gap-1">
            <Badge tone={TONES[s]} data-testid={`invoice-status-${i.id}`}>{t(`state.${s}`)}</Badge>
            {i.paymentRefused && s !== "paid" && (
              <span className="min-w-34 text-xs text-danger" data-testid={`invoice-refused-${i.id}`}>
                {t("paymentRefused")}
              </span>
            )}
          </div>
        );
      },
    },
    {
      key: "action",
      header: t("table.action"),
      headerClassName: "text-right",
      cellClassName: "text-right",
      cell: (i) => {
        const s = invoiceState(i);
        if (s === "paid") {
          return i.linkInvoice
            ? (
              <Button variant="secondary" size="sm" asChild>
                <a href={i.linkInvoice} target="_blank" rel="noreferrer">
                  <ExternalLink className="size-3.5" />
                  {t("actions.view")}
                </a>
              </Button>
            )
            : <span className="text-xs text-ink-subtle">{t("state.paid")}</span>;
        }
        if (s === "proceso") {
          return <Button size="sm" variant="secondary" disabled>{t("actions.inProcess")}</Button>;
        }
        return (
          <Button
            size="sm"
            disabled={!canPay}
            onClick={() => setPaying(i)}
            data-testid={`invoice-pay-${i.id}`}
          >
            {demo ? t("actions.hire") : t("actions.pay")}
          </Button>
        );
      },
    },
  ];

  return (
    <div className="flex flex-col gap-6" data-testid="finance-page">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Wallet className="size-4 text-primary-strong" />
              {t("subscription")}
            </CardTitle>
            <CardDescription>{company?.plan?.name ?? "—"}</CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-3 text-sm">
            <div className="flex items-center justify-between">
              <span className="text-ink-muted">{t("status")}</span>
              <Badge tone={expired ? "danger" : "success"} data-testid="subscription-status">
                {expired ? t("expiredBadge") : t("activeBadge")}
              </Badge>
            </div>
            <div className="flex items-center justify-between">
              <span className="flex items-center gap-1.5 text-ink-muted">
                <CalendarClock className="size-4" />
                {t("dueDate")}
              </span>
              <span className="font-medium text-ink" data-testid="finance-due-date">
                {due ? formatDay(due) : "—"}
              </span>
            </div>
            {expired && <p className="rounded-lg bg-danger/10 px-3 py-2 text-danger">{t("expiredHint")}</p>}
            {subscriptionId?.startsWith("sub_") && canPay && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setCancelling(true)}
                data-testid="subscription-cancel"
              >
                {t("cancel.button")}
              </Button>
            )}
          </CardBody>
        </Card>
        <Card className="overflow-hidden lg:col-span-2">
          <CardHeader>
            <CardTitle data-testid="invoices-title">
              {t("invoicesCount", { count: list.count ?? 0 })}
            </CardTitle>
          </CardHeader>
          <div className="max-h-[60vh] overflow-auto" onScroll={list.onScroll}>
            <DataTable
              {...list.table}
              columns={columns}
              rowKey={(i) => i.id}
              rowTestId={(i) => `invoice-row-${i.id}`}
              rowClass={(i) => (invoiceState(i) === "overdue" ? "bg-danger/5" : undefined)}
              testId="invoices-table"
              emptyState={
                <EmptyState
                  icon={<FileText />}
                  title={t("noInvoices")}
                  description={t("noInvoicesHint")}
                  className="py-12"
                />
              }
            />
          </div>
        </Card>
      </div>
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t("cancel.title")}
        description={t("cancel.message")}
        confirmLabel={t("cancel.confirm")}
        cancelLabel={t("common:actions.cancel")}
        loading={cancel.isPending}
        onConfirm={async () => {
          try {
            await cancel.mutateAsync(subscriptionId!);
            toastSuccess(t("cancel.done"));
          } catch (err) {
            toastError(err, { fallbackKey: "billing:cancel.error" });
          } finally {
            setCancelling(false);
          }
        }}
      />
    </div>
  );
}
