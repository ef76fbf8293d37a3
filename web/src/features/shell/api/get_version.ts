import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../../lib/storage.ts";

export async function getVersion(): Promise<string | null> {
  try {
    const { version } = await api.get<{ version: string }>("/version");
    writeStorage(STORAGE_KEYS.frontendVersion, version);
    return version;
  } catch (err) {
    console.warn("version unavailable", err);
    return readStorage(STORAGE_KEYS.frontendVersion);
  }
}

export const versionQueryOptions = () =>
  queryOptions({ queryKey: ["version"], queryFn: getVersion, staleTime: Infinity });

export const useVersion = () => useQuery(versionQueryOptions());
