/**
 * Inbound media fetched by the channels: the platform's download limit (setting downloadLimit, in
 * MB, default 64) and a download that never buffers more than that.
 */
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";

/** The limit in MB, through the settings cache (read for every inbound media). */
export async function downloadLimitMb(deps: Deps): Promise<number> {
  return Number(await deps.caches.settings.get(PLATFORM_COMPANY_ID, "downloadLimit")) || 64;
}

/** The download limit in bytes. */
export const downloadLimit = async (deps: Deps): Promise<number> =>
  (await downloadLimitMb(deps)) * 1024 * 1024;

/**
 * Downloads a file with a hard size cap (content-length first, then while streaming). Graph media
 * URLs need the token; Messenger CDN URLs do not (and must not get it: the token goes only to the
 * provider's own origin or https hosts).
 */
export async function download(
  url: string,
  o: { token?: string; maxBytes: number; timeoutMs?: number },
): Promise<{ data: Uint8Array; mimetype: string }> {
  const res = await fetch(url, {
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    signal: AbortSignal.timeout(o.timeoutMs ?? 60_000),
  }).catch((err) => {
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { cause: err });
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", { details: { status: res.status } });
  }
  if (Number(res.headers.get("content-length") ?? 0) > o.maxBytes) {
    await res.body?.cancel();
    throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.length;
    if (size > o.maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
    chunks.push(chunk);
  }
  const data = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) (data.set(c, at), at += c.length);
  const mimetype = (res.headers.get("content-type") ?? "application/octet-stream").split(";")[0].trim();
  return { data, mimetype };
}
