import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";

export type CampaignStatus = "INATIVA" | "PROGRAMADA" | "EM_ANDAMENTO" | "CANCELADA" | "FINALIZADA";
export type Campaign = {
  id: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  /** Hours a confirmation request waits before the contact counts as "no answer". */
  confirmationWindowHours: number;
  scheduledAt: string | null;
  completedAt: string | null;
  contactListId: number | null;
  tagListId: number | null;
  whatsappId: number | null;
  userId: number | null;
  queueId: number | null;
  statusTicket: string;
  openTicket: "enabled" | "disabled";
  mediaPath: string | null;
  mediaName: string | null;
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; channel: string } | null;
  tagList: { id: number; name: string } | null;
} & Record<`message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`, string | null>;

export type Counts = {
  total: number;
  pending: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  noAnswer: number;
  cancelled: number;
  failed: number;
  /** Handed to a provider that cannot deduplicate when the server stopped: maybe received, not resent. */
  uncertain?: number;
  contacts?: number;
};
export type ShipmentRow = {
  id: number;
  number: string;
  name: string | null;
  status: string;
  message: string;
  deliveredAt: string | null;
  confirmationRequestedAt: string | null;
  confirmation: boolean;
  confirmedAt: string | null;
  lastError: string | null;
};
export type Report = {
  campaign: Campaign;
  counts: Counts;
  records: ShipmentRow[];
  count: number;
  hasMore: boolean;
};
export type Setting = { key: string; value: unknown };

export const campaignKeys = {
  all: ["campaigns"] as const,
  list: (search: string) => [...campaignKeys.all, "list", search] as const,
  report: (id: number) => [...campaignKeys.all, "report", id] as const,
  settings: () => [...campaignKeys.all, "settings"] as const,
};

export function useCampaigns(search: string) {
  return useInfiniteQuery({
    queryKey: campaignKeys.list(search),
    queryFn: ({ pageParam }) =>
      api.get<{ records: Campaign[]; count: number; hasMore: boolean }>("/campaigns", {
        searchParam: search,
        pageNumber: pageParam,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

export function useReport(id: number) {
  return useInfiniteQuery({
    queryKey: campaignKeys.report(id),
    queryFn: ({ pageParam }) => api.get<Report>(`/campaigns/${id}/report`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: campaignKeys.all });
}

export function useSaveCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Record<string, unknown> }) =>
      id ? api.put<Campaign>(`/campaigns/${id}`, input) : api.post<Campaign>("/campaigns", input),
    onSuccess: invalidate,
  });
}

export function useCampaignAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: "cancel" | "restart" | "finish" | "start" }) =>
      api.post<Campaign>(`/campaigns/${id}/${action}`),
    onSuccess: invalidate,
  });
}

export function useDeleteCampaign() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/campaigns/${id}`),
    onSuccess: invalidate,
  });
}

export function useCampaignMedia() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return api.delete<Campaign>(`/campaigns/${id}/media-upload`);
      const form = new FormData();
      form.append("file", file);
      return api.upload<Campaign>(`/campaigns/${id}/media-upload`, form);
    },
    onSuccess: invalidate,
  });
}

export const useCampaignSettings = () =>
  useQuery({ queryKey: campaignKeys.settings(), queryFn: () => api.get<Setting[]>("/campaign-settings") });

export function useSaveCampaignSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      api.post<Setting[]>("/campaign-settings", { settings }),
    onSuccess: invalidate,
  });
}

/** Campaign records and progress: lists and the report refetch; progress frames carry live counts. */
export function useCampaignsLive(
  companyId: number,
  onProgress?: (campaignId: number, counts: Counts) => void,
) {
  const qc = useQueryClient();
  useRealtimeEvent(`company-${companyId}-campaign`, (data) => {
    const d = data as { action: string; campaignId?: number; counts?: Counts };
    if (d.action === "progress" && d.campaignId && d.counts) onProgress?.(d.campaignId, d.counts);
    else qc.invalidateQueries({ queryKey: campaignKeys.all });
  });
}

/** Why the server refused to start a campaign (ERR_CAMPAIGN_NOTHING_TO_SEND), or null for any other error. */
export function nothingToSend(
  err: unknown,
): "noMessage" | "noConnection" | "noAudience" | "noContacts" | null {
  if (!(err instanceof ApiError) || err.code !== "ERR_CAMPAIGN_NOTHING_TO_SEND") return null;
  const reason = (err.details as { reason?: string } | undefined)?.reason;
  return reason === "noMessage" || reason === "noConnection" || reason === "noAudience" ||
      reason === "noContacts"
    ? reason
    : null;
}
