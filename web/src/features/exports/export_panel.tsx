/**
 * A company's full export: ask for one, watch it being built, download it when ready (the link is
 * signed and short-lived, so it is read fresh with the list). The admin sees their own company's;
 * the operator opens the same panel for any company from the back office.
 */
import { useTranslation } from "react-i18next";
import { Archive, Download } from "lucide-react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { toastError } from "../../lib/toast.ts";
import { type CompanyExport, useCompanyExports, useRequestExport } from "./api.ts";

const TONE = {
  pending: "neutral",
  running: "primary",
  done: "success",
  failed: "danger",
  expired: "neutral",
} as const;

function size(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ExportRow({ e }: { e: CompanyExport }) {
  const { t } = useTranslation("settings");
  const pct = e.total > 0 ? Math.min(100, Math.round((e.done / e.total) * 100)) : 0;
  const building = e.status === "pending" || e.status === "running";
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={`export-row-${e.id}`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-ink">{formatDateTime(e.createdAt)}</span>
          <Badge tone={TONE[e.status]} data-testid={`export-status-${e.id}`}>
            {t(`dataExport.status.${e.status}`)}
          </Badge>
          {e.byOperator ? <Badge tone="warning">{t("dataExport.byOperator")}</Badge> : null}
        </div>
        <span className="truncate text-xs text-ink-muted">
          {t("dataExport.requestedBy", { name: e.requestedByName || "—" })}
          {e.size !== null ? ` · ${size(e.size)}` : ""}
        </span>
        {building
          ? (
            <div className="flex items-center gap-2" aria-label={t("dataExport.progress", { pct })}>
              <div className="h-1.5 w-40 overflow-hidden rounded-full bg-surface-2">
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${pct}%` }}
                />
              </div>
              <span className="text-xs text-ink-muted tabular-nums" data-testid={`export-progress-${e.id}`}>
                {pct}%
              </span>
            </div>
          )
          : null}
        {e.status === "failed" ? <span className="text-xs text-danger">{t("dataExport.failed")}</span> : null}
      </div>
      {e.status === "done" && e.url
        ? (
          <Button asChild variant="secondary" size="sm">
            <a href={e.url} download data-testid={`export-download-${e.id}`}>
              <Download className="size-4" />
              {t("dataExport.download")}
            </a>
          </Button>
        )
        : null}
    </li>
  );
}

/** `companyId` null: the signed-in admin's own company. */
export function ExportPanel(
  { companyId = null, embedded = false }: { companyId?: number | null; embedded?: boolean },
) {
  const { t } = useTranslation("settings");
  const list = useCompanyExports(companyId);
  const ask = useRequestExport(companyId);
  const building = list.data?.some((e) => e.status === "pending" || e.status === "running");
  const body = (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => ask.mutate(undefined, { onError: (err) => toastError(err) })}
          loading={ask.isPending}
          disabled={building}
          data-testid="export-request"
        >
          <Archive className="size-4" />
          {building ? t("dataExport.building") : t("dataExport.request")}
        </Button>
        <span className="text-xs text-ink-subtle">{t("dataExport.keep")}</span>
      </div>
      {list.data?.length
        ? (
          <ul className="mt-2 divide-y divide-line" data-testid="export-list">
            {list.data.map((e) => <ExportRow key={e.id} e={e} />)}
          </ul>
        )
        : <p className="mt-4 text-sm text-ink-muted">{t("dataExport.none")}</p>}
    </>
  );
  if (embedded) return <div data-testid="export-panel">{body}</div>;
  return (
    <Card className="mt-5" data-testid="export-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Archive className="size-4 text-primary-strong" />
          {t("dataExport.title")}
        </CardTitle>
        <CardDescription>{t("dataExport.description")}</CardDescription>
      </CardHeader>
      <CardBody>{body}</CardBody>
    </Card>
  );
}
