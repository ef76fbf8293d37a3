/** Audit-log calls (server/audit/routes.ts). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, requestBlob } from "../../lib/api.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import type { AuditFilterChoices, AuditPage, AuditRow } from "@contract/audit.ts";

export type AuditEntry = AuditRow;
export type { AuditFilterChoices, AuditPage };
export type AuditFilters = {
  companyId?: string;
  userId?: string;
  action?: string;
  entity?: string;
  dateFrom?: string;
  dateTo?: string;
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

/** The export writes its dates in the UI language's format (and the reader's zone, server-side). */
export const exportAuditLogs = (filters: AuditFilters) =>
  requestBlob("/audit-logs/export", { ...filters, lang: currentLanguage() });
