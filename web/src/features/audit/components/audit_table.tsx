import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/ui/data_table.tsx";
import { formatDateTimeSeconds } from "../../../lib/dates.ts";
import type { AuditEntry } from "../api.ts";

const show = (v: unknown) =>
  v === null || v === undefined || v === "" ? "∅" : typeof v === "string" ? v : JSON.stringify(v);

/** `{field: [before, after]}` as "field: before → after"; `{field: value}` as "field: value". */
export function DiffList({ diff }: { diff: Record<string, unknown> | null }) {
  if (!diff) return <span className="text-ink-subtle">—</span>;
  return (
    <ul className="flex max-w-md flex-col gap-0.5 text-xs" data-testid="audit-diff">
      {Object.entries(diff).map(([k, v]) => (
        <li key={k} className="truncate" title={Array.isArray(v) ? `${show(v[0])} → ${show(v[1])}` : show(v)}>
          <span className="font-medium text-ink">{k}</span>
          <span className="text-ink-muted">
            : {Array.isArray(v) && v.length === 2 ? `${show(v[0])} → ${show(v[1])}` : show(v)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function useAuditColumns({ withCompany }: { withCompany: boolean }): Column<AuditEntry>[] {
  const { t } = useTranslation("audit");
  const columns: Column<AuditEntry>[] = [
    {
      key: "date",
      header: t("columns.date"),
      className: "hidden sm:table-cell",
      cell: (r) => (
        <span className="whitespace-nowrap text-ink-muted">{formatDateTimeSeconds(r.createdAt)}</span>
      ),
    },
    {
      key: "user",
      header: t("columns.user"),
      cell: (r) => (
        <div className="flex max-w-[9rem] min-w-0 flex-col sm:max-w-none">
          <span className="truncate font-medium">{r.userName ?? t("anonymous")}</span>
          {r.userEmail && <span className="truncate text-xs text-ink-subtle">{r.userEmail}</span>}
          {/* The date column is hidden on phones. */}
          <span className="text-xs text-ink-subtle sm:hidden">{formatDateTimeSeconds(r.createdAt)}</span>
        </div>
      ),
    },
    {
      key: "action",
      header: t("columns.action"),
      cell: (r) => (
        <div className="flex max-w-[12rem] flex-col break-words sm:max-w-none">
          <span className="font-medium" data-testid="audit-action">
            {t(`actions.${r.action}`, { defaultValue: r.action })}
          </span>
          <span className="text-xs text-ink-subtle">
            {t(`entities.${r.entity}`, { defaultValue: r.entity })}
            {r.entityId ? ` #${r.entityId}` : ""}
            {r.summary && r.summary !== r.entityId ? ` · ${r.summary}` : ""}
          </span>
          {/* Narrow screens hide the changes column: the changes follow the action. */}
          {r.diff && (
            <div className="mt-1 md:hidden">
              <DiffList diff={r.diff} />
            </div>
          )}
        </div>
      ),
    },
    {
      key: "diff",
      header: t("columns.changes"),
      className: "hidden md:table-cell",
      cell: (r) => <DiffList diff={r.diff} />,
    },
    {
      key: "ip",
      header: t("columns.ip"),
      className: "hidden lg:table-cell",
      cell: (r) => (
        <span className="font-mono text-xs text-ink-muted" title={r.userAgent ?? ""}>{r.ip ?? "—"}</span>
      ),
    },
  ];
  if (withCompany) {
    columns.splice(1, 0, {
      key: "company",
      header: t("columns.company"),
      className: "hidden sm:table-cell",
      cell: (r) => <span className="text-ink-muted">{r.companyName ?? t("noCompany")}</span>,
    });
  }
  return columns;
}
