/**
 * A line in the conversation for what happened to the ticket: accepted, transferred,
 * resolved, reopened — from the ticket log (GET /tickets-log/{id}), placed among the messages by time.
 */
import { useTranslation } from "react-i18next";
import { ArrowRightLeft, CheckCircle2, RotateCcw, UserCheck } from "lucide-react";
import type { TicketLogEntry } from "@contract/tickets.ts";
import { fullDateTime } from "../../../../lib/format.ts";

/** The log types shown as lines. */
export const EVENT_TYPES = new Set(["open", "transfered", "closed", "reopen"]);

const ICONS = {
  open: UserCheck,
  transfered: ArrowRightLeft,
  closed: CheckCircle2,
  reopen: RotateCcw,
} as const;

export function EventLine({ e }: { e: TicketLogEntry }) {
  const { t } = useTranslation("inbox");
  const Icon = ICONS[e.type as keyof typeof ICONS] ?? CheckCircle2;
  const name = e.user?.name;
  const target = e.queue?.name;
  const text = e.type === "open"
    ? name ? t("events.open", { name }) : t("events.openNoUser")
    : e.type === "transfered"
    ? target
      ? t("events.transfered", { name: name ?? "—", target })
      : t("events.transferedNoQueue", { name: name ?? "—" })
    : e.type === "closed"
    ? name ? t("events.closed", { name }) : t("events.closedAuto")
    : t("events.reopen");
  return (
    <div className="flex justify-center px-4 py-1.5" data-testid={`event-line-${e.type}`} role="note">
      <span
        className={`inline-flex max-w-[90%] items-center gap-1.5 rounded-full px-3 py-1 text-[11.5px] font-medium shadow-xs ring-1 ${
          e.type === "closed"
            ? "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-400/10 dark:text-emerald-200 dark:ring-emerald-400/30"
            : "bg-surface/95 text-ink-muted ring-line"
        }`}
      >
        <Icon className="size-3.5 shrink-0" />
        <span className="min-w-0 truncate">{text}</span>
        <span className="shrink-0 tabular-nums text-ink-subtle">· {fullDateTime(e.createdAt)}</span>
      </span>
    </div>
  );
}
