import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Eye, Plug } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/utils.ts";
import { type CompanyConnections, useAllConnections } from "../api/all_connections.ts";
import { ChannelIcon } from "../../../components/ui/channel_icon.tsx";
import { StatusBadge } from "./status_controls.tsx";

const th =
  "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase";
const td = "border-b border-line px-4 py-3";
const num = "text-right tabular-nums";

/** /allConnections (operator): per-company counts, a totals row and a details dialog. */
export function AllConnectionsScreen() {
  const { t } = useTranslation("connections");
  const query = useAllConnections();
  const [open, setOpen] = useState<CompanyConnections | null>(null);
  const groups = query.data ?? [];
  const sum = (k: "connected" | "disconnected" | "total") => groups.reduce((n, g) => n + g[k], 0);
  return (
    <div className="flex flex-col gap-6" data-testid="all-connections-page">
      <PageHeader
        title={t("all.title")}
        count={query.data ? sum("total") : undefined}
        description={t("all.description")}
      />
      <Card className="overflow-hidden">
        <div className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-auto">
          {query.isPending
            ? <PageSpinner />
            : query.isError
            ? <EmptyState icon={<Plug />} title={t("loadError")} />
            : groups.length === 0
            ? <EmptyState icon={<Plug />} title={t("all.empty")} />
            : (
              <table
                className="w-full border-separate border-spacing-0 text-sm"
                data-testid="all-connections-table"
              >
                <thead>
                  <tr>
                    <th className={th}>{t("all.company")}</th>
                    <th className={cn(th, num)}>{t("all.connected")}</th>
                    <th className={cn(th, num)}>{t("all.disconnected")}</th>
                    <th className={cn(th, num)}>{t("all.total")}</th>
                    <th className={cn(th, "text-right")}>{t("table.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {groups.map((g) => (
                    <tr key={g.id} data-testid={`all-conn-company-${g.id}`} className="hover:bg-surface-2/60">
                      <td className={cn(td, "font-medium text-ink")}>{g.name}</td>
                      <td className={cn(td, num, "text-success")}>{g.connected}</td>
                      <td className={cn(td, num, g.disconnected ? "text-danger" : "text-ink-muted")}>
                        {g.disconnected}
                      </td>
                      <td className={cn(td, num)}>{g.total}</td>
                      <td className={cn(td, "text-right")}>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() =>
                            setOpen(g)}
                          data-testid={`all-conn-details-${g.id}`}
                        >
                          <Eye className="size-4" />
                          {t("all.details")}
                        </Button>
                      </td>
                    </tr>
                  ))}
                  <tr className="bg-surface-2/60 font-semibold" data-testid="all-conn-totals">
                    <td className="px-4 py-3 text-ink">{t("all.totals")}</td>
                    <td className={cn("px-4 py-3", num, "text-success")}>{sum("connected")}</td>
                    <td className={cn("px-4 py-3", num, "text-danger")}>{sum("disconnected")}</td>
                    <td className={cn("px-4 py-3", num)}>{sum("total")}</td>
                    <td />
                  </tr>
                </tbody>
              </table>
            )}
        </div>
      </Card>
      {open && (
        <Dialog
          open
          onOpenChange={(o) => !o && setOpen(null)}
          title={t("all.detailsTitle", { name: open.name })}
        >
          {open.connections.length === 0
            ? <p className="text-sm text-ink-muted">{t("all.none")}</p>
            : (
              <ul className="flex flex-col divide-y divide-line" data-testid="all-conn-details">
                {open.connections.map((c) => (
                  <li key={c.id} className="flex items-center justify-between gap-3 py-2.5">
                    <span className="flex min-w-0 items-center gap-2.5">
                      <ChannelIcon channel={c.channel} className="size-4" />
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-medium text-ink">{c.name}</span>
                        <span className="block truncate text-xs text-ink-muted">
                          {t(`channels.${c.channel}`, { defaultValue: c.channel })}
                          {c.number ? ` · ${c.number}` : ""}
                        </span>
                      </span>
                    </span>
                    <StatusBadge status={c.status} />
                  </li>
                ))}
              </ul>
            )}
        </Dialog>
      )}
    </div>
  );
}
