import { useTranslation } from "react-i18next";
import { Ban, Pencil, ShieldCheck, Trash2 } from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { cn } from "../../../lib/utils.ts";
import type { Contact } from "../api/contacts.ts";

type Props = {
  contacts: Contact[];
  canDelete: boolean;
  onEdit: (c: Contact) => void;
  onDelete: (c: Contact) => void;
  onBlock: (c: Contact) => void;
};

const th =
  "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase";

export function ContactsTable({ contacts, canDelete, onEdit, onDelete, onBlock }: Props) {
  const { t } = useTranslation("contacts");
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid="contacts-table">
      <thead>
        <tr>
          <th className={th}>{t("table.name")}</th>
          <th className={cn(th, "hidden md:table-cell")}>{t("table.email")}</th>
          <th className={cn(th, "hidden lg:table-cell")}>{t("table.tags")}</th>
          <th className={cn(th, "text-right")}>{t("table.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((c) => (
          <tr key={c.id} data-testid={`contact-row-${c.id}`} className="hover:bg-surface-2/60">
            <td className="border-b border-line px-4 py-3">
              <div className="flex items-center gap-3">
                <Avatar src={c.urlPicture} name={c.name} />
                <div className="min-w-0">
                  <p className="flex items-center gap-2 truncate font-medium text-ink">
                    {c.name}
                    {!c.active && <Badge tone="danger">{t("table.blocked")}</Badge>}
                  </p>
                  <p className="truncate text-[13px] text-ink-muted tabular-nums">{c.number}</p>
                </div>
              </div>
            </td>
            <td className="hidden border-b border-line px-4 py-3 text-ink-muted md:table-cell">
              {c.email || "—"}
            </td>
            <td className="hidden border-b border-line px-4 py-3 lg:table-cell">
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
            </td>
            <td className="border-b border-line px-4 py-3">
              <div className="flex justify-end gap-1">
                <Tooltip content={c.active ? t("actions.block") : t("actions.unblock")}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={c.active ? t("actions.block") : t("actions.unblock")}
                    data-testid={`contact-block-${c.id}`}
                    onClick={() =>
                      onBlock(c)}
                  >
                    {c.active ? <Ban className="size-4" /> : <ShieldCheck className="size-4" />}
                  </Button>
                </Tooltip>
                <Tooltip content={t("actions.edit")}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("actions.edit")}
                    data-testid={`contact-edit-${c.id}`}
                    onClick={() =>
                      onEdit(c)}
                  >
                    <Pencil className="size-4" />
                  </Button>
                </Tooltip>
                {canDelete && (
                  <Tooltip content={t("actions.delete")}>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t("actions.delete")}
                      data-testid={`contact-delete-${c.id}`}
                      onClick={() => onDelete(c)}
                      className="hover:text-danger"
                    >
                      <Trash2 className="size-4" />
                    </Button>
                  </Tooltip>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
