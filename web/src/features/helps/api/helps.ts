/** Help videos (spec 2 §2 gallery; spec 3 §2 help admin): GET /helps/list, operator CRUD. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { helpsQueryOptions } from "./list_helps.ts";

export type Help = { id: number; title: string; description?: string | null; video?: string | null };
export type HelpInput = { title: string; description: string | null; video: string | null };

/** The same query as the menu's (it shows Help only when there are some). */
export const useHelps = () => useQuery(helpsQueryOptions());

export const youtubeThumb = (code: string) =>
  `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
export const youtubeEmbed = (code: string) =>
  `https://www.youtube.com/embed/${encodeURIComponent(code)}?autoplay=1`;

export function useSaveHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: HelpInput }) =>
      id ? api.put<Help>(`/helps/${id}`, input) : api.post<Help>("/helps", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["helps"] }),
  });
}

export function useDeleteHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/helps/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["helps"] }),
  });
}
