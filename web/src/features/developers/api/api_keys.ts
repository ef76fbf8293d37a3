/** API key calls (server/api_keys/routes.ts): list, create (the secret comes back once), revoke. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyRow, CreateApiKeyInput, CreatedApiKey } from "@contract/api_keys.ts";
import { api } from "../../../lib/api.ts";

export type { ApiKeyRow, CreateApiKeyInput, CreatedApiKey };

export const API_KEYS_KEY = ["api-keys"] as const;

export const useApiKeys = () =>
  useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: async () => (await api.get<{ apiKeys: ApiKeyRow[] }>("/api-keys")).apiKeys,
  });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKey>("/api-keys", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<ApiKeyRow>(`/api-keys/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
