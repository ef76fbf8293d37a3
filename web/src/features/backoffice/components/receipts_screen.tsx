import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Eye, Receipt as ReceiptIcon, Search } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { IconAction } from "../../../components/ui/row_actions.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import { type Receipt, useBackofficeLive, useReceipts, useReviewReceipt } from "../api/backoffice.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { MorePager } from "./more_pager.tsx";

const TONE = { 1: "warning", 2: "success", 3: "danger" } as const;

export function estadoLabel(t: (k: string) => string, estado: number) {
  return estado === 1
    ? t("receipts.estado.1")
    : estado === 2
    ? t("receipts.estado.2")
    : estado === 3
    ? t("receipts.estado.3")
    : t("receipts.estado.unknown");
}

/** /recipts (operator): every company's proofs of payment; approve or deny in a dialog, live. */
export function ReceiptsScreen() {
  const { t } = useTranslation("backoffice");
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const [page, setPage] = useState(1);
  const query = useReceipts(debounced, page);
  const [viewing, setViewing] = useState<Receipt | null>(null);
  const review = useReviewReceipt();
  useBackofficeLive(me.companyId);

  const decide = async (r: Receipt, estado: 2 | 3) => {
    try {
      await review.mutateAsync({ id: r.id, estado, invoiceId: r.invoiceId, companyId: r.companyId });
      toastSuccess(t("receipts.reviewed"));
      setViewing(null);
    } catch (err) {
      toastError(err, { fallbackKey: "backoffice:receipts.updateError" });
    }
  };

  const columns: Column<Receipt>[] = [
    {
      key: "date",
      header: t("receipts.table.date"),
      cellClassName: "whitespace-nowrap",
      cell: (r) => formatDateTime(r.updatedAt),
    },
    {
      key: "company",
      header: t("receipts.table.company"),
      cellClassName: "font-medium text-ink",
      cell: (r) => r.company.name,
    },
    {
      key: "description",
      header: t("receipts.table.description"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-xs truncate",
      cell: (r) => r.descripcion,
    },
    {
      key: "estado",
      header: t("receipts.table.status"),
      cell: (r) => (
        <Badge tone={TONE[r.estado as 1 | 2 | 3] ?? "neutral"} data-testid={`receipt-estado-${r.id}`}>
          {estadoLabel(t, r.estado)}
        </Badge>
      ),
    },
    {
      key: "action",
      header: t("receipts.table.action"),
      headerClassName: "text-right",
      cell: (r) => (
        <div className="flex justify-end">
          <IconAction
            label={t("receipts.view")}
            icon={<Eye />}
            onClick={() => setViewing(r)}
            testId={`receipt-view-${r.id}`}
          />
        </div>
      ),
    },
  ];
  const count = query.data?.count ?? 0;

  return (
    <div className="flex flex-col gap-6" data-testid="receipts-page">
      <PageHeader
        title={t("receipts.title")}
        count={count}
        description={t("receipts.description")}
        actions={
          <div className="relative w-full sm:w-64">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
            <Input
              type="search"
              value={search}
              onChange={(e) => (setSearch(e.target.value), setPage(1))}
              placeholder={t("receipts.search")}
              aria-label={t("receipts.search")}
              className="pl-9"
            />
          </div>
        }
      />
      <Card className="overflow-hidden">
        <div className="overflow-x-auto">
          <DataTable
            columns={columns}
            rows={query.data?.receipts ?? []}
            loading={query.isPending}
            rowKey={(r) => r.id}
            rowTestId={(r) => `receipt-row-${r.id}`}
            testId="receipts-table"
            emptyState={<EmptyState icon={<ReceiptIcon />} title={t("receipts.empty")} />}
          />
        </div>
        <MorePager page={page} hasMore={query.data?.hasMore} onPage={setPage} />
      </Card>
      {viewing && (
        <Dialog
          open
          onOpenChange={(o) => !o && setViewing(null)}
          title={t("receipts.dialogTitle", { name: viewing.company.name })}
          className="max-w-2xl"
          footer={viewing.estado === 1
            ? (
              <>
                <Button
                  variant="secondary"
                  onClick={() => decide(viewing, 3)}
                  loading={review.isPending}
                  data-testid="receipt-deny"
                >
                  {t("receipts.deny")}
                </Button>
                <Button
                  onClick={() => decide(viewing, 2)}
                  loading={review.isPending}
                  data-testid="receipt-approve"
                >
                  {t("receipts.approve")}
                </Button>
              </>
            )
            : (
              <Badge tone={TONE[viewing.estado as 1 | 2 | 3] ?? "neutral"}>
                {estadoLabel(t, viewing.estado)}
              </Badge>
            )}
        >
          <div className="flex flex-col gap-4">
            <p className="text-sm whitespace-pre-wrap text-ink" data-testid="receipt-description">
              {viewing.descripcion}
            </p>
            <p className="text-sm text-ink-muted">
              {t("receipts.amount")}:{" "}
              <span className="font-medium text-ink tabular-nums">{viewing.totalPrice.toFixed(2)}</span>
            </p>
            {viewing.comprobante && (/\.pdf(\?|$)/i.test(viewing.comprobante.split("?")[0])
              ? (
                <a
                  className="text-sm text-primary-strong underline"
                  href={viewing.comprobante}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t("receipts.openPdf")}
                </a>
              )
              : (
                <img
                  src={viewing.comprobante}
                  alt={t("receipts.proof")}
                  className="max-h-[50vh] w-full rounded-lg border border-line object-contain"
                />
              ))}
          </div>
        </Dialog>
      )}
    </div>
  );
}
