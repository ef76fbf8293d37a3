import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatPhone } from "../../../lib/phone.ts";
import { Ban, CalendarClock, ShieldCheck } from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import type { Column } from "../../../components/ui/data_table.tsx";
import { IconAction, RowActions } from "../../../components/ui/row_actions.tsx";
import type { Contact } from "../api/contacts.ts";

type Handlers = {
  canDelete: boolean;
  onEdit: (c: Contact) => void;
  onDelete: (c: Contact) => void;
  onBlock: (c: Contact) => void;
  /** Opens the schedule dialog for the contact (only when the plan has schedules). */
  onSchedule?: (c: Contact) => void;
};

/** The columns of the contacts table: name and number, e-mail, tags and block/edit/delete. */
export function useContactColumns(
  { canDelete, onEdit, onDelete, onBlock, onSchedule }: Handlers,
): Column<Contact>[] {
  const { t } = useTranslation("contacts");
  return [
    {
      key: "name",
      header: t("table.name"),
      cell: (c) => (
        <div className="flex items-center gap-3">
          <Avatar src={c.urlPicture} name={c.name} />
          <div className="min-w-0">
            <p className="flex items-center gap-2 truncate font-medium text-ink">
              <Link
                to={`/contacts/${c.id}`}
                className="truncate hover:underline"
                data-testid={`contact-link-${c.id}`}
              >
                {c.name}
              </Link>
              {!c.active && <Badge tone="danger">{t("table.blocked")}</Badge>}
            </p>
            <p className="truncate text-[13px] text-ink-muted tabular-nums">{formatPhone(c.number)}</p>
          </div>
        </div>
      ),
    },
    {
      key: "email",
      header: t("table.email"),
      className: "hidden md:table-cell",
      cellClassName: "text-ink-muted",
      cell: (c) => c.email || "—",
    },
    {
      key: "tags",
      header: t("table.tags"),
      className: "hidden lg:table-cell",
      cell: (c) => (
        <div className="flex flex-wrap gap-1">
          {c.tags.length === 0 && <span className="text-ink-subtle">—</span>}
          {c.tags.map((tag) => (
            <span
              key={tag.id}
              className="rounded px-1.5 py-px text-[11px] font-semibold text-white"
              style={{ backgroundColor: tag.color }}
            >
              {tag.name}
            </span>
          ))}
        </div>
      ),
    },
    {
      key: "actions",
      header: t("table.actions"),
      headerClassName: "text-right",
      cell: (c) => (
        <RowActions
          edit={{ label: t("actions.edit"), onClick: () => onEdit(c), testId: `contact-edit-${c.id}` }}
          remove={canDelete
            ? { label: t("actions.delete"), onClick: () => onDelete(c), testId: `contact-delete-${c.id}` }
            : undefined}
        >
          {onSchedule && (
            <IconAction
              label={t("schedules:schedule")}
              icon={<CalendarClock className="size-4" />}
              onClick={() => onSchedule(c)}
              testId={`contact-schedule-${c.id}`}
            />
          )}
          <IconAction
            label={c.active ? t("actions.block") : t("actions.unblock")}
            icon={c.active ? <Ban className="size-4" /> : <ShieldCheck className="size-4" />}
            onClick={() => onBlock(c)}
            testId={`contact-block-${c.id}`}
          />
        </RowActions>
      ),
    },
  ];
}
