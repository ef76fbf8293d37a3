import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { FlowGraph } from "../components/graph.ts";

export type Flow = { id: number; name: string; active: boolean; updatedAt?: string };
export type FlowDetail = Flow & { flow: FlowGraph; variables: string[] };
export type FlowsPage = { flows: Flow[]; count: number; hasMore: boolean };
export type FlowCampaign = {
  id: number;
  name: string;
  flowId: number;
  whatsappId: number | null;
  phrase: string;
  status: boolean;
};
export type FlowCampaignInput = Omit<FlowCampaign, "id">;

export const flowKeys = {
  all: ["flows"] as const,
  list: (search: string) => [...flowKeys.all, "list", search] as const,
  detail: (id: number) => [...flowKeys.all, "detail", id] as const,
  campaigns: ["flowCampaigns"] as const,
};

export function useFlows(search: string) {
  return useInfiniteQuery({
    queryKey: flowKeys.list(search),
    queryFn: ({ pageParam }) =>
      api.get<FlowsPage>("/flowbuilder", { searchParam: search, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

/** Every flow of the company (the selects of phrase campaigns and connections). */
export function useFlowOptions(enabled = true) {
  return useQuery({
    queryKey: [...flowKeys.all, "options"],
    enabled,
    queryFn: async () => {
      const out: Flow[] = [];
      for (let page = 1; page < 50; page++) {
        const p = await api.get<FlowsPage>("/flowbuilder", { pageNumber: page });
        out.push(...p.flows);
        if (!p.hasMore) break;
      }
      return out;
    },
  });
}

export const useFlow = (id: number) =>
  useQuery({
    queryKey: flowKeys.detail(id),
    queryFn: async () => (await api.get<{ flow: FlowDetail }>(`/flowbuilder/flow/${id}`)).flow,
    staleTime: 0,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: flowKeys.all });
}

export function useSaveFlowName() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id ? api.put<Flow>("/flowbuilder", { flowId: id, name }) : api.post<Flow>("/flowbuilder", { name }),
    onSuccess: done,
  });
}

export function useDuplicateFlow() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<Flow>("/flowbuilder/duplicate", { flowId: id }),
    onSuccess: done,
  });
}

export function useDeleteFlow() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.delete(`/flowbuilder/${id}`), onSuccess: done });
}

export function useSaveGraph(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (g: FlowGraph) =>
      api.post<{ flow: FlowDetail }>("/flowbuilder/flow", {
        idFlow: id,
        nodes: g.nodes,
        connections: g.connections,
      }),
    onSuccess: (r) => qc.setQueryData(flowKeys.detail(id), r.flow),
  });
}

/**
 * Live lists: another admin's change refreshes the flow list (and the flow selects) or the phrase
 * campaigns. The open editor's flow is left alone so a colleague's save never resets a canvas.
 */
export function useFlowsLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-flowbuilder`, () => {
    qc.invalidateQueries({ queryKey: [...flowKeys.all, "list"] });
    qc.invalidateQueries({ queryKey: [...flowKeys.all, "options"] });
  });
}

export function useFlowCampaignsLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(
    `company-${companyId}-flowcampaign`,
    () => qc.invalidateQueries({ queryKey: flowKeys.campaigns }),
  );
}

export type UploadKind = "img" | "audio" | "content";

/** Stores one file for a node; answers its stored name (the node's `url`). */
export async function uploadFlowFile(kind: UploadKind, file: File): Promise<string> {
  const form = new FormData();
  form.append("medias", file);
  form.append("fromMe", "true");
  form.append("body", file.name);
  if (kind === "content") return (await api.upload<string[]>("/flowbuilder/content", form))[0];
  return (await api.upload<{ name: string }>(`/flowbuilder/${kind}`, form)).name;
}

export const flowMediaUrl = async (path: string) =>
  (await api.get<{ url: string }>("/flowbuilder/media", { path })).url;

export const useFlowCampaigns = () =>
  useQuery({ queryKey: flowKeys.campaigns, queryFn: () => api.get<FlowCampaign[]>("/flowcampaign") });

export function useSaveFlowCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: FlowCampaignInput }) =>
      id
        ? api.put<FlowCampaign>("/flowcampaign", { id, ...input })
        : api.post<FlowCampaign>("/flowcampaign", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowKeys.campaigns }),
  });
}

export function useDeleteFlowCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/flowcampaign/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowKeys.campaigns }),
  });
}

type Named = { id: number; name: string };

/** Queues, integrations and prompts for the node dialogs; a call the server lacks yields an empty list. */
export function usePickList(path: "/queue" | "/queueIntegration" | "/prompt", enabled = true) {
  return useQuery({
    queryKey: ["flowPick", path],
    enabled,
    queryFn: async () => {
      try {
        const r = await api.get<Named[] | { prompts?: Named[]; queueIntegrations?: Named[] }>(path);
        return Array.isArray(r) ? r : r.prompts ?? r.queueIntegrations ?? [];
      } catch {
        return [] as Named[];
      }
    },
  });
}
