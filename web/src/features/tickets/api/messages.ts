import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { ticketKeys } from "./keys.ts";
import { appendMessage, replaceMessage } from "./cache.ts";
import type { MessageBody, MessageDTO as Message, MessageHtml, MessagePage } from "@contract/messages.ts";

/** GET /messages/{uuid}: page 1 is the newest; each page is ascending. */
export function useMessages(uuid: string | undefined) {
  return useInfiniteQuery({
    queryKey: ticketKeys.messages(uuid ?? ""),
    queryFn: ({ pageParam }) => api.get<MessagePage>(`/messages/${uuid}`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    enabled: !!uuid,
    staleTime: 0,
  });
}

/**
 * The message with its whole text: a socket frame carries a long body as a preview
 * (`bodyTruncated`), and the rest is fetched when the message is shown.
 */
export function useWholeMessage(m: Message): Message {
  const q = useQuery({
    queryKey: [...ticketKeys.all, "message-body", m.id, m.updatedAt],
    queryFn: () => api.get<MessageBody>(`/messages/${m.id}/body`),
    enabled: !!m.bodyTruncated,
    staleTime: Infinity,
  });
  return m.bodyTruncated && q.data ? { ...m, body: q.data.body, bodyTruncated: false } : m;
}

/** An e-mail's sanitised HTML (`hasHtml`), fetched when its bubble is shown. */
export function useMessageHtml(m: Message) {
  return useQuery({
    queryKey: [...ticketKeys.all, "message-html", m.id],
    queryFn: () => api.get<MessageHtml>(`/messages/${m.id}/html`),
    enabled: !!m.hasHtml,
    staleTime: Infinity,
  });
}

/** Oldest first, across the loaded pages. */
export function flattenMessages(pages: MessagePage[] | undefined): Message[] {
  if (!pages) return [];
  return [...pages].reverse().flatMap((p) => p.messages);
}

export type OutgoingText = {
  body: string;
  isPrivate: boolean;
  signMessage: boolean;
  quotedMsgId?: number | null;
  vCard?: string;
};
export type OutgoingMedia = OutgoingText & { files: File[] };

/** POST /messages/{ticketId}: JSON for text, multipart `medias` + `body` for files. */
export function useSendMessage(ticketId: number, uuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (m: OutgoingText | OutgoingMedia): Promise<Message[]> => {
      if ("files" in m && m.files.length) {
        const form = new FormData();
        for (const f of m.files) form.append("medias", f, f.name);
        form.append("body", m.body);
        form.append("isPrivate", String(m.isPrivate));
        form.append("signMessage", String(m.signMessage));
        if (m.quotedMsgId) form.append("quotedMsgId", String(m.quotedMsgId));
        return await api.upload<Message[]>(`/messages/${ticketId}`, form);
      }
      const sent = await api.post<Message | Message[]>(`/messages/${ticketId}`, {
        body: m.body,
        isPrivate: m.isPrivate,
        signMessage: m.signMessage,
        quotedMsg: m.quotedMsgId ? { id: m.quotedMsgId } : null,
        vCard: m.vCard,
      });
      return Array.isArray(sent) ? sent : [sent];
    },
    onSuccess: (sent) => {
      for (const m of sent) appendMessage(qc, uuid, m);
    },
  });
}

export function useEditMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      api.post<Message>(`/messages/edit/${id}`, { body }),
    onSuccess: (m) => replaceMessage(qc, m),
  });
}

export function useDeleteMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/messages/${id}`),
    onSuccess: (m) => m && replaceMessage(qc, m),
  });
}

/** Sends a failed message again (POST /messages/{id}/retry). */
export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Message>(`/messages/${id}/retry`, {}),
    onSuccess: (m) => replaceMessage(qc, m),
  });
}

export const FORWARD_DELAY_MS = 900;

/** Forwards each message to the contact, 900 ms apart (spec 1 §9). */
export async function forwardMessages(ids: number[], contactId: number, signMessage: boolean) {
  for (const [i, messageId] of ids.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, FORWARD_DELAY_MS));
    await api.post<Message>("/message/forward", { messageId, contactId, signMessage });
  }
}

export const EDIT_WINDOW_MS = 15 * 60_000;

export function canEdit(m: Message, meId: number, now = Date.now()): boolean {
  return m.fromMe && m.user?.id === meId && !m.isDeleted && !m.mediaUrl &&
    now - Date.parse(m.createdAt) < EDIT_WINDOW_MS;
}

export const canDelete = (m: Message, meId: number) => m.fromMe && m.user?.id === meId && !m.isDeleted;
