import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";

export type QuickMessage = {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
  userId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  isMedia: boolean;
};
export type QuickMessagesPage = { records: QuickMessage[]; count: number; hasMore: boolean };
export type QuickMessageInput = { shortcode: string; message: string; geral: boolean; visao: boolean };

export const quickMessageKeys = {
  all: ["quick-messages"] as const,
  list: (search: string) => [...quickMessageKeys.all, "list", search] as const,
};

export function useQuickMessages(search: string) {
  return useInfiniteQuery({
    queryKey: quickMessageKeys.list(search),
    queryFn: ({ pageParam }) =>
      api.get<QuickMessagesPage>("/quick-messages", { searchParam: search, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

/** Spaces in media file names become underscores (spec 2 §5). */
export const mediaFileName = (name: string) => name.replace(/\s+/g, "_");

export function useSaveQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      { id, input, file, removeMedia }: {
        id?: number;
        input: QuickMessageInput;
        file?: File | null;
        removeMedia?: boolean;
      },
    ) => {
      const saved = id
        ? await api.put<QuickMessage>(`/quick-messages/${id}`, input)
        : await api.post<QuickMessage>("/quick-messages", input);
      if (removeMedia && saved.mediaPath) await api.delete(`/quick-messages/${saved.id}/media-upload`);
      if (file) {
        const form = new FormData();
        form.append("typeArch", "quickMessage");
        form.append("file", new File([file], mediaFileName(file.name), { type: file.type }));
        return await api.upload<QuickMessage>(`/quick-messages/${saved.id}/media-upload`, form);
      }
      return saved;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}

export function useDeleteQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/quick-messages/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}

/** Shared replies change under `company-{id}-quickemessage`: refetch the lists. */
export function useQuickMessagesLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(
    `company-${companyId}-quickemessage`,
    () => qc.invalidateQueries({ queryKey: quickMessageKeys.all }),
  );
}
