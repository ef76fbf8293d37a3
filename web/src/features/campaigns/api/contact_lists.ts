import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, requestBlob } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { ImportReport, NumberCheckStatus } from "@contract/contact_lists.ts";

export type ContactList = { id: number; name: string; contactsCount: number };
export type ContactListItem = {
  id: number;
  contactListId: number;
  name: string;
  number: string;
  email: string | null;
  isWhatsappValid: boolean | null;
};
export type { ImportReport, NumberCheckStatus };
export type ImportProgress = { contactListId: number; processed: number; total: number; done: boolean };

export const listKeys = {
  all: ["contact-lists"] as const,
  list: (search: string) => [...listKeys.all, "list", search] as const,
  detail: (id: number) => [...listKeys.all, "detail", id] as const,
  options: () => [...listKeys.all, "options"] as const,
  items: (id: number, search: string) => [...listKeys.all, "items", id, search] as const,
  numberCheck: (id: number) => [...listKeys.all, "number-check", id] as const,
};

/** What the channel said about the list's numbers; refreshed by the list's live events. */
export const useNumberCheck = (id: number) =>
  useQuery({
    queryKey: listKeys.numberCheck(id),
    queryFn: () => api.get<NumberCheckStatus>(`/contact-lists/${id}/number-check`),
  });

export function useStartNumberCheck(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NumberCheckStatus>(`/contact-lists/${id}/number-check`, {}),
    onSuccess: (data) => qc.setQueryData(listKeys.numberCheck(id), data),
  });
}

export function useContactLists(search: string) {
  return useInfiniteQuery({
    queryKey: listKeys.list(search),
    queryFn: ({ pageParam }) =>
      api.get<{ records: ContactList[]; count: number; hasMore: boolean }>("/contact-lists", {
        searchParam: search,
        pageNumber: pageParam,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export const useContactListOptions = () =>
  useQuery({
    queryKey: listKeys.options(),
    queryFn: () => api.get<{ id: number; name: string }[]>("/contact-lists/list"),
  });

export const useContactList = (id: number) =>
  useQuery({ queryKey: listKeys.detail(id), queryFn: () => api.get<ContactList>(`/contact-lists/${id}`) });

export function useContactListItems(listId: number, search: string) {
  return useInfiniteQuery({
    queryKey: listKeys.items(listId, search),
    queryFn: ({ pageParam }) =>
      api.get<{ contacts: ContactListItem[]; count: number; hasMore: boolean }>("/contact-list-items", {
        contactListId: listId,
        searchParam: search,
        pageNumber: pageParam,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: listKeys.all });
}

export function useSaveContactList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id
        ? api.put<ContactList>(`/contact-lists/${id}`, { name })
        : api.post<ContactList>("/contact-lists", { name }),
    onSuccess: invalidate,
  });
}

export function useDeleteContactList() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/contact-lists/${id}`),
    onSuccess: invalidate,
  });
}

export function useSaveItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Partial<ContactListItem> }) =>
      id
        ? api.put<ContactListItem>(`/contact-list-items/${id}`, input)
        : api.post<ContactListItem>("/contact-list-items", input),
    onSuccess: invalidate,
  });
}

export function useDeleteItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/contact-list-items/${id}`),
    onSuccess: invalidate,
  });
}

export function useImportList(listId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.upload<ImportReport>(`/contact-lists/${listId}/upload`, form);
    },
    onSuccess: invalidate,
  });
}

export async function downloadBlob(path: string, filename: string) {
  const blob = await requestBlob(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useContactListsLive(companyId: number, onImport?: (p: ImportProgress) => void) {
  const invalidate = useInvalidate();
  useRealtimeEvent(`company-${companyId}-ContactList`, () => invalidate());
  useRealtimeEvent(`company-${companyId}-ContactListItem`, (data) => {
    const d = data as { action: string } & ImportProgress;
    if (d.action === "import") onImport?.(d);
    else invalidate();
  });
}
