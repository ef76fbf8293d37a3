import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { useRealtimeEvent } from "../../../lib/realtime.ts";
import {
  type CompanyDTO,
  type PaymentIssueDTO,
  type PaymentIssuesPage,
  PLAN_FLAGS,
  type PlanDTO,
  type PlanFlag,
  RECURRENCES,
} from "@contract/companies.ts";

export { type PaymentIssueDTO as PaymentIssue, PLAN_FLAGS, type PlanFlag, RECURRENCES };

export type AdminPlan = PlanDTO;
export type AdminCompany = CompanyDTO;
export type CompaniesPage = { companies: AdminCompany[]; count: number; hasMore: boolean };
export type CompanyInput = {
  name: string;
  email: string;
  password?: string;
  phone?: string;
  document?: string;
  planId: number;
  status: boolean;
  numberAttendants?: number | null;
  numberConections?: number | null;
  recurrence: string;
  dueDate?: string | null;
};
export type Receipt = {
  id: number;
  companyId: number;
  invoiceId: number | null;
  descripcion: string;
  comprobante: string | null;
  estado: number;
  totalPrice: number;
  planName: string | null;
  createdAt: string;
  updatedAt: string;
  company: { id: number; name: string };
};
export type ReceiptsPage = { receipts: Receipt[]; count: number; hasMore: boolean };
export type PurgeProgress = { companyId: number; done: number; total: number; finished: boolean };

export const boKeys = {
  all: ["backoffice"] as const,
  companies: (search: string, page: number, size: number) =>
    ["backoffice", "companies", search, page, size] as const,
  plans: () => ["backoffice", "plans"] as const,
  receipts: (search: string, page: number) => ["backoffice", "receipts", search, page] as const,
  paymentIssues: (page: number) => ["backoffice", "paymentIssues", page] as const,
};

export const useCompanies = (search: string, page: number, size: number) =>
  useQuery({
    queryKey: boKeys.companies(search, page, size),
    queryFn: () =>
      api.get<CompaniesPage>("/companies", { searchParam: search, pageNumber: page, pageSize: size }),
    placeholderData: keepPreviousData,
  });

export const useAdminPlans = () =>
  useQuery({ queryKey: boKeys.plans(), queryFn: () => api.get<AdminPlan[]>("/plans/all") });

function useInvalidating<TArgs>(fn: (args: TArgs) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: boKeys.all }) });
}

export const useSaveCompany = () =>
  useInvalidating(({ id, input }: { id?: number; input: Partial<CompanyInput> }) =>
    id ? api.put(`/companies/${id}`, input) : api.post("/companies", input)
  );
export const useDeleteCompany = () => useInvalidating((id: number) => api.delete(`/companies/${id}`));
export const useRenewCompany = () => useInvalidating((id: number) => api.post(`/companies/${id}/renew`));
export const useRefreshFolder = () => useInvalidating((id: number) => api.post(`/companies/${id}/folder`));
export const useSavePlan = () =>
  useInvalidating(({ id, input }: { id?: number; input: Partial<AdminPlan> }) =>
    id ? api.put(`/plans/${id}`, input) : api.post("/plans", input)
  );
export const useDeletePlan = () => useInvalidating((id: number) => api.delete(`/plans/${id}`));

export const useReceipts = (search: string, page: number) =>
  useQuery({
    queryKey: boKeys.receipts(search, page),
    queryFn: () => api.get<ReceiptsPage>("/recepts", { searchParam: search, pageNumber: page }),
    placeholderData: keepPreviousData,
  });
export const useReviewReceipt = () =>
  useInvalidating((
    { id, estado, invoiceId, companyId }: {
      id: number;
      estado: 2 | 3;
      invoiceId: number | null;
      companyId: number;
    },
  ) => api.put(`/recepts/${id}`, { estado, invoiceId, companyId }));

/** The operator's payments review: refused payments and provider failures, newest first. */
export const usePaymentIssues = (page: number) =>
  useQuery({
    queryKey: boKeys.paymentIssues(page),
    queryFn: () => api.get<PaymentIssuesPage>("/payment-issues", { pageNumber: page }),
    placeholderData: keepPreviousData,
  });

export function useUploadCertificate() {
  return useMutation({
    mutationFn: ({ ref, file }: { ref: string; file: File }) => {
      const form = new FormData();
      form.set("file", file);
      return api.post<{ mensagem: string }>(
        `/settings/cert-upload?ref=${encodeURIComponent(ref)}`,
        undefined,
        { form },
      );
    },
  });
}

/** The operator's live lists: companies, plans, receipts, payment issues (events of company 1). */
export function useBackofficeLive(companyId: number, onPurge?: (p: PurgeProgress) => void) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: boKeys.all });
  useRealtimeEvent(`company-${companyId}-company`, refresh);
  useRealtimeEvent(`company-${companyId}-plan`, refresh);
  useRealtimeEvent(`company-${companyId}-recepts`, refresh);
  useRealtimeEvent(`company-${companyId}-paymentIssue`, refresh);
  useRealtimeEvent(`company-${companyId}-companyDelete`, (p: PurgeProgress) => {
    onPurge?.(p);
    if (p.finished) refresh();
  });
}
