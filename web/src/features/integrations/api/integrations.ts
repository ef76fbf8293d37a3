/**
 * AI prompts (/prompt) and queue integrations (/queueIntegration) — spec 2 §7. Saving either
 * refreshes the queue and connection editors' selectors (/queue/refs).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";

export type Prompt = {
  id: number;
  name: string;
  prompt: string;
  model: string;
  voice: string;
  voiceKey: string | null;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  /** Masked ("••••1234"); sending it back keeps the stored key. */
  apiKey: string;
  hasApiKey: boolean;
  queueId: number | null;
  maxMessages: number;
  fileNameIA: string | null;
  fileUrl: string | null;
  queue: { id: number; name: string } | null;
};
export type PromptInput = Omit<Prompt, "id" | "queue" | "hasApiKey" | "fileNameIA" | "fileUrl">;

export const INTEGRATION_TYPES = ["typebot", "n8n", "webhook", "dialogflow", "flowbuilder"] as const;
export type IntegrationType = typeof INTEGRATION_TYPES[number];
export type Integration = {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  /** Masked service-account JSON. */
  jsonContent: string;
  hasJsonContent: boolean;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotUnknownMessage: string | null;
};
export type IntegrationInput = Omit<Integration, "id" | "hasJsonContent">;

const keys = {
  prompts: ["prompts"] as const,
  integrations: ["queueIntegrations"] as const,
  integrationList: (s: string) => ["queueIntegrations", "list", s] as const,
};
const refsKey = ["queues", "refs"] as const;

export function usePrompts(search: string) {
  return useInfiniteQuery({
    queryKey: [...keys.prompts, search],
    queryFn: () =>
      api.get<{ prompts: Prompt[]; count: number; hasMore: boolean }>("/prompt", { searchParam: search }),
    initialPageParam: 1,
    getNextPageParam: () => undefined,
  });
}

export function useIntegrations(search: string) {
  return useInfiniteQuery({
    queryKey: keys.integrationList(search),
    queryFn: ({ pageParam }) =>
      api.get<{ queueIntegrations: Integration[]; count: number; hasMore: boolean }>("/queueIntegration", {
        searchParam: search,
        pageNumber: pageParam,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

/** The connection editor's selectors. */
export const usePromptOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...keys.prompts, "options"],
    queryFn: () => api.get<{ prompts: Prompt[] }>("/prompt"),
    enabled,
  });
export const useIntegrationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...keys.integrations, "options"],
    queryFn: async () => {
      const all: Integration[] = [];
      for (let page = 1;; page++) {
        const r = await api.get<{ queueIntegrations: Integration[]; hasMore: boolean }>("/queueIntegration", {
          pageNumber: page,
        });
        all.push(...r.queueIntegrations);
        if (!r.hasMore || page >= 20) return all;
      }
    },
    enabled,
  });

export function useIntegrationsLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-prompt`, () => {
    qc.invalidateQueries({ queryKey: keys.prompts });
    qc.invalidateQueries({ queryKey: refsKey });
  });
  useRealtimeEvent(`company-${companyId}-queueIntegration`, () => {
    qc.invalidateQueries({ queryKey: keys.integrations });
    qc.invalidateQueries({ queryKey: refsKey });
  });
}

function useSave<I>(path: string, key: readonly string[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: I }) =>
      id ? api.put<unknown>(`${path}/${id}`, input) : api.post<unknown>(path, input),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: key });
      qc.invalidateQueries({ queryKey: refsKey });
    },
  });
}
function useRemove(path: string, key: readonly string[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${path}/${id}`),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: key });
      qc.invalidateQueries({ queryKey: refsKey });
    },
  });
}

/** Saves the prompt, then its attached file (multipart, spec 2 §5) when one was chosen. */
export function useSavePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, file }: { id?: number; input: PromptInput; file?: File | null }) => {
      const saved = id
        ? await api.put<Prompt>(`/prompt/${id}`, input)
        : await api.post<Prompt>("/prompt", input);
      if (!file) return saved;
      const form = new FormData();
      form.append("file", file);
      return await api.put<Prompt>(`/prompt/${saved.id}`, undefined, { form });
    },
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: keys.prompts });
      qc.invalidateQueries({ queryKey: refsKey });
    },
  });
}
export const useDeletePrompt = () => useRemove("/prompt", keys.prompts);
export const useSaveIntegration = () => useSave<IntegrationInput>("/queueIntegration", keys.integrations);
export const useDeleteIntegration = () => useRemove("/queueIntegration", keys.integrations);

export const useTestSession = () =>
  useMutation({
    mutationFn: (input: { projectName: string; jsonContent: string; language: string }) =>
      api.post<{ ok: boolean; message: string }>("/queueIntegration/testSession", input),
  });
