import { useTranslation } from "react-i18next";
import { TriangleAlert } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import type { OpenTicketInfo } from "../../api/update_ticket.ts";

/** 'Ticket already open': names the attendant and queue holding it, or says it is waiting. */
export function AlreadyOpenDialog({ info, onClose }: { info: OpenTicketInfo; onClose: () => void }) {
  const { t } = useTranslation("tickets");
  const text = info.user?.name
    ? t("alreadyOpen.withUser", { user: info.user.name, queue: info.queue?.name ?? t("list.noQueue") })
    : t("alreadyOpen.waiting", { queue: info.queue?.name ?? t("list.noQueue") });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("alreadyOpen.title")}
      footer={<Button onClick={onClose}>{t("common:actions.close")}</Button>}
    >
      <div className="flex gap-3" data-testid="already-open">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-warning/10 text-warning">
          <TriangleAlert className="size-5" />
        </div>
        <p className="pt-2 text-sm text-ink-muted">{text}</p>
      </div>
    </Dialog>
  );
}
