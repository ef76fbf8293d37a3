/** Tags on a ticket and on a contact (spec 1 §2 drawer, §7): the pickers' calls. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export type TagOption = { id: number; name: string; color: string; kanban: number };

/** GET /tags/list?kanban=0|1 — plain tags or kanban lanes. */
export const useTagList = (kanban: 0 | 1, enabled = true) =>
  useQuery({
    queryKey: ["tags", "all", kanban],
    queryFn: () => api.get<TagOption[]>("/tags/list", { kanban }),
    staleTime: 30_000,
    enabled,
  });

export const addTicketTag = (ticketId: number, tagId: number) => api.put(`/ticket-tags/${ticketId}/${tagId}`);
export const removeTicketTag = (ticketId: number, tagId: number) =>
  api.delete(`/ticket-tags/${ticketId}/${tagId}`);

/** POST /tags: a plain tag typed in a picker (the server picks its colour, as the spec's client's random one). */
export const createTag = (name: string) => api.post<TagOption>("/tags", { name, kanban: 0 });

/** POST /tags/sync: the contact's whole set; new names become tags. */
export const syncContactTags = (contactId: number, tags: ({ id: number } | { name: string })[]) =>
  api.post("/tags/sync", { contactId, tags });

/** PUT /tag/kanban/order: every lane, first to last. The board and the lanes table follow at once. */
export function useReorderLanes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.put<{ lista: TagOption[] }>("/tag/kanban/order", { ids }),
    onMutate: (ids) => {
      qc.setQueryData<TagOption[]>(
        ["tags", "all", 1],
        (old) => old && ids.map((id) => old.find((l) => l.id === id)).filter((l): l is TagOption => !!l),
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ["tags"] }),
  });
}

/** `ids` with `id` moved to `to` (an index), for drag and for the up/down buttons. */
export function moveId(ids: number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}
