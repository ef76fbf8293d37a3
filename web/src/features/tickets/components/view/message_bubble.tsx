import { memo } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertCircle,
  Ban,
  ChevronDown,
  CornerUpLeft,
  Forward,
  Languages,
  Lock,
  Pencil,
  RotateCw,
  Trash2,
} from "lucide-react";
import { Checkbox } from "../../../../components/ui/checkbox.tsx";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../../../components/ui/dropdown_menu.tsx";
import { cn } from "../../../../lib/utils.ts";
import { describeStoredError } from "../../../../lib/server_errors.ts";
import { canDelete, canEdit, useRetryMessage, useWholeMessage } from "../../api/messages.ts";
import type { MessageDTO as Message } from "@contract/messages.ts";
import { clockTime } from "../../../../lib/format.ts";
import { AckIcon } from "./ack_icon.tsx";
import { bodyIsCaption, MessageMedia } from "./message_media.tsx";
import { WaText } from "../wa_text.tsx";
import { useMessageTranslation } from "../../../ai_assist/index.ts";
import { MailHtml } from "./mail_html.tsx";

export type BubbleActions = {
  onReply: (m: Message) => void;
  onEdit: (m: Message) => void;
  onDelete: (m: Message) => void;
  onForward: (m: Message) => void;
};

type Props = BubbleActions & {
  m: Message;
  meId: number;
  showSender: boolean;
  selecting: boolean;
  selected: boolean;
  onToggleSelect: (m: Message) => void;
  /** The search's words, marked in the text of the message opened from a search result. */
  highlight?: string[];
};

/** The send error of a message handed over just before the server stopped (not resent). */
const SEND_UNCERTAIN = "ERR_SEND_UNCERTAIN";

/**
 * One of ours the provider did not deliver (or may not have: SEND_UNCERTAIN): its reason, and a
 * way to send it again.
 */
function SendFailure({ m }: { m: Message }) {
  const { t } = useTranslation("tickets");
  const retry = useRetryMessage();
  // The channel refused an edit or a delete: the customer has the message, nothing to send again.
  const changeFailed = /^ERR_(EDIT|DELETE)_WAPP_MSG\b/.test(m.sendError ?? "");
  return (
    <div
      className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 border-t border-danger/20 pt-1 text-[11.5px] text-danger"
      data-testid={`message-failed-${m.id}`}
      role="alert"
    >
      <AlertCircle className="size-3.5 shrink-0" />
      <span className="min-w-0 flex-1 break-words">
        {m.sendError === SEND_UNCERTAIN
          ? (
            <>
              <strong>{t("message.uncertain")}</strong> · {t("message.uncertainHint")}
            </>
          )
          : changeFailed
          ? describeStoredError(m.sendError)
          : (
            <>
              <strong>{t("message.failed")}</strong> · {describeStoredError(m.sendError)}
            </>
          )}
      </span>
      {!changeFailed && (
        <button
          type="button"
          disabled={retry.isPending}
          onClick={(e) => {
            e.stopPropagation();
            retry.mutate(m.id);
          }}
          className="inline-flex cursor-pointer items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold hover:bg-danger/10 disabled:opacity-60"
        >
          <RotateCw className={cn("size-3", retry.isPending && "animate-spin")} />
          {retry.isPending ? t("message.retrying") : t("message.retry")}
        </button>
      )}
    </div>
  );
}

