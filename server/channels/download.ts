/**
 * Inbound media fetched by the channels: the platform's download limit (setting downloadLimit, in
 * MB, default 64) and a download that never buffers more than that.
 */
import type { Deps } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import { PLATFORM_COMPANY_ID } from "../settings/registry.ts";
import { readCapped, safeFetch, UrlRefusedError } from "../lib/safe_fetch.ts";
import type { InboundMedia, PendingMedia } from "./adapter.ts";

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
 * ERR_URL_NOT_ALLOWED (as does a link that is not an absolute URL); any other failure
 * ERR_WAPP_DOWNLOAD_MEDIA.
 */
export async function download(
  deps: Deps,
  url: string,
  o: { token?: string; maxBytes: number; timeoutMs?: number },
): Promise<{ data: Uint8Array; mimetype: string }> {
  // A relative or malformed link (seen in story mentions) can never be fetched: say so as such.
  if (!URL.canParse(url)) throw new UrlRefusedError(url, "invalid URL");
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

/**
 * The first download of an inbound message's media, on arrival. A failure never holds the message
 * back: it is stored at once with `pendingMedia` (the media job retries it) — or already
 * `unavailable` when the link can never work (not a URL, relative, refused by the guard).
 */
export async function fetchOrPending(
  label: string,
  fetcher: () => Promise<InboundMedia>,
  pending: Omit<PendingMedia, "unavailable">,
  /** Errors the caller answers itself (the api channel's 413) instead of storing the message. */
  rethrow: (err: unknown) => boolean = () => false,
): Promise<{ media?: InboundMedia; pendingMedia?: PendingMedia }> {
  try {
    return { media: await fetcher() };
  } catch (err) {
    if (rethrow(err)) throw err;
    const unavailable = err instanceof UrlRefusedError || err instanceof TypeError || isTooLarge(err);
    console.warn(`${label} media ${unavailable ? "unavailable" : "pending"}:`, (err as Error).message);
    return { pendingMedia: { ...pending, unavailable } };
  }
}

export const isTooLarge = (err: unknown) => err instanceof AppError && err.code === "ERR_PAYLOAD_TOO_LARGE";

/** The provider's link as the attendant may open it: absolute http(s) only. */
export function publicLink(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** The media type a MIME type stores as (its major part: image, video, audio, application…). */
export const mediaTypeOf = (mimetype: string | undefined | null, fallback = "application") =>
  mimetype?.split("/")[0].trim() || fallback;
