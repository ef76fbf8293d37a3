import { useTranslation } from "react-i18next";
import { History } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../../components/ui/empty_state.tsx";
import { PageSpinner } from "../../../../components/ui/spinner.tsx";
import { useTicketLog } from "../../api/lookups.ts";
import { fullDateTime } from "../../../../lib/format.ts";
import { TICKET_LOG_TYPES } from "@contract/tickets.ts";

const KNOWN = new Set<string>(TICKET_LOG_TYPES);

/** The ticket's history: who did what, in which queue, when. */
export function TicketLogDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const { t } = useTranslation("tickets");
  const log = useTicketLog(ticketId, true);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("log.title")}
      footer={<Button variant="secondary" onClick={onClose}>{t("common:actions.close")}</Button>}
    >
      {log.isPending
        ? <PageSpinner />
        : !log.data?.length
        ? <EmptyState icon={<History />} title={t("log.empty")} />
        : (
          <ol className="relative flex flex-col gap-4 border-l border-line pl-5" data-testid="ticket-log">
            {log.data.map((e) => (
              <li key={e.id} className="relative">
                <span className="absolute top-1.5 -left-[25px] size-2.5 rounded-full bg-primary ring-4 ring-surface" />
                <p className="text-sm font-medium text-ink">
                  {KNOWN.has(e.type) ? t(`log.types.${e.type}`) : e.type}
                </p>
                {e.detail && (
                  <p
                    className={e.type === "integrationError" ? "text-xs text-danger" : "text-xs text-ink"}
                    data-testid="ticket-log-detail"
                  >
                    {e.detail}
                  </p>
                )}
                <p className="text-xs text-ink-muted">
                  {[e.user?.name, e.queue?.name, fullDateTime(e.createdAt)].filter(Boolean).join(" · ")}
                </p>
              </li>
            ))}
          </ol>
        )}
    </Dialog>
  );
}
