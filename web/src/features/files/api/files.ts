/** File lists (spec 2 §7): GET/POST/PUT/DELETE /files, POST /files/uploadList/{id}. */
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";

export type FileOption = {
  id: number;
  name: string;
  path: string;
  mediaType: string | null;
  url: string | null;
};
export type FileList = { id: number; name: string; message: string; options: FileOption[] };
type Page = { files: FileList[]; count: number; hasMore: boolean };

/** An option row of the editor: an existing option (id) or a new one; `file` is a pending upload. */
export type OptionDraft = {
  key: string;
  id?: number;
  name: string;
  current?: string | null;
  file?: File | null;
};

export const fileKeys = { all: ["files"] as const, list: (s: string) => ["files", "list", s] as const };

export function useFileLists(search: string) {
  return useInfiniteQuery({
    queryKey: fileKeys.list(search),
    queryFn: ({ pageParam }) => api.get<Page>("/files", { searchParam: search, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export function useFilesLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-file`, () => qc.invalidateQueries({ queryKey: fileKeys.all }));
}

/**
 * Saves the list, then uploads the chosen files: an existing option's new file by its id; a new
 * option that has a file is created by the upload itself (so it is not sent in the JSON).
 */
export function useSaveFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      { id, name, message, options }: { id?: number; name: string; message: string; options: OptionDraft[] },
    ) => {
      const json = {
        name,
        message,
        options: options.filter((o) => o.id || !o.file).map((o) => ({ id: o.id, name: o.name })),
      };
      const saved = id
        ? await api.put<FileList>(`/files/${id}`, json)
        : await api.post<FileList>("/files", json);
      const uploads = options.filter((o) => o.file);
      if (!uploads.length) return saved;
      const form = new FormData();
      form.append("typeArch", "fileList");
      for (const o of uploads) {
        form.append("files", o.file!);
        form.append("id", o.id ? String(o.id) : "");
        form.append("name", o.name);
      }
      return await api.upload<FileList>(`/files/uploadList/${saved.id}`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function useDeleteFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/files/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: fileKeys.all }),
  });
}
