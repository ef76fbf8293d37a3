/**
 * `mediaUrl` in a JSON `POST /messages/:ticketId` (spec 1 §7): the spec's client may name a file by
 * its address instead of uploading it. The server fetches it itself — through the SSRF-guarded,
 * size-capped download every channel uses — and sends it as if it had been uploaded, so the same
 * type checks, storage and delivery apply. A link that is not a public http(s) address answers 400
 * ERR_URL_NOT_ALLOWED; one that cannot be fetched, 502 ERR_WAPP_DOWNLOAD_MEDIA (the spec's "media
 * download failed"); a file over the download limit, 413.
 */
import type { Deps } from "../deps.ts";
import { download, downloadLimit } from "../channels/download.ts";

/** The file's name: the link's last path segment, else "media". */
function nameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
    return decodeURIComponent(last).replace(/[\\/\0]/g, "_").slice(0, 200) || "media";
  } catch {
    return "media";
  }
}

/** Fetches the file a message names by URL, as a File the compose path sends like an upload. */
export async function fileFromUrl(deps: Deps, url: string): Promise<File> {
  const { data, mimetype } = await download(deps, url, {
    maxBytes: await downloadLimit(deps),
    timeoutMs: 30_000,
  });
  return new File([data as Uint8Array<ArrayBuffer>], nameOf(url), { type: mimetype });
}
