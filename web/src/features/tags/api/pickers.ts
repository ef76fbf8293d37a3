/** Tags on a ticket and on a contact (spec 1 §2 drawer, §7): the pickers' calls. */
import { useQuery } from "@tanstack/react-query";
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

/** POST /tags/sync: the contact's whole set; new names become tags. */
export const syncContactTags = (contactId: number, tags: ({ id: number } | { name: string })[]) =>
  api.post("/tags/sync", { contactId, tags });