export const MessageBubble = memo(function MessageBubble(props: Props) {
  const { meId, showSender, selecting, selected, onToggleSelect, highlight } = props;
  // A frame's preview of a long text becomes the whole text once fetched (for editing too).
  const m = useWholeMessage(props.m);
  const { t } = useTranslation("tickets");
  const translation = useMessageTranslation(m, bodyIsCaption(m) && !!m.body?.trim());
  const mine = m.fromMe;
  if (m.mediaType === "reactionMessage") {
    return (
      <div
        className={cn("flex px-4", mine ? "justify-end" : "justify-start")}
        data-testid={`message-${m.id}`}
      >
        <span className="rounded-full bg-surface px-2 py-0.5 text-lg shadow-xs ring-1 ring-line">
          {m.body}
        </span>
      </div>
    );
  }
  const actions = !m.isPrivate || canDelete(m, meId);
  return (
    <div
      data-testid={`message-${m.id}`}
      data-private={m.isPrivate || undefined}
      data-from-me={mine || undefined}
      className={cn("group flex items-start gap-2 px-4 py-0.5", mine ? "justify-end" : "justify-start")}
      onClick={selecting ? () => onToggleSelect(m) : undefined}
    >
      {selecting && !m.isPrivate && (
        <Checkbox
          checked={selected}
          className="mt-3"
          aria-label={t("forward.select")}
          onClick={(e) => e.stopPropagation()}
          onCheckedChange={() => onToggleSelect(m)}
        />
      )}
      <div
        className={cn(
          "relative max-w-[min(78%,560px)] rounded-2xl px-3 pt-2 pb-1.5 text-[14px] leading-relaxed shadow-xs",
          m.isPrivate
            ? "rounded-tr-md border border-amber-300/70 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
            : mine
            ? "rounded-tr-md bg-[color-mix(in_oklab,var(--brand)_22%,var(--surface))] text-ink"
            : "rounded-tl-md bg-surface text-ink ring-1 ring-line/60",
          m.isDeleted && "opacity-70",
          highlight && "ring-2 ring-amber-400",
        )}
        data-search-match={highlight ? "true" : undefined}
      >
        {m.isPrivate && (
          <p className="mb-1 flex items-center gap-1 text-[11.5px] font-semibold text-amber-700 dark:text-amber-300">
            <Lock className="size-3" />
            {t("message.private")}
            {m.user?.name && <span className="font-normal">· {m.user.name}</span>}
          </p>
        )}
        {showSender && !mine && m.contact?.name && (
          <p className="mb-0.5 text-[12px] font-semibold text-primary-strong">{m.contact.name}</p>
        )}
        {m.isForwarded && (
          <p className="mb-1 flex items-center gap-1 text-[11.5px] text-ink-subtle italic">
            <Forward className="size-3" />
            {t("message.forwarded")}
          </p>
        )}
        {m.quotedMsg && (
          <div
            className="mb-1.5 rounded-lg border-l-4 border-primary bg-ink/5 px-2.5 py-1.5 text-[12.5px]"
            data-testid="quoted"
          >
            <p className="font-semibold text-primary-strong">
              {m.quotedMsg.fromMe ? t("message.you") : m.quotedMsg.contact?.name ?? t("message.contact")}
            </p>
            <p className="line-clamp-2 text-ink-muted">
              {m.quotedMsg.body
                ? <WaText text={m.quotedMsg.body} />
                : t(`media.${m.quotedMsg.mediaType ?? "document"}`, t("media.document"))}
            </p>
          </div>
        )}
        <MessageMedia m={m} />
        {bodyIsCaption(m) && m.body && (() => {
          const text = (
            <p
              className={cn(
                "break-words whitespace-pre-wrap",
                m.mediaUrl && "mt-1.5",
                m.isDeleted && "line-through",
              )}
            >
              <WaText text={m.body} highlight={highlight} />
              {m.bodyTruncated && <span data-testid="message-preview">…</span>}
            </p>
          );
          // An e-mail with HTML shows as sent (a search's marks stay on the text).
          return m.hasHtml && !m.isDeleted && !highlight ? <MailHtml m={m} fallback={text} /> : text;
        })()}
        {translation.element}
        <div className="mt-0.5 flex items-center justify-end gap-1.5 text-[11px] text-ink-subtle">
          {m.isDeleted && (
            <span className="flex items-center gap-1 italic" data-testid="message-deleted">
              <Ban className="size-3" />
              {t("message.deleted")}
            </span>
          )}
          {m.isEdited && !m.isDeleted && <span className="italic">{t("message.edited")}</span>}
          <span className="tabular-nums">{clockTime(m.createdAt)}</span>
          {mine && !m.isPrivate && <AckIcon ack={m.ack} audio={m.mediaType === "audio"} />}
        </div>
        {mine && !m.isPrivate && !m.isDeleted && m.sendError && <SendFailure m={m} />}
        {!selecting && actions && !m.isDeleted && (
          <Menu>
            <MenuTrigger asChild>
              <button
                type="button"
                aria-label={t("message.actions")}
                data-testid={`message-actions-${m.id}`}
                className="absolute top-1 right-1 flex size-6 cursor-pointer items-center justify-center rounded-full bg-surface/90 text-ink-subtle opacity-0 shadow-xs transition-opacity group-hover:opacity-100 focus:opacity-100 data-[state=open]:opacity-100"
              >
                <ChevronDown className="size-4" />
              </button>
            </MenuTrigger>
            <MenuContent align={mine ? "end" : "start"}>
              {!m.isPrivate && (
                <MenuItem onSelect={() => props.onReply(m)}>
                  <CornerUpLeft />
                  {t("message.reply")}
                </MenuItem>
              )}
              {translation.available && (
                <MenuItem
                  onSelect={translation.shown ? translation.hide : translation.translate}
                  data-testid={`message-translate-${m.id}`}
                >
                  <Languages />
                  {t(translation.shown ? "aiAssist:bubble.showOriginal" : "aiAssist:bubble.translate")}
                </MenuItem>
              )}
              {!m.isPrivate && (
                <MenuItem onSelect={() => props.onForward(m)}>
                  <Forward />
                  {t("message.forward")}
                </MenuItem>
              )}
              {canEdit(m, meId) && (
                <MenuItem onSelect={() => props.onEdit(m)}>
                  <Pencil />
                  {t("message.edit")}
                </MenuItem>
              )}
              {canDelete(m, meId) && (
                <MenuItem onSelect={() => props.onDelete(m)} className="text-danger">
                  <Trash2 />
                  {t("message.delete")}
                </MenuItem>
              )}
            </MenuContent>
          </Menu>
        )}
      </div>
    </div>
  );
});
