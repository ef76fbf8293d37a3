import { useTranslation } from "react-i18next";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import type { Column } from "../../../components/ui/data_table.tsx";
import { RowActions } from "../../../components/ui/row_actions.tsx";
import { publicFileUrl } from "../../../lib/api.ts";
import type { UserDTO as User } from "@contract/users.ts";
import { cn } from "../../../lib/utils.ts";

/** The columns of the users table: name with presence, profile, queues, hours and actions. */
export function useUserColumns(
  { onEdit, onDelete }: { onEdit: (u: User) => void; onDelete: (u: User) => void },
): Column<User>[] {
  const { t } = useTranslation("users");
  return [
    {
      key: "name",
      header: t("table.name"),
      cell: (u) => (
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
      ),
    },
    {
      key: "profile",
      header: t("table.profile"),
      className: "hidden md:table-cell",
      cell: (u) => (
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={u.profile === "admin" ? "primary" : "neutral"}>
            {t(`profiles.${u.profile}`)}
          </Badge>
          {u.super && <Badge tone="warning">{t("profiles.super")}</Badge>}
        </div>
      ),
    },
    {
      key: "queues",
      header: t("table.queues"),
      className: "hidden lg:table-cell",
      cell: (u) => (
        <div className="flex flex-wrap gap-1.5">
          {(u.queues ?? []).length === 0 && <span className="text-ink-subtle">—</span>}
          {(u.queues ?? []).map((q) => (
            <span key={q.id} className="inline-flex items-center gap-1.5 text-[13px] text-ink-muted">
              <span className="size-2 rounded-full" style={{ backgroundColor: q.color }} />
              {q.name}
            </span>
          ))}
        </div>
      ),
    },
    {
      key: "hours",
      header: t("table.hours"),
      className: "hidden sm:table-cell",
      cellClassName: "text-ink-muted tabular-nums",
      cell: (u) => <>{u.startWork} – {u.endWork}</>,
    },
    {
      key: "actions",
      header: t("table.actions"),
      headerClassName: "text-right",
      cell: (u) => (
        <RowActions
          edit={{ label: t("actions.edit"), onClick: () => onEdit(u), testId: `user-edit-${u.id}` }}
          remove={{ label: t("actions.delete"), onClick: () => onDelete(u), testId: `user-delete-${u.id}` }}
        />
      ),
    },
  ];
}
