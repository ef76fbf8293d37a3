import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export type Setting = { key: string; value: string | null };
export const settingsKey = ["settings"] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<Setting[]>("/settings"),
    select: (list) =>
      Object.fromEntries((list ?? []).map((s) => [s.key, s.value ?? ""])) as Record<string, string>,
  });
}

/** PUT /settings/{key}; each field owns one so it can show its own updating indicator. */
export function useUpdateSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) =>
      api.put<Setting>(`/settings/${key}`, { value }),
    onSuccess: (saved, { key, value }) => {
      qc.setQueryData<Setting[]>(settingsKey, (list) => {
        const next = { key, value: saved?.value ?? value };
        if (!list) return [next];
        return list.some((s) => s.key === key)
          ? list.map((s) => (s.key === key ? next : s))
          : [...list, next];
      });
    },
  });
}

export type LogoMode = "Light" | "Dark" | "Favicon";

export function uploadLogo(mode: LogoMode, file: File) {
  const form = new FormData();
  form.append("typeArch", "logo");
  form.append("mode", mode);
  form.append("file", file);
  return api.upload<string>("/settings-whitelabel/logo", form);
}
