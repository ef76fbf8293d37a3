/** What the menu asks of the help videos: whether there are any (the Help item shows only then). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export type Help = { id: number; title: string; description?: string; video?: string };

/** Help entries; errors count as none (the menu item then stays hidden). */
export async function listHelps(): Promise<Help[]> {
  try {
    const list = await api.get<Help[]>("/helps/list");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const helpsQueryOptions = () => queryOptions({ queryKey: ["helps", "list"], queryFn: listHelps });

export const useHasHelps = () => (useQuery(helpsQueryOptions()).data?.length ?? 0) > 0;
