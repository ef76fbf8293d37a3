import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Mic, Paperclip, Send } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../../../lib/storage.ts";
import { toastError } from "../../../../lib/toast.ts";
import { cn } from "../../../../lib/utils.ts";
import { useQuickAnswers } from "../../api/lookups.ts";
import { useEditMessage, useSendMessage } from "../../api/messages.ts";
import type { MessageDTO as Message } from "@contract/messages.ts";
import type { QuickMessageDTO as QuickAnswer } from "@contract/quick_messages.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { AttachmentPreview } from "./attachment_preview.tsx";
import { EmojiPicker } from "./emoji_picker.tsx";
import { filterQuickAnswers, QuickAnswers } from "./quick_answers.tsx";
import { useRecorder } from "./use_recorder.ts";
import { useTypingSignal } from "../../../webchat/index.ts";
import { ComposerLocked, ComposerToggles, ModeBanner, RecorderBar } from "./composer_parts.tsx";
import { type ComposerAction, ComposerMenu } from "./composer_menu.tsx";
import { useNarrow } from "../../../../lib/use_narrow.ts";
import { CameraDialog } from "./camera_dialog.tsx";
import { ContactShareDialog } from "./contact_share_dialog.tsx";
import { RichDialog } from "./rich_dialog.tsx";
import { AiComposer } from "../../../ai_assist/index.ts";

type Props = {
  ticket: Ticket;
  reply: Message | null;
  edit: Message | null;
  onClearMode: () => void;
  dropped: File[] | null;
  onDroppedConsumed: () => void;
};

