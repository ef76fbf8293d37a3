import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, requestBlob } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";

export type ExtraInfo = { id?: number; name: string; value: string };
export type Contact = {
  id: number;
  name: string;
  number: string;
  email: string | null;
  urlPicture: string | null;
  active: boolean;
  isGroup: boolean;
  channel: string;
  tags: { id: number; name: string; color: string }[];
  extraInfo: ExtraInfo[];
};
export type ContactsPage = { contacts: Contact[]; count: number; hasMore: boolean };
export type ContactInput = { name: string; number: string; email: string; extraInfo: ExtraInfo[] };
export type ImportResult = {
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; value?: string; error: string }[];
};
export type ContactsImportProgress = { processed: number; total: number; done: boolean };

export const contactKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactKeys.all, "list"] as const,
  list: (search: string) => [...contactKeys.lists(), search] as const,
  detail: (id: number) => [...contactKeys.all, "detail", id] as const,
};

export function useContacts(search: string) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(search),
    queryFn: ({ pageParam }) =>
      api.get<ContactsPage>("/contacts", { searchParam: search, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export const useContact = (id: number | null) =>
  useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: () => api.get<Contact>(`/contacts/${id}`),
    enabled: !!id,
    staleTime: 0,
  });

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ContactInput }) =>
      id ? api.put<Contact>(`/contacts/${id}`, input) : api.post<Contact>("/contacts", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/contacts/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useBlockContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked }: { id: number; blocked: boolean }) =>
      api.put<Contact>(`/contacts/block/${id}`, { active: !blocked }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function importContacts(file: File) {
  const form = new FormData();
  form.append("file", file);
  return api.upload<ImportResult>("/contacts/upload", form);
}

export const exportContacts = () => requestBlob("/contacts/export");

/** POST /contacts/import: the phone's WhatsApp address book (the company's WhatsApp line). */
export type PhoneImportResult = {
  whatsappId: number;
  total: number;
  created: number;
  updated: number;
  skipped: number;
};
export const importPhoneContacts = () => api.post<PhoneImportResult>("/contacts/import", {});

/** Progress frames of this user's spreadsheet import (`company-{id}-contact`, action "import"). */
export function useContactsImportProgress(
  companyId: number,
  onProgress: (p: ContactsImportProgress) => void,
) {
  useRealtimeEvent(`company-${companyId}-contact`, (e: { action: string } & ContactsImportProgress) => {
    if (e.action === "import") onProgress({ processed: e.processed, total: e.total, done: e.done });
  });
}

type ContactEvent = { action: "create" | "update" | "delete"; contact?: Contact; contactId?: number };

/** `company-{id}-contact` events patch the cached lists in place. */
export function useContactsLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-contact`, (e: ContactEvent) => {
    qc.setQueriesData<InfiniteData<ContactsPage>>({ queryKey: contactKeys.lists() }, (data) => {
      if (!data) return data;
      const id = e.contact?.id ?? e.contactId;
      if (e.action === "delete") {
        return {
          ...data,
          pages: data.pages.map((p) => ({ ...p, contacts: p.contacts.filter((c) => c.id !== id) })),
        };
      }
      if (!e.contact) return data;
      return {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          contacts: p.contacts.map((c) => (c.id === id ? { ...c, ...e.contact } : c)),
        })),
      };
    });
  });
}
