/** Event webhooks: subscriptions, their delivery log and "send again" (/api/webhook-subscriptions). */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookSubscriptionDTO,
  WebhookSubscriptionWithSecret,
} from "@contract/webhooks.ts";
import { api } from "../../../lib/api.ts";

export type SubscriptionInput = {
  url: string;
  description: string;
  events: WebhookEventType[];
  status?: "active" | "disabled";
};

const BASE = "/webhook-subscriptions";
export const webhookKeys = {
  all: ["webhooks"] as const,
  list: ["webhooks", "list"] as const,
  deliveries: (id: number, status: string) => ["webhooks", "deliveries", id, status] as const,
  delivery: (id: number, deliveryId: number) => ["webhooks", "delivery", id, deliveryId] as const,
};

export const useSubscriptions = () =>
  useQuery({ queryKey: webhookKeys.list, queryFn: () => api.get<WebhookSubscriptionDTO[]>(BASE) });

export function useSaveSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SubscriptionInput }) =>
      id
        ? api.put<WebhookSubscriptionDTO>(`${BASE}/${id}`, input)
        : api.post<WebhookSubscriptionWithSecret>(BASE, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

export function useDeleteSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${BASE}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useRotateSecret() {
  const qc = useQueryClient();
  return useMutation({
    /** overlapHours: how long the former secret keeps signing beside the new one (0: stops now). */
    mutationFn: ({ id, overlapHours }: { id: number; overlapHours: number }) =>
      api.post<WebhookSubscriptionWithSecret>(`${BASE}/${id}/rotate-secret`, { overlapHours }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list }),
  });
}

/** A subscription's deliveries, newest first, 30 a page. */
export function useDeliveries(id: number, status: WebhookDeliveryStatus | "") {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id, status),
    queryFn: ({ pageParam }) =>
      api.get<WebhookDeliveryPage>(`${BASE}/${id}/deliveries`, {
        limit: 30,
        ...(status ? { status } : {}),
        ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.deliveries.at(-1)?.id : undefined),
    // The log is live while open: retries and "send again" land on their own.
    refetchInterval: 5000,
  });
}

export const useDelivery = (id: number, deliveryId: number) =>
  useQuery({
    queryKey: webhookKeys.delivery(id, deliveryId),
    queryFn: () => api.get<WebhookDeliveryDetail>(`${BASE}/${id}/deliveries/${deliveryId}`),
    refetchInterval: 5000,
  });

export function useResend(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.post<WebhookDeliveryDetail>(`${BASE}/${id}/deliveries/${deliveryId}/resend`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["webhooks"] }),
  });
}
