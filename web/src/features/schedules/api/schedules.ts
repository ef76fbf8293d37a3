import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { ScheduleOccurrence } from "@contract/schedules.ts";

export type Schedule = {
  id: number;
  body: string;
  contactId: number;
  sendAt: string;
  sentAt: string | null;
  status: "PENDENTE" | "AGENDADA" | "ENVIADA" | "ERRO";
  openTicket: "enabled" | "disabled";
  ticketUserId: number | null;
  queueId: number | null;
  statusTicket: string;
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
  contadorEnvio: number;
  assinar: boolean;
  whatsappId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  lastError: string | null;
  userId: number | null;
  contact: { id: number; name: string; number: string } | null;
  user: { id: number; name: string } | null;
};
type Page = { schedules: Schedule[]; count: number; hasMore: boolean };

export const scheduleKeys = {
  all: ["schedules"] as const,
  list: (search: string) => [...scheduleKeys.all, "list", search] as const,
  calendar: (from: string, to: string) => [...scheduleKeys.all, "calendar", from, to] as const,
};

export function useSchedules(search: string) {
  return useInfiniteQuery({
    queryKey: scheduleKeys.list(search),
    queryFn: ({ pageParam }) => api.get<Page>("/schedules", { searchParam: search, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export type ScheduleCalendar = { schedules: Schedule[]; occurrences: ScheduleOccurrence[] };

/** Every occurrence in [from, to), a recurring schedule's later slots included (the server expands them). */
export const useScheduleCalendar = (from: string, to: string) =>
  useQuery({
    queryKey: scheduleKeys.calendar(from, to),
    queryFn: () => api.get<ScheduleCalendar>("/schedules/calendar", { from, to }),
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: scheduleKeys.all });
}

export function useSaveSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (
      { id, input, file }: { id?: number; input: Record<string, unknown>; file?: File | null },
    ) => {
      const saved = id
        ? await api.put<Schedule>(`/schedules/${id}`, input)
        : await api.post<Schedule>("/schedules", input);
      if (file) {
        const form = new FormData();
        form.append("file", file);
        return await api.upload<Schedule>(`/schedules/${saved.id}/media-upload`, form);
      }
      return saved;
    },
    onSuccess: invalidate,
  });
}

export function useRemoveScheduleMedia() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<Schedule>(`/schedules/${id}/media-upload`),
    onSuccess: invalidate,
  });
}

export function useDeleteSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/schedules/${id}`),
    onSuccess: invalidate,
  });
}

export function useSchedulesLive(companyId: number) {
  const invalidate = useInvalidate();
  useRealtimeEvent(`company-${companyId}-schedule`, () => invalidate());
}
