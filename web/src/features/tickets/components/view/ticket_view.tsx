import { type DragEvent, useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Forward, ImageUp, X } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../../components/ui/confirm_dialog.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import { useCurrentUser } from "../../../../lib/auth.tsx";
import { toastError, toastSuccess } from "../../../../lib/toast.ts";
import { useTicket } from "../../api/get_ticket.ts";
import { useTicketRoom } from "../../api/live.ts";
import { flattenMessages, useDeleteMessage, useMessages } from "../../api/messages.ts";
import type { MessageDTO as Message } from "@contract/messages.ts";
import { Composer } from "../composer/composer.tsx";
import { ForwardDialog } from "../dialogs/forward_dialog.tsx";
import { ContactDrawer } from "../drawer/contact_drawer.tsx";
import { MessageList } from "./message_list.tsx";
import { useSearchFocus } from "./use_search_focus.ts";
import { PrintView } from "./print_view.tsx";
import { VisitorTyping } from "../../../webchat/index.ts";
import { TicketHeader } from "./ticket_header.tsx";

/** One conversation: header, messages, composer, contact drawer; files can be dropped anywhere. */
export function TicketView(
  { idOrUuid, onBack, onDrawerChange, shown = true }: {
    idOrUuid: string;
    onBack: () => void;
    /** False while a phone shows the list tab: the conversation stays mounted, out of sight. */
    shown?: boolean;
    /** The screen folds the ticket list away while the drawer is open when space is short. */
    onDrawerChange?: (open: boolean) => void;
  },
) {
  const { t } = useTranslation("tickets");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const ticketQ = useTicket(idOrUuid);
  const ticket = ticketQ.data;
  const messagesQ = useMessages(ticket?.uuid);
  const messages = flattenMessages(messagesQ.data?.pages);
  const del = useDeleteMessage();
  const [drawer, setDrawer] = useState(false);
  const [reply, setReply] = useState<Message | null>(null);
  const [edit, setEdit] = useState<Message | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [forwarding, setForwarding] = useState<number[] | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [dropped, setDropped] = useState<File[] | null>(null);
  const [dragging, setDragging] = useState(false);
  const [printing, setPrinting] = useState(false);
  const focus = useSearchFocus();
  useTicketRoom(ticket?.id, shown);
  useEffect(() => {
    onDrawerChange?.(drawer);
  }, [drawer]);
  useEffect(() => () => onDrawerChange?.(false), []);

  useEffect(() => {
    if (idOrUuid === "undefined" || ticketQ.isError) navigate("/tickets", { replace: true });
  }, [idOrUuid, ticketQ.isError, navigate]);
  useEffect(() => {
    setReply(null);
    setEdit(null);
    setSelecting(false);
    setSelected(new Set());
  }, [idOrUuid]);
  useEffect(() => {
    if (!printing) return;
    document.body.classList.add("printing");
    const id = setTimeout(() => {
      globalThis.print();
      document.body.classList.remove("printing");
      setPrinting(false);
    }, 50);
    return () => clearTimeout(id);
  }, [printing]);

  const toggleSelect = useCallback((m: Message) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(m.id)) n.delete(m.id);
      else n.add(m.id);
      return n;
    }), []);
  const onReply = useCallback((m: Message) => (setEdit(null), setReply(m)), []);
  const onEdit = useCallback((m: Message) => (setReply(null), setEdit(m)), []);
  const onForward = useCallback((m: Message) => (setSelecting(true), setSelected(new Set([m.id]))), []);

  if (!ticket) {
    return (
      <div className="flex h-full items-center justify-center text-ink-subtle">
        {ticketQ.isPending && <Spinner />}
      </div>
    );
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length) setDropped(files);
  };
  const exportPdf = () => {
    if (!messages.length) return toastError(t("view.exportEmpty"));
    setPrinting(true);
  };

  return (
    // Containers, not the viewport, decide the layout: the conversation's width depends on the side
    // menu and the list beside it. The drawer sits beside the conversation when both fit (≥ 940 px
    // together, the list folded away if need be); below that (phones, small tablets) it overlays.
    <div
      className="@container relative flex h-full min-w-0"
      data-testid="ticket-view"
      data-ticket-id={ticket.id}
    >
      <div
        className="@container relative flex min-w-0 flex-1 flex-col"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => e.currentTarget === e.target && setDragging(false)}
        onDrop={onDrop}
      >
        <TicketHeader
          ticket={ticket}
          onBack={onBack}
          onToggleDrawer={() => setDrawer((d) => !d)}
          onExport={exportPdf}
          onSelectForward={() => setSelecting(true)}
        />
        {selecting && (
          <div
            className="flex items-center gap-3 border-b border-line bg-primary-soft px-4 py-2 text-sm"
            data-testid="forward-bar"
          >
            <Forward className="size-4 text-primary-strong" />
            <span className="flex-1 font-medium text-ink">
              {t("forward.selected", { count: selected.size })}
            </span>
            <Button size="sm" variant="ghost" onClick={() => (setSelecting(false), setSelected(new Set()))}>
              <X className="size-4" />
              {t("common:actions.cancel")}
            </Button>
            <Button
              size="sm"
              data-testid="forward-open"
              onClick={() => (selected.size
                ? setForwarding([...selected])
                : toastError(t("forward.noneSelected")))}
            >
              {t("forward.submit")}
            </Button>
          </div>
        )}
        <MessageList
          messages={messages}
          meId={me.id}
          isGroup={ticket.isGroup}
          loading={messagesQ.isPending}
          hasMore={!!messagesQ.hasNextPage}
          loadingMore={messagesQ.isFetchingNextPage}
          // Never cancels a refetch in progress (e.g. after the socket came up): the next call loads on.
          loadMore={() => messagesQ.fetchNextPage({ cancelRefetch: false })}
          selecting={selecting}
          selected={selected}
          onToggleSelect={toggleSelect}
          onReply={onReply}
          onEdit={onEdit}
          onDelete={setDeleting}
          onForward={onForward}
          ticket={ticket}
          focus={focus}
        />
        <VisitorTyping ticket={ticket} />
        <Composer
          ticket={ticket}
          reply={reply}
          edit={edit}
          onClearMode={() => (setReply(null), setEdit(null))}
          dropped={dropped}
          onDroppedConsumed={() => setDropped(null)}
        />
        {dragging && (ticket.status === "open" || ticket.status === "group") && (
          <div className="pointer-events-none absolute inset-2 z-10 flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-primary bg-surface/85 text-primary-strong">
            <ImageUp className="size-8" />
            <p className="text-sm font-semibold">{t("composer.dropHere")}</p>
          </div>
        )}
      </div>
      {drawer && (
        <button
          type="button"
          aria-label={t("common:actions.close")}
          className="absolute inset-0 z-10 cursor-default bg-black/25 @min-[940px]:hidden"
          onClick={() => setDrawer(false)}
          data-testid="drawer-scrim"
        />
      )}
      {drawer && <ContactDrawer ticket={ticket} onClose={() => setDrawer(false)} />}
      {forwarding && (
        <ForwardDialog
          ids={forwarding}
          onClose={() => setForwarding(null)}
          onDone={() => (setForwarding(null), setSelecting(false), setSelected(new Set()))}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("message.deleteTitle")}
        description={t("message.deleteMessage")}
        confirmLabel={t("message.delete")}
        cancelLabel={t("common:actions.cancel")}
        loading={del.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await del.mutateAsync(deleting.id);
            toastSuccess(t("toasts.messageDeleted"));
          } catch (err) {
            toastError(err);
          } finally {
            setDeleting(null);
          }
        }}
      />
      {printing && <PrintView ticket={ticket} messages={messages} />}
    </div>
  );
}
