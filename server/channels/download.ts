/**
 * Inbound media fetched by the channels: the platform's download limit (setting downloadLimit, in
 * MB, default 64) and a download that never buffers more than that.
 */
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import { readCapped, safeFetch } from "../lib/safe_fetch.ts";

/** The limit in MB, through the settings cache (read for every inbound media). */
export async function downloadLimitMb(deps: Deps): Promise<number> {
  return Number(await deps.caches.settings.get(PLATFORM_COMPANY_ID, "downloadLimit")) || 64;
}

/** The download limit in bytes. */
export const downloadLimit = async (deps: Deps): Promise<number> =>
  (await downloadLimitMb(deps)) * 1024 * 1024;

/**
 * Downloads a file through the SSRF guard (lib/safe_fetch.ts) with a hard size cap
 * (content-length first, then while streaming). Graph media URLs need the token; Messenger CDN
 * URLs do not (and must not get it: the token goes only to the provider's own origin or https
 * hosts, and is dropped when a redirect leaves the origin). A refused target answers
 * ERR_URL_NOT_ALLOWED; any other failure ERR_WAPP_DOWNLOAD_MEDIA.
 */
export async function download(
  deps: Deps,
  url: string,
  o: { token?: string; maxBytes: number; timeoutMs?: number },
): Promise<{ data: Uint8Array; mimetype: string }> {
  const res = await safeFetch(deps.fetchGuard, url, {
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    timeoutMs: o.timeoutMs ?? 60_000,
  }).catch((err) => {
    if (err instanceof AppError) throw err;
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { cause: err });
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { details: { status: res.status } });
  }
  const data = await readCapped(res, o.maxBytes).catch((err) => {
    if (err instanceof AppError) throw err;
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { cause: err });
  });
  const mimetype = (res.headers.get("content-type") ?? "application/octet-stream").split(";")[0].trim();
  return { data, mimetype };
}
