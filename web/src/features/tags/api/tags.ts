import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";

export type Tag = {
  id: number;
  name: string;
  color: string;
  kanban: number;
  contactsCount: number;
  ticketsCount: number;
  timeLane?: number;
  nextLaneId?: number | null;
  rollbackLaneId?: number | null;
  greetingMessageLane?: string | null;
};
export type TagDetail = Tag & { contacts: { id: number; name: string; number: string }[] };
export type TagsPage = { tags: Tag[]; count: number; hasMore: boolean };
export type TagInput = {
  name: string;
  color: string;
  kanban?: 0 | 1;
  /** Lane fields (kanban tags only). */
  timeLane?: number;
  nextLaneId?: number | null;
  rollbackLaneId?: number | null;
  greetingMessageLane?: string | null;
};

export const tagKeys = {
  all: ["tags"] as const,
  list: (search: string) => [...tagKeys.all, "list", search] as const,
  detail: (id: number) => [...tagKeys.all, "detail", id] as const,
};

export function useTags(search: string, kanban: 0 | 1 = 0) {
  return useInfiniteQuery({
    queryKey: [...tagKeys.list(search), kanban],
    queryFn: ({ pageParam }) =>
      api.get<TagsPage>("/tags", { searchParam: search, pageNumber: pageParam, kanban }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

/** The kanban lanes as a paged list (the /TagsKanban table). */
export const useLanes = (search: string) => useTags(search, 1);

export const useTag = (id: number) =>
  useQuery({ queryKey: tagKeys.detail(id), queryFn: () => api.get<TagDetail>(`/tags/${id}`), staleTime: 0 });

export function useSaveTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TagInput }) =>
      id ? api.put<Tag>(`/tags/${id}`, input) : api.post<Tag>("/tags", { kanban: 0, ...input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/tags/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useRemoveTagContact(tagId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => api.delete<void>(`/tags-contacts/${tagId}/${contactId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useTagsLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-tag`, () => qc.invalidateQueries({ queryKey: tagKeys.all }));
}
