/** Announcements (spec 2 §7): the operator's admin list and the top bar's live list. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";

export type Announcement = {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  expiresAt: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  createdAt: string;
};
type Page = { records: Announcement[]; count: number; hasMore: boolean };
export type AnnouncementInput = {
  title: string;
  text: string;
  priority: number;
  status: boolean;
  expiresAt: string | null;
};

export const announcementKeys = {
  all: ["announcements"] as const,
  admin: (search: string) => ["announcements", "admin", search] as const,
  live: ["announcements", "live"] as const,
};

/** Priority 1 high (red), 2 medium (orange), 3 low (grey). */
export const PRIORITY_COLORS: Record<number, string> = { 1: "#dc2626", 2: "#ea580c", 3: "#6b7280" };

/** The operator's table: every announcement (?all=1). */
export function useAdminAnnouncements(search: string) {
  return useInfiniteQuery({
    queryKey: announcementKeys.admin(search),
    queryFn: ({ pageParam }) =>
      api.get<Page>("/announcements", { searchParam: search, pageNumber: pageParam, all: 1 }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

/** The top bar: the active, unexpired ones, kept live by company-announcement. */
export function useLiveAnnouncements() {
  const qc = useQueryClient();
  useRealtimeEvent("company-announcement", () => qc.invalidateQueries({ queryKey: announcementKeys.all }));
  return useQuery({
    queryKey: announcementKeys.live,
    queryFn: () => api.get<Page>("/announcements", { pageNumber: 1 }).then((p) => p.records),
    staleTime: 60_000,
  });
}

/** The attachments an announcement takes (spec 2 §9); the server refuses any other. */
export const ANNOUNCEMENT_IMAGE = {
  accept: "image/png,image/jpeg,.png,.jpg,.jpeg",
  pattern: /\.(png|jpe?g)$/i,
};

/** True when `file` is an image the server accepts: checked before anything is saved. */
export const acceptableAttachment = (file: File) =>
  /^image\/(png|jpe?g)$/.test(file.type) || ANNOUNCEMENT_IMAGE.pattern.test(file.name);

export function useSaveAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      { id, input, file, removeMedia }: {
        id?: number;
        input: AnnouncementInput;
        file?: File | null;
        removeMedia?: boolean;
      },
    ) => {
      const saved = id
        ? await api.put<Announcement>(`/announcements/${id}`, input)
        : await api.post<Announcement>("/announcements", input);
      if (removeMedia && saved.mediaName) await api.delete(`/announcements/${saved.id}/media-upload`);
      if (file) {
        const form = new FormData();
        form.append("typeArch", "announcements");
        form.append("file", file);
        try {
          return await api.upload<Announcement>(`/announcements/${saved.id}/media-upload`, form);
        } catch (err) {
          // Never saved half-way: a new announcement whose attachment is refused is taken back,
          // so Save again does not publish a second copy.
          if (!id) await api.delete(`/announcements/${saved.id}`).catch(() => undefined);
          throw err;
        }
      }
      return saved;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/announcements/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
