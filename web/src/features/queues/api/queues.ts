import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { WorkingHours } from "@contract/companies.ts";

export type { WorkingHours };

export type OptionType = "text" | "attendent" | "queue" | "integration" | "file";

export type ChatbotOption = {
  id?: number;
  name: string;
  greetingMessage: string | null;
  queueType: OptionType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: boolean;
  options: ChatbotOption[];
};

export type Queue = {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  schedules: WorkingHours[];
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
};
export type QueueDetail = Queue & { chatbots: ChatbotOption[] };
export type QueueInput = Omit<Queue, "id"> & { chatbots: ChatbotOption[] };

export type RefOption = { id: number; name: string; type?: string };
export type QueueRefs = { integrations: RefOption[]; prompts: RefOption[]; files: RefOption[] };

export const queueKeys = {
  all: ["queues"] as const,
  detail: (id: number) => ["queues", "detail", id] as const,
  refs: ["queues", "refs"] as const,
};

export const useQueueList = () =>
  useQuery({ queryKey: queueKeys.all, queryFn: () => api.get<Queue[]>("/queue") });

export const useQueue = (id: number | undefined) =>
  useQuery({
    queryKey: queueKeys.detail(id ?? 0),
    queryFn: () => api.get<QueueDetail>(`/queue/${id}`),
    enabled: !!id,
    staleTime: 0,
  });

export const useQueueRefs = () =>
  useQuery({ queryKey: queueKeys.refs, queryFn: () => api.get<QueueRefs>("/queue/refs") });

export const useUserOptions = () =>
  useQuery({
    queryKey: ["users", "options"],
    queryFn: () => api.get<{ id: number; name: string }[]>("/users/list"),
  });

export function useSaveQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: QueueInput }) =>
      id ? api.put<QueueDetail>(`/queue/${id}`, input) : api.post<QueueDetail>("/queue", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: queueKeys.all }),
  });
}

export function useDeleteQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/queue/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queueKeys.all }),
  });
}

export function useQueuesLive(companyId: number) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-queue`, () => qc.invalidateQueries({ queryKey: queueKeys.all }));
}

export type CompanySchedules = { id: number; schedules: WorkingHours[]; timezone: string };

export const useCompanySchedules = (companyId: number) =>
  useQuery({
    queryKey: ["companySchedules", companyId],
    queryFn: () => api.get<CompanySchedules>(`/companies/${companyId}/schedules`),
  });

export function useSaveCompanySchedules(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (schedules: WorkingHours[]) =>
      api.put<CompanySchedules>(`/companies/${companyId}/schedules`, { schedules }),
    onSuccess: (data) => qc.setQueryData(["companySchedules", companyId], data),
  });
}
