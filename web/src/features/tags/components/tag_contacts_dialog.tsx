import { useTranslation } from "react-i18next";
import { UserMinus, Users } from "lucide-react";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useRemoveTagContact, useTag } from "../api/tags.ts";

/** The contacts carrying a tag; the tag can be taken off any of them. */
export function TagContactsDialog({ tagId, onClose }: { tagId: number; onClose: () => void }) {
  const { t } = useTranslation("tags");
  const tag = useTag(tagId);
  const remove = useRemoveTagContact(tagId);
  const contacts = tag.data?.contacts ?? [];
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("contacts.title", { name: tag.data?.name ?? "" })}
      footer={<Button variant="secondary" onClick={onClose}>{t("common:actions.close")}</Button>}
    >
      {tag.isPending
        ? <PageSpinner />
        : contacts.length === 0
        ? <EmptyState icon={<Users />} title={t("contacts.empty")} />
        : (
          <ul className="flex flex-col" data-testid="tag-contacts">
            {contacts.map((c) => (
              <li key={c.id} className="flex items-center gap-3 border-b border-line py-2.5 last:border-0">
                <Avatar name={c.name} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink">{c.name}</span>
                  <span className="block truncate text-xs text-ink-muted">{c.number}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger"
                  data-testid={`tag-contact-remove-${c.id}`}
                  onClick={async () => {
                    try {
                      await remove.mutateAsync(c.id);
                      toastSuccess(t("toasts.contactRemoved"));
                    } catch (err) {
                      toastError(err);
                    }
                  }}
                >
                  <UserMinus className="size-4" />
                  {t("contacts.remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
    </Dialog>
  );
}
