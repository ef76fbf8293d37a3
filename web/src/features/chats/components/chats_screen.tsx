import { type FormEvent, type UIEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { MessageCircleMore, Pencil, Plus, Send, Trash2 } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import { useMediaQuery } from "../../../lib/use_media_query.ts";
import { toastError } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { clockTime, listTime } from "../../../lib/format.ts";
import {
  type Chat,
  chatKeys,
  markChatRead,
  sendChatMessage,
  unreadsOf,
  useChat,
  useChatMessages,
  useChats,
  useDeleteChat,
} from "../api/chats.ts";
import { ChatDialog } from "./chat_dialog.tsx";

/** Spec 2 §9: older messages load when scrolled within 600 px of the top. */
const LOAD_MORE_PX = 600;

function ChatList({ active, onNew }: { active?: string; onNew: () => void }) {
  const { t } = useTranslation("workspace");
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search, 500);
  const list = useChats(debounced);
  const chats = list.data?.pages.flatMap((p) => p.records) ?? [];
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-line p-3">
        <Input
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t("chats.search")}
          aria-label={t("chats.search")}
        />
        <Button size="icon" onClick={onNew} aria-label={t("chats.new")} data-testid="chat-new">
          <Plus className="size-4" />
        </Button>
      </div>
      <ul
        className="min-h-0 flex-1 overflow-y-auto"
        data-testid="chat-list"
        onScroll={(e: UIEvent<HTMLUListElement>) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < 100 && list.hasNextPage) {
            list.fetchNextPage();
          }
        }}
      >
        {chats.map((c) => {
          const unread = unreadsOf(c, me.id);
          return (
            <li key={c.id}>
              <button
                type="button"
                data-testid={`chat-item-${c.id}`}
                onClick={() => navigate(`/chats/${c.uuid}`)}
                className={cn(
                  "flex w-full cursor-pointer flex-col gap-0.5 border-b border-line/60 px-4 py-3 text-left hover:bg-surface-2",
                  active === c.uuid && "bg-primary/10",
                )}
              >
                <span className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{c.title}</span>
                  <span className="shrink-0 text-[11px] text-ink-subtle tabular-nums">
                    {listTime(c.updatedAt)}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-xs text-ink-muted">
                    {c.lastMessage || "—"}
                  </span>
                  {unread > 0 && (
                    <span
                      data-testid={`chat-unread-${c.id}`}
                      className="flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-bold text-primary-fg"
                    >
                      {unread}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
        {!chats.length && !list.isLoading && (
          <li>
            <EmptyState
              icon={<MessageCircleMore />}
              title={t("chats.empty")}
              description={t("chats.emptyHint")}
              className="py-10"
            />
          </li>
        )}
      </ul>
    </div>
  );
}

function Conversation({ chat, onEdit, onDelete }: { chat: Chat; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation("workspace");
  const me = useCurrentUser();
  const qc = useQueryClient();
  const messages = useChatMessages(chat.uuid);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const rows = [...(messages.data?.pages ?? [])].reverse().flatMap((p) => p.records);
  const unread = unreadsOf(chat, me.id);
  const owner = chat.ownerId === me.id;

  // Opening an unread chat marks it read.
  useEffect(() => {
    if (unread > 0) {
      void markChatRead(chat.id, me.id).then(() => qc.invalidateQueries({ queryKey: chatKeys.all }));
    }
  }, [chat.id, unread, me.id, qc]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [rows.length]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return; // A blank message is ignored.
    setSending(true);
    try {
      await sendChatMessage(chat.id, body);
      setText("");
      qc.invalidateQueries({ queryKey: chatKeys.all });
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-conversation">
      <header className="flex items-center gap-2 border-b border-line px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[15px] font-semibold text-ink" data-testid="chat-title">
            {chat.title}
          </h2>
          <p className="truncate text-xs text-ink-muted">{chat.users.map((u) => u.user.name).join(", ")}</p>
        </div>
        {owner && (
          <>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("chats.edit")}
              onClick={onEdit}
              data-testid="chat-edit"
            >
              <Pencil className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("chats.delete")}
              onClick={onDelete}
              className="text-danger"
              data-testid="chat-delete"
            >
              <Trash2 className="size-4" />
            </Button>
          </>
        )}
      </header>
      <div
        className="min-h-0 flex-1 overflow-y-auto bg-surface-2/50 px-4 py-3"
        data-testid="chat-messages"
        onScroll={(e) => {
          if (
            e.currentTarget.scrollTop < LOAD_MORE_PX && messages.hasNextPage && !messages.isFetchingNextPage
          ) {
            messages.fetchNextPage();
          }
        }}
      >
        <ul className="flex flex-col gap-2">
          {rows.map((m) => {
            const mine = m.senderId === me.id;
            return (
              <li key={m.id} className={cn("flex", mine ? "justify-end" : "justify-start")}>
                <div
                  className={cn(
                    "max-w-[80%] rounded-xl px-3 py-2 text-sm shadow-xs",
                    mine ? "bg-primary/15 text-ink" : "bg-surface text-ink",
                  )}
                >
                  {!mine && <p className="text-[11px] font-semibold text-primary-strong">{m.sender?.name}</p>}
                  <p className="break-words whitespace-pre-wrap">{m.message}</p>
                  <p className="mt-0.5 text-right text-[10px] text-ink-subtle tabular-nums">
                    {clockTime(m.createdAt)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        <div ref={bottom} />
      </div>
      <form onSubmit={send} className="flex items-center gap-2 border-t border-line p-3">
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("chats.typeMessage")}
          aria-label={t("chats.typeMessage")}
          data-testid="chat-input"
        />
        <Button
          type="submit"
          size="icon"
          loading={sending}
          aria-label={t("chats.send")}
          data-testid="chat-send"
        >
          {!sending && <Send className="size-4" />}
        </Button>
      </form>
    </div>
  );
}

/** /chats and /chats/{uuid}: list and messages side by side; two tabs on narrow screens. */
export function ChatsScreen() {
  const { t } = useTranslation("workspace");
  const { chatId } = useParams();
  const navigate = useNavigate();
  const wide = useMediaQuery("(min-width: 768px)");
  const chat = useChat(chatId);
  const remove = useDeleteChat();
  const [editing, setEditing] = useState<Chat | null | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState(chatId ? "messages" : "chats");
  useEffect(() => {
    setTab(chatId ? "messages" : "chats");
  }, [chatId]);

  const list = <ChatList active={chatId} onNew={() => setEditing(null)} />;
  const panel = chat.data
    ? (
      <Conversation
        chat={chat.data}
        onEdit={() => setEditing(chat.data)}
        onDelete={() => setDeleting(true)}
      />
    )
    : (
      <EmptyState
        icon={<MessageCircleMore />}
        title={t("chats.pick")}
        description={t("chats.pickHint")}
        className="h-full"
      />
    );
  return (
    <div
      className="flex h-[calc(100dvh-8rem)] min-h-96 flex-col gap-4 sm:h-[calc(100dvh-10rem)]"
      data-testid="page-chats"
    >
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{t("chats.title")}</h1>
        <p className="text-sm text-ink-muted">{t("chats.description")}</p>
      </div>
      <div className="min-h-0 flex-1 overflow-hidden rounded-xl border border-line bg-surface">
        {wide
          ? (
            <div className="grid h-full grid-cols-[300px_1fr] xl:grid-cols-[340px_1fr]">
              <div className="min-h-0 border-r border-line">{list}</div>
              <div className="min-h-0">{panel}</div>
            </div>
          )
          : (
            <Tabs value={tab} onValueChange={setTab} className="flex h-full flex-col">
              <TabsList className="px-2 pt-2">
                <TabsTrigger value="chats" data-testid="chat-tab-chats">{t("chats.tabChats")}</TabsTrigger>
                <TabsTrigger value="messages" data-testid="chat-tab-messages">
                  {t("chats.tabMessages")}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="chats" className="min-h-0 flex-1 pt-0">{list}</TabsContent>
              <TabsContent value="messages" className="min-h-0 flex-1 pt-0">{panel}</TabsContent>
            </Tabs>
          )}
      </div>
      {editing !== undefined && (
        <ChatDialog
          chat={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(c) => (setEditing(undefined), navigate(`/chats/${c.uuid}`))}
        />
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("chats.deleteTitle", { title: chat.data?.title ?? "" })}
        description={t("chats.deleteMessage")}
        confirmLabel={t("chats.delete")}
        cancelLabel={t("common:actions.cancel")}
        loading={remove.isPending}
        onConfirm={async () => {
          if (!chat.data) return;
          try {
            await remove.mutateAsync(chat.data.id);
            setDeleting(false);
            navigate("/chats");
          } catch (err) {
            toastError(err);
          }
        }}
      />
    </div>
  );
}
