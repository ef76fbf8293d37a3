/** The operator's data rules: retention per plan and company with the counts, and the backups. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import type { RetentionCompanyDTO, RetentionOverviewDTO, RetentionRule } from "@contract/data_rules.ts";

export type { RetentionCompanyDTO, RetentionRule };
export type Backup = { name: string; size: number; createdAt: string | null };
export type BackupsView = { enabled: boolean; keepHours: number; keepDays: number; backups: Backup[] };

const keys = { retention: ["backoffice", "retention"] as const, backups: ["backoffice", "backups"] as const };

export const useRetention = () =>
  useQuery({ queryKey: keys.retention, queryFn: () => api.get<RetentionOverviewDTO>("/retention") });

export function useSaveRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { target: "plans" | "companies"; id: number; rule: RetentionRule }) =>
      api.put<{ rule: RetentionRule | null }>(`/retention/${v.target}/${v.id}`, v.rule),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.retention }),
  });
}

export const useBackups = () =>
  useQuery({ queryKey: keys.backups, queryFn: () => api.get<BackupsView>("/backups") });

export function useBackupNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ name: string; size: number; ms: number }>("/backups"),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.backups }),
  });
}
