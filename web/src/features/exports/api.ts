/** A company's full exports: the admin's own (`companyId` null) or any company's for the operator. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { CompanyExportDTO } from "@contract/data_rules.ts";

export type CompanyExport = CompanyExportDTO;

const path = (companyId: number | null) =>
  companyId === null ? "/company-exports" : `/companies/${companyId}/exports`;
const key = (companyId: number | null) => ["exports", companyId ?? "own"] as const;
const busy = (list: CompanyExport[] | undefined) =>
  list?.some((e) => e.status === "pending" || e.status === "running");

export const useCompanyExports = (companyId: number | null) =>
  useQuery({
    queryKey: key(companyId),
    queryFn: () => api.get<{ exports: CompanyExport[] }>(path(companyId)).then((r) => r.exports),
    // While one is being built its progress is read again every 1.5 s; a done link lasts an hour.
    refetchInterval: (q) => busy(q.state.data) ? 1_500 : 5 * 60_000,
  });

export function useRequestExport(companyId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CompanyExport>(path(companyId)),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(companyId) }),
  });
}
