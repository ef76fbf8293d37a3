/** Internal chat (spec 2 §2, §4, §7): GET/POST /chats, messages, read; live company-{id}-chat. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { ChatDTO, ChatMember, ChatMessageDTO } from "@contract/chats.ts";

export type Chat = ChatDTO;
export type ChatMessage = ChatMessageDTO;
export type { ChatMember };
type Page<T> = { records: T[]; count: number; hasMore: boolean };

export const chatKeys = {
  all: ["chats"] as const,
  list: (search: string) => ["chats", "list", search] as const,
  detail: (key: string) => ["chats", "detail", key] as const,
  messages: (key: string) => ["chats", "messages", key] as const,
};

export const unreadsOf = (chat: Chat, userId: number) =>
  chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

export function useChats(search = "", enabled = true) {
  return useInfiniteQuery({
    queryKey: chatKeys.list(search),
    queryFn: ({ pageParam }) => api.get<Page<Chat>>("/chats", { searchParam: search, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    enabled,
  });
}

export const useChat = (key: string | undefined) =>
  useQuery({
    queryKey: chatKeys.detail(key ?? ""),
    queryFn: () => api.get<Chat>(`/chats/${key}`),
    enabled: !!key,
  });

/** Older pages load when the list is scrolled near its top. */
export function useChatMessages(key: string | undefined) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(key ?? ""),
    queryFn: ({ pageParam }) =>
      api.get<Page<ChatMessage>>(`/chats/${key}/messages`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    enabled: !!key,
  });
}

export type ChatInput = { title: string; users: { id: number }[] };

export function useSaveChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ChatInput }) =>
      id ? api.put<Chat>(`/chats/${id}`, input) : api.post<Chat>("/chats", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export function useDeleteChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/chats/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export const sendChatMessage = (chatId: number, message: string) =>
  api.post<ChatMessage>(`/chats/${chatId}/messages`, { message });
export const markChatRead = (chatId: number, userId: number) =>
  api.post<Chat>(`/chats/${chatId}/read`, { userId });

/** Any chat event refreshes the lists and the open conversation (the shell keeps this mounted). */
export function useChatsLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-chat`, () => qc.invalidateQueries({ queryKey: chatKeys.all }));
}

/** The first page of the user's chats for the top bar and the menu's dot. */
export function useChatSummary(userId: number, enabled: boolean) {
  const q = useQuery({
    queryKey: ["chats", "summary"],
    queryFn: () => api.get<Page<Chat>>("/chats", { pageNumber: 1 }),
    enabled,
    staleTime: 30_000,
  });
  const chats = q.data?.records ?? [];
  const unread = chats.reduce((n, c) => n + unreadsOf(c, userId), 0);
  return { chats, unread };
}
