import { useTranslation } from "react-i18next";
import { CheckCircle2, CornerUpLeft, Lock, Pencil, PenLine, RotateCcw, Send, Trash2, X } from "lucide-react";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { cn } from "../../../../lib/utils.ts";
import { Button } from "../../../../components/ui/button.tsx";
import type { MessageDTO as Message } from "@contract/messages.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { useTicketFlows } from "../ticket_flows.tsx";

/** The reply or edit strip above the text box. */
export function ModeBanner(
  { reply, edit, onClear }: { reply: Message | null; edit: Message | null; onClear: () => void },
) {
  const { t } = useTranslation("tickets");
  const m = edit ?? reply;
  if (!m) return null;
  return (
    <div
      className="mb-2 flex items-center gap-3 rounded-xl border-l-4 border-primary bg-surface-2 px-3 py-2"
      data-testid={edit ? "edit-banner" : "reply-banner"}
    >
      {edit
        ? <Pencil className="size-4 text-primary-strong" />
        : <CornerUpLeft className="size-4 text-primary-strong" />}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-primary-strong">
          {edit
            ? t("composer.editing")
            : t("composer.replyingTo", { name: m.fromMe ? t("message.you") : m.contact?.name ?? "" })}
        </p>
        <p className="truncate text-[13px] text-ink-muted">{m.body || m.mediaName}</p>
      </div>
      <Button variant="ghost" size="icon-sm" aria-label={t("common:actions.cancel")} onClick={onClear}>
        <X className="size-4" />
      </Button>
    </div>
  );
}

/** Pending or closed tickets cannot be answered: say why and offer the way forward. */
export function ComposerLocked({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation("tickets");
  const flows = useTicketFlows();
  return (
    <div
      className="flex shrink-0 items-center justify-center gap-3 border-t border-line bg-surface px-4 py-3.5"
      data-testid="composer-locked"
    >
      <Lock className="size-4 text-ink-subtle" />
      <p className="text-sm text-ink-muted">
        {ticket.status === "closed" ? t("composer.lockedClosed") : t("composer.lockedPending")}
      </p>
      {ticket.status === "pending" && (
        <Button
          size="sm"
          onClick={() => flows.accept(ticket)}
          loading={flows.busy}
        >
          <CheckCircle2 className="size-4" />
          {t("actions.accept")}
        </Button>
      )}
      {ticket.status === "closed" && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => flows.reopen(ticket)}
          loading={flows.busy}
        >
          <RotateCcw className="size-4" />
          {t("actions.reopen")}
        </Button>
      )}
    </div>
  );
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/** The running voice recording: discard, timer, send. */
export function RecorderBar(
  { seconds, onCancel, onSend }: { seconds: number; onCancel: () => void; onSend: () => void },
) {
  const { t } = useTranslation("tickets");
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-surface-2 px-3 py-2" data-testid="recorder">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t("composer.cancelRecording")}
        onClick={onCancel}
        data-testid="recorder-cancel"
      >
        <Trash2 className="size-4 text-danger" />
      </Button>
      <span className="size-2.5 animate-pulse rounded-full bg-danger" />
      <span className="flex-1 text-sm font-medium text-ink tabular-nums">{mmss(seconds)}</span>
      <Button
        size="icon-sm"
        aria-label={t("composer.sendRecording")}
        onClick={onSend}
        data-testid="recorder-send"
      >
        <Send className="size-4" />
      </Button>
    </div>
  );
}

/** Private-note and signature toggles. */
export function ComposerToggles(
  { isPrivate, onPrivate, sign, onSign }: {
    isPrivate: boolean;
    onPrivate: () => void;
    sign: boolean;
    onSign: () => void;
  },
) {
  const { t } = useTranslation("tickets");
  return (
    <>
      <Tooltip content={isPrivate ? t("composer.privateOn") : t("composer.privateOff")}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-pressed={isPrivate}
          aria-label={t("composer.privateToggle")}
          onClick={onPrivate}
          data-testid="composer-private"
          className={cn(
            isPrivate &&
              "bg-amber-100 text-amber-700 hover:bg-amber-100 dark:bg-amber-400/20 dark:text-amber-300",
          )}
        >
          <Lock className="size-4" />
        </Button>
      </Tooltip>
      <Tooltip content={sign ? t("composer.signOn") : t("composer.signOff")}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-pressed={sign}
          aria-label={t("composer.signToggle")}
          onClick={onSign}
          data-testid="composer-sign"
          className={cn(sign && "text-primary-strong")}
        >
          <PenLine className="size-4" />
        </Button>
      </Tooltip>
    </>
  );
}
