/** Audit-log calls (server/audit/routes.ts). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, requestBlob } from "../../lib/api.ts";

export type AuditEntry = {
  id: number;
  companyId: number | null;
  companyName: string | null;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string | null;
  diff: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
};
export type AuditPage = { logs: AuditEntry[]; count: number; hasMore: boolean };
export type AuditFilters = {
  companyId?: string;
  userId?: string;
  action?: string;
  entity?: string;
  dateFrom?: string;
  dateTo?: string;
};
export type AuditFilterChoices = {
  actions: string[];
  entities: string[];
  users: { id: number; name: string }[];
  companies: { id: number; name: string }[];
  isOperator: boolean;
};

export const PAGE_SIZE = 50;

export function useAuditLogs(filters: AuditFilters, pageNumber: number) {
  return useQuery({
    queryKey: ["audit-logs", filters, pageNumber],
    queryFn: () => api.get<AuditPage>("/audit-logs", { ...filters, pageNumber }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFilterChoices(companyId?: string) {
  return useQuery({
    queryKey: ["audit-logs", "filters", companyId ?? null],
    queryFn: () => api.get<AuditFilterChoices>("/audit-logs/filters", { companyId }),
  });
}

export const exportAuditLogs = (filters: AuditFilters) => requestBlob("/audit-logs/export", filters);
