import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import type { PlanDTO as Plan } from "@contract/companies.ts";
import type { PaymentResponse } from "@contract/companies.ts";

export type Invoice = {
  id: number;
  companyId: number;
  detail: string;
  status: "open" | "proceso" | "paid" | string;
  value: number;
  /** ISO 4217; the invoice keeps the currency it was issued in. */
  currency: string;
  users: number;
  connections: number;
  queues: number;
  dueDate: string;
  linkInvoice: string | null;
  subscriptionId: string | null;
  planId: number | null;
  paidAt: string | null;
  /** The last payment for it was refused (why is the operator's to see): "contact support". */
  paymentRefused?: boolean;
};
export type InvoicesPage = { invoices: Invoice[]; count: number; hasMore: boolean };
export type PublicPlan = Plan & { recurrence: string; isPublic: boolean };

export type CheckoutPayload = {
  firstName: string;
  lastName?: string;
  address2?: string;
  city?: string;
  state?: string;
  zipcode: string;
  country?: string;
  useAddressForPaymentDetails?: boolean;
  plan: string;
  price: number;
  users: number;
  connections: number;
  invoiceId: number;
  isRecurrent: boolean;
};
export type { PaymentResponse };

export const billingKeys = {
  all: ["billing"] as const,
  invoices: (search: string) => [...billingKeys.all, "invoices", search] as const,
  count: () => [...billingKeys.all, "count"] as const,
  plans: () => [...billingKeys.all, "plans"] as const,
};

export function useInvoices(search: string) {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(search),
    queryFn: ({ pageParam }) =>
      api.get<InvoicesPage>("/invoices/all", { searchParam: search, pageNumber: pageParam, view: "page" }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
}

/** Plans a company may buy (the public ones; the operator sees all). */
export const useCheckoutPlans = () =>
  useQuery({ queryKey: billingKeys.plans(), queryFn: () => api.get<PublicPlan[]>("/plans/all") });

export function useCheckout() {
  return useMutation({ mutationFn: (p: CheckoutPayload) => api.post<PaymentResponse>("/subscription", p) });
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) => api.post<void>("/subscription/cancel", { subscriptionId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export function useUploadReceipt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<unknown>("/recepts", undefined, { form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** Invoices refresh live (created, in process, paid) for the company. */
export function useInvoicesLive(companyId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: billingKeys.all });
  useRealtimeEvent(`company-${companyId}-invoice`, refresh);
  useRealtimeEvent(`company-${companyId}-recepts`, refresh);
}
