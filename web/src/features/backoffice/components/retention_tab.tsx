/**
 * The operator's data tab (settings → Data rules): retention rules per plan and per company with
 * what the daily job removed, a company's full export on request, and the database backups.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Archive, DatabaseBackup, Pencil, Timer } from "lucide-react";
import type { TFunction } from "i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { type Column, DataTable } from "../../../components/ui/data_table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { IconAction } from "../../../components/ui/row_actions.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { ExportPanel } from "../../exports/index.ts";
import {
  type RetentionCompanyDTO,
  type RetentionRule,
  useBackupNow,
  useBackups,
  useRetention,
} from "../api/retention.ts";
import { RuleDialog } from "./rule_dialog.tsx";

type Editing = { target: "plans" | "companies"; id: number; name: string; rule: RetentionRule | null };

/** "messages 12 mo · closed media 30 d · audit 365 d", or "kept for ever". */
function summary(t: TFunction, r: RetentionRule | null): string {
  if (!r) return t("retention.forever");
  const parts: string[] = [];
  if (r.messagesMonths) {
    parts.push(
      t(r.mediaOnly ? "retention.sum.mediaMonths" : "retention.sum.messagesMonths", { n: r.messagesMonths }),
    );
  }
  if (r.closedMediaDays) parts.push(t("retention.sum.closedDays", { n: r.closedMediaDays }));
  if (r.auditDays) parts.push(t("retention.sum.auditDays", { n: r.auditDays }));
  return parts.length ? parts.join(" · ") : t("retention.forever");
}

function BackupsCard() {
  const { t } = useTranslation("backoffice");
  const q = useBackups();
  const now = useBackupNow();
  const v = q.data;
  return (
    <Card className="mt-5" data-testid="backups-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <DatabaseBackup className="size-4 text-primary-strong" />
          {t("backups.title")}
        </CardTitle>
        <CardDescription>
          {v?.enabled ? t("backups.description", { hours: v.keepHours, days: v.keepDays }) : t("backups.off")}
        </CardDescription>
      </CardHeader>
      <CardBody className="flex flex-col gap-3">
        <div>
          <Button
            variant="secondary"
            disabled={!v?.enabled}
            loading={now.isPending}
            onClick={() =>
              now.mutate(undefined, {
                onSuccess: (r) => toastSuccess(t("backups.done", { name: r.name })),
                onError: (err) => toastError(err),
              })}
            data-testid="backup-now"
          >
            <DatabaseBackup className="size-4" />
            {t("backups.now")}
          </Button>
        </div>
        {v?.backups.length
          ? (
            <ul className="flex flex-col gap-1 text-sm" data-testid="backup-list">
              {v.backups.slice(0, 8).map((b) => (
                <li key={b.name} className="flex flex-wrap justify-between gap-2 text-ink-muted">
                  <span className="font-mono text-xs break-all text-ink">{b.name}</span>
                  <span className="text-xs tabular-nums">{(b.size / 1024 / 1024).toFixed(1)} MB</span>
                </li>
              ))}
            </ul>
          )
          : <p className="text-sm text-ink-muted">{t("backups.none")}</p>}
      </CardBody>
    </Card>
  );
}

export function RetentionTab() {
  const { t } = useTranslation("backoffice");
  const q = useRetention();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [exporting, setExporting] = useState<RetentionCompanyDTO | null>(null);
  const plans = q.data?.plans ?? [];

  const columns: Column<RetentionCompanyDTO>[] = [
    {
      key: "name",
      header: t("retention.table.company"),
      cell: (c) => (
        <div className="flex flex-col">
          <span className="font-medium text-ink">{c.name}</span>
          <span className="text-xs text-ink-muted">{summary(t, c.effective)}</span>
          {c.rule ? <span className="text-xs text-warning">{t("retention.ownRule")}</span> : null}
          <span className="text-xs text-ink-subtle md:hidden">
            {t("retention.counts", {
              messages: c.counts.messagesDeleted,
              media: c.counts.mediaDeleted,
              audit: c.counts.auditDeleted,
            })}
          </span>
        </div>
      ),
    },
    {
      key: "counts",
      header: t("retention.table.removed"),
      className: "hidden md:table-cell",
      cellClassName: "text-xs text-ink-muted tabular-nums",
      cell: (c) => (
        <span data-testid={`retention-counts-${c.id}`}>
          {t("retention.counts", {
            messages: c.counts.messagesDeleted,
            media: c.counts.mediaDeleted,
            audit: c.counts.auditDeleted,
          })}
        </span>
      ),
    },
    {
      key: "last",
      header: t("retention.table.lastRun"),
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap text-xs text-ink-muted",
      cell: (c) => c.counts.lastRunAt ? formatDateTime(c.counts.lastRunAt) : "—",
    },
    {
      key: "actions",
      header: t("retention.table.actions"),
      headerClassName: "text-right",
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <IconAction
            label={t("retention.edit")}
            icon={<Pencil className="size-4" />}
            onClick={() => setEditing({ target: "companies", id: c.id, name: c.name, rule: c.rule })}
            testId={`retention-edit-${c.id}`}
          />
          <IconAction
            label={t("retention.export")}
            icon={<Archive className="size-4" />}
            onClick={() => setExporting(c)}
            testId={`company-export-${c.id}`}
          />
        </div>
      ),
    },
  ];

  return (
    <div data-testid="retention-tab">
      <Card className="mt-5">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Timer className="size-4 text-primary-strong" />
            {t("retention.title")}
          </CardTitle>
          <CardDescription>{t("retention.description")}</CardDescription>
        </CardHeader>
        <CardBody className="flex flex-col gap-2">
          <h3 className="text-[13px] font-semibold text-ink-muted">{t("retention.plans")}</h3>
          <ul className="divide-y divide-line rounded-lg border border-line" data-testid="retention-plans">
            {plans.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="flex min-w-0 flex-col">
                  <span className="text-sm font-medium text-ink">{p.name}</span>
                  <span className="text-xs text-ink-muted">{summary(t, p.rule)}</span>
                </div>
                <IconAction
                  label={t("retention.edit")}
                  icon={<Pencil className="size-4" />}
                  onClick={() => setEditing({ target: "plans", id: p.id, name: p.name, rule: p.rule })}
                  testId={`retention-plan-edit-${p.id}`}
                />
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>
      <Card className="mt-5 overflow-hidden">
        <DataTable
          columns={columns}
          rows={q.data?.companies ?? []}
          rowKey={(c) => c.id}
          rowTestId={(c) => `retention-company-${c.id}`}
          loading={q.isPending}
          error={q.isError}
          testId="retention-companies"
          emptyState={<EmptyState icon={<Timer />} title={t("retention.noCompanies")} />}
        />
      </Card>
      <BackupsCard />
      {editing ? <RuleDialog {...editing} onClose={() => setEditing(null)} /> : null}
      {exporting
        ? (
          <Dialog
            open
            onOpenChange={(o) => !o && setExporting(null)}
            title={t("retention.exportTitle", { name: exporting.name })}
            description={t("settings:dataExport.description")}
          >
            <ExportPanel companyId={exporting.id} embedded />
          </Dialog>
        )
        : null}
    </div>
  );
}