/** Text, quick answers, emoji, attachments and voice notes; reply, edit, private and signature modes. */
export function Composer({ ticket, reply, edit, onClearMode, dropped, onDroppedConsumed }: Props) {
  const { t } = useTranslation("tickets");
  const [text, setText] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const [sign, setSign] = useState(() => readStorage(STORAGE_KEYS.signMessage) !== "false");
  const [files, setFiles] = useState<{ list: File[]; caption: string } | null>(null);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  // Below 560 px (a phone, or a narrow conversation) only emoji, "+", the text and send remain.
  const { ref: box, narrow } = useNarrow<HTMLDivElement>(560);
  const [dialog, setDialog] = useState<"camera" | "contact" | "rich" | null>(null);
  const send = useSendMessage(ticket.id, ticket.uuid);
  const signalTyping = useTypingSignal(ticket);
  const editMsg = useEditMessage();
  const recorder = useRecorder();
  const enabled = ticket.status === "open" || ticket.status === "group";
  const slash = text.startsWith("/") && !text.includes("\n") ? text.slice(1) : null;
  const quick = useQuickAnswers(slash !== null);
  const quickItems = slash !== null ? filterQuickAnswers(quick.data ?? [], slash) : [];

  useEffect(() => {
    if (edit) setText(edit.body);
    if (edit || reply) input.current?.focus();
  }, [edit, reply]);
  useEffect(() => {
    if (dropped?.length) {
      if (enabled) setFiles({ list: dropped, caption: "" });
      onDroppedConsumed();
    }
  }, [dropped]);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [text]);

  const toggleSign = () => {
    setSign((s) => {
      writeStorage(STORAGE_KEYS.signMessage, String(!s));
      return !s;
    });
  };

  const submit = async () => {
    const body = text.trim();
    if (!body) return; // empty or whitespace-only text is never sent
    try {
      if (edit) {
        await editMsg.mutateAsync({ id: edit.id, body });
      } else {
        await send.mutateAsync({ body, isPrivate, signMessage: sign, quotedMsgId: reply?.id ?? null });
      }
      setText("");
      onClearMode();
    } catch (err) {
      toastError(err);
    }
  };

  const sendFiles = async (list: File[], caption: string) => {
    try {
      await send.mutateAsync({
        files: list,
        body: caption.trim(),
        isPrivate,
        signMessage: sign,
        quotedMsgId: reply?.id ?? null,
      });
      setFiles(null);
      onClearMode();
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };

  const pickQuick = async (q: QuickAnswer) => {
    setText(q.mediaPath ? "" : q.message);
    if (q.mediaPath) {
      try {
        const blob = await (await fetch(q.mediaPath)).blob();
        setFiles({
          list: [new File([blob], q.mediaName ?? "file", { type: blob.type })],
          caption: q.message,
        });
      } catch (err) {
        toastError(err);
      }
    }
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash !== null && quickItems.length) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const d = e.key === "ArrowDown" ? 1 : -1;
        setActive((a) => (a + d + quickItems.length) % quickItems.length);
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        pickQuick(quickItems[Math.min(active, quickItems.length - 1)]);
        return;
      }
    }
    if (e.key === "Escape" && (reply || edit)) {
      onClearMode();
      if (edit) setText("");
    }
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  const onAction = (a: ComposerAction) => {
    if (a === "attach") picker.current?.click();
    else if (a === "quick") (setText("/"), input.current?.focus());
    else if (a === "private") setPrivate((p) => !p);
    else if (a === "sign") toggleSign();
    else setDialog(a);
  };
  const sendPhoto = async (file: File) => {
    if (await sendFiles([file], "")) setDialog(null);
  };
  const sendContact = async (vCard: string) => {
    try {
      await send.mutateAsync({ body: "", vCard, isPrivate: false, signMessage: false, quotedMsgId: null });
      setDialog(null);
    } catch (err) {
      toastError(err);
    }
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch {
      toastError(t("composer.micDenied"));
    }
  };
  const finishRecording = async () => {
    const file = await recorder.finish();
    if (!file) return toastError(t("composer.audioTooShort"));
    await sendFiles([file], "");
  };

  if (!enabled) return <ComposerLocked ticket={ticket} />;

  return (
    <div
      ref={box}
      className="relative shrink-0 border-t border-line bg-surface px-2 pt-2 pb-3 sm:px-3"
      data-testid="composer"
      data-narrow={narrow || undefined}
    >
      {slash !== null && <QuickAnswers filter={slash} active={active} onPick={pickQuick} />}
      <ModeBanner
        reply={reply}
        edit={edit}
        onClear={() => {
          if (edit) {
            setText("");
          }
          onClearMode();
        }}
      />
      {recorder.recording
        ? <RecorderBar seconds={recorder.seconds} onCancel={recorder.cancel} onSend={finishRecording} />
        : (
          <div
            className={cn(
              "flex items-end gap-1 rounded-2xl border bg-surface-2 px-1.5 py-1 transition-colors focus-within:border-primary",
              isPrivate ? "border-amber-400/70 bg-amber-50 dark:bg-amber-400/10" : "border-transparent",
            )}
          >
            <EmojiPicker
              onPick={(e) => setText((v) => v + e)}
            />
            {!narrow && (
              <Tooltip content={t("composer.attach")}>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t("composer.attach")}
                  onClick={() => picker.current?.click()}
                  data-testid="composer-attach"
                >
                  <Paperclip className="size-[18px]" />
                </Button>
              </Tooltip>
            )}
            <ComposerMenu onAction={onAction} isPrivate={isPrivate} sign={sign} narrow={narrow} />
            <AiComposer
              ticketId={ticket.id}
              text={text}
              onUse={(draft) => (setText(draft), input.current?.focus())}
            />
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="composer-file"
              onChange={(e) => {
                const list = [...(e.target.files ?? [])];
                e.target.value = "";
                if (list.length) setFiles({ list, caption: "" });
              }}
            />
            <textarea
              ref={input}
              rows={1}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(0);
                if (!isPrivate) signalTyping();
              }}
              onKeyDown={onKeyDown}
              placeholder={isPrivate ? t("composer.privatePlaceholder") : t("composer.placeholder")}
              aria-label={t("composer.placeholder")}
              data-testid="composer-input"
              className="max-h-40 min-h-9 min-w-0 flex-1 resize-none bg-transparent px-2 py-2 text-[14px] text-ink outline-none placeholder:text-ink-subtle"
            />
            {!narrow && (
              <ComposerToggles
                isPrivate={isPrivate}
                onPrivate={() => setPrivate((p) => !p)}
                sign={sign}
                onSign={toggleSign}
              />
            )}
            {text.trim() || edit
              ? (
                <Button
                  size="icon-sm"
                  className="rounded-full"
                  aria-label={t("composer.send")}
                  onClick={submit}
                  loading={send.isPending || editMsg.isPending}
                  data-testid="composer-send"
                >
                  {!(send.isPending || editMsg.isPending) && <Send className="size-4" />}
                </Button>
              )
              : (
                <Tooltip content={t("composer.record")}>
                  <Button
                    size="icon-sm"
                    className="rounded-full"
                    aria-label={t("composer.record")}
                    onClick={startRecording}
                    data-testid="composer-record"
                  >
                    <Mic className="size-4" />
                  </Button>
                </Tooltip>
              )}
          </div>
        )}
      {files && (
        <AttachmentPreview
          files={files.list}
          initialCaption={files.caption}
          sending={send.isPending}
          onCancel={() => setFiles(null)}
          onSend={(caption) => sendFiles(files.list, caption)}
        />
      )}
      {dialog === "camera" && (
        <CameraDialog onClose={() => setDialog(null)} onSend={sendPhoto} sending={send.isPending} />
      )}
      {dialog === "contact" && (
        <ContactShareDialog onClose={() => setDialog(null)} onSend={sendContact} sending={send.isPending} />
      )}
      {dialog === "rich" && <RichDialog ticket={ticket} onClose={() => setDialog(null)} />}
    </div>
  );
}
