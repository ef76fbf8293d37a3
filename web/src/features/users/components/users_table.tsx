import { useTranslation } from "react-i18next";
import { Pencil, Trash2 } from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { publicFileUrl } from "../../../lib/api.ts";
import type { User } from "../../../lib/types.ts";
import { cn } from "../../../lib/utils.ts";

type Props = { users: User[]; onEdit: (u: User) => void; onDelete: (u: User) => void };

const th =
  "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase";

export function UsersTable({ users, onEdit, onDelete }: Props) {
  const { t } = useTranslation("users");
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid="users-table">
      <thead>
        <tr>
          <th className={th}>{t("table.name")}</th>
          <th className={cn(th, "hidden md:table-cell")}>{t("table.profile")}</th>
          <th className={cn(th, "hidden lg:table-cell")}>{t("table.queues")}</th>
          <th className={cn(th, "hidden sm:table-cell")}>{t("table.hours")}</th>
          <th className={cn(th, "text-right")}>{t("table.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((u) => (
          <tr key={u.id} data-testid={`user-row-${u.id}`} className="group hover:bg-surface-2/60">
            <td className="border-b border-line px-4 py-3">
              <div className="flex items-center gap-3">
                <div className="relative">
                  <Avatar src={publicFileUrl(u.profileImage)} name={u.name} />
                  <span
                    title={u.online ? t("table.online") : t("table.offline")}
                    className={cn(
                      "absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-surface",
                      u.online ? "bg-success" : "bg-ink-subtle/50",
                    )}
                  />
                </div>
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink">{u.name}</p>
                  <p className="truncate text-[13px] text-ink-muted">{u.email}</p>
                </div>
              </div>
            </td>
            <td className="hidden border-b border-line px-4 py-3 md:table-cell">
              <div className="flex flex-wrap gap-1.5">
                <Badge tone={u.profile === "admin" ? "primary" : "neutral"}>
                  {t(`profiles.${u.profile}`)}
                </Badge>
                {u.super && <Badge tone="warning">{t("profiles.super")}</Badge>}
              </div>
            </td>
            <td className="hidden border-b border-line px-4 py-3 lg:table-cell">
              <div className="flex flex-wrap gap-1.5">
                {(u.queues ?? []).length === 0 && <span className="text-ink-subtle">—</span>}
                {(u.queues ?? []).map((q) => (
                  <span key={q.id} className="inline-flex items-center gap-1.5 text-[13px] text-ink-muted">
                    <span className="size-2 rounded-full" style={{ backgroundColor: q.color }} />
                    {q.name}
                  </span>
                ))}
              </div>
            </td>
            <td className="hidden border-b border-line px-4 py-3 text-ink-muted tabular-nums sm:table-cell">
              {u.startWork} – {u.endWork}
            </td>
            <td className="border-b border-line px-4 py-3">
              <div className="flex justify-end gap-1">
                <Tooltip content={t("actions.edit")}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("actions.edit")}
                    data-testid={`user-edit-${u.id}`}
                    onClick={() =>
                      onEdit(u)}
                  >
                    <Pencil className="size-4" />
                  </Button>
                </Tooltip>
                <Tooltip content={t("actions.delete")}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("actions.delete")}
                    data-testid={`user-delete-${u.id}`}
                    onClick={() =>
                      onDelete(u)}
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
