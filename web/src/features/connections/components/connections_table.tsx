import { useTranslation } from "react-i18next";
import { Pencil, Star, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { cn } from "../../../lib/utils.ts";
import type { ConnectionRecord, SessionAction } from "../api/connections.ts";
import { ChannelIcon } from "../../../components/ui/channel_icon.tsx";
import { SessionControls, StatusBadge } from "./status_controls.tsx";
import { ImportStatus } from "./import_status.tsx";
import { formatDateTime as dateTime } from "../../../lib/dates.ts";

type Props = {
  connections: ConnectionRecord[];
  busyId: number | null;
  onEdit: (c: ConnectionRecord) => void;
  onDelete: (c: ConnectionRecord) => void;
  onShowQr: (c: ConnectionRecord) => void;
  onAction: (c: ConnectionRecord, action: SessionAction) => void;
  onDisconnect: (c: ConnectionRecord) => void;
};

const th =
  "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase";
const td = "border-b border-line px-4 py-3";

const formatDateTime = (iso: string): string => dateTime(iso) || "—";

export function ConnectionsTable(props: Props) {
  const { connections, busyId, onEdit, onDelete, onShowQr, onAction, onDisconnect } = props;
  const { t } = useTranslation("connections");
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid="connections-table">
      <thead>
        <tr>
          <th className={th}>{t("table.name")}</th>
          <th className={th}>{t("table.status")}</th>
          <th className={th}>{t("table.session")}</th>
          <th className={cn(th, "hidden lg:table-cell")}>{t("table.updatedAt")}</th>
          <th className={cn(th, "hidden md:table-cell")}>{t("table.queues")}</th>
          <th className={cn(th, "text-right")}>{t("table.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {connections.map((c) => (
          <tr
            key={c.id}
            data-testid={`conn-row-${c.id}`}
            data-status={c.status}
            className="hover:bg-surface-2/60"
          >
            <td className={td}>
              <div className="flex items-center gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-surface-2">
                  <ChannelIcon channel={c.channel} className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 truncate font-medium text-ink">
                    {c.name}
                    {c.isDefault && (
                      <Tooltip content={t("table.default")}>
                        <Star
                          className="size-3.5 fill-amber-400 text-amber-400"
                          aria-label={t("table.default")}
                          data-testid="conn-default"
                        />
                      </Tooltip>
                    )}
                  </p>
                  <p className="truncate text-[13px] text-ink-muted">
                    {t(`channels.${c.channel}`)}
                    {c.number ? ` · ${c.number}` : ""}
                    {c.telegramBot ? ` · @${c.telegramBot.username}` : ""}
                    {c.emailSettings ? ` · ${c.emailSettings.fromAddress}` : ""}
                  </p>
                </div>
              </div>
            </td>
            <td className={td}>
              <StatusBadge status={c.status} />
              {c.lastError && (
                <p
                  className="mt-1 max-w-56 truncate text-xs text-danger"
                  title={c.lastError}
                  data-testid="conn-last-error"
                >
                  {t("table.lastError", { error: c.lastError })}
                </p>
              )}
            </td>
            <td className={td}>
              <div className="flex flex-wrap items-center gap-2">
                <SessionControls
                  connection={c}
                  busy={busyId === c.id}
                  onShowQr={() => onShowQr(c)}
                  onAction={(a) => onAction(c, a)}
                  onDisconnect={() => onDisconnect(c)}
                />
                <ImportStatus connection={c} />
              </div>
            </td>
            <td className={cn(td, "hidden text-ink-muted tabular-nums lg:table-cell")}>
              {c.updatedAt ? formatDateTime(c.updatedAt) : "—"}
            </td>
            <td className={cn(td, "hidden md:table-cell")}>
              <div className="flex flex-wrap gap-1.5">
                {(c.queues ?? []).length === 0 && <span className="text-ink-subtle">—</span>}
                {(c.queues ?? []).map((q) => (
                  <span key={q.id} className="inline-flex items-center gap-1.5 text-[13px] text-ink-muted">
                    <span className="size-2 rounded-full" style={{ backgroundColor: q.color }} />
                    {q.name}
                  </span>
                ))}
              </div>
            </td>
            <td className={td}>
              <div className="flex justify-end gap-1">
                <Tooltip content={t("actions.edit")}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("actions.edit")}
                    data-testid={`conn-edit-${c.id}`}
                    onClick={() => onEdit(c)}
                  >
                    <Pencil className="size-4" />
                  </Button>
                </Tooltip>
                <Tooltip content={t("actions.delete")}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("actions.delete")}
                    data-testid={`conn-delete-${c.id}`}
                    onClick={() => onDelete(c)}
                    className="hover:text-danger"
                  >
                    <Trash2 className="size-4" />
                  </Button>
                </Tooltip>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
