/**
 * Inbound media of the api channel given by URL, fetched on arrival (routes.ts) and again by the
 * media job when that first download failed (the adapter's fetchMedia).
 */
import type { Deps } from "../../deps.ts";
import type { InboundMedia } from "../adapter.ts";
import { download, downloadLimit } from "../download.ts";

/** The integrator's URL with the type and name it gave (kept as they are). */
export type ApiMediaSource = { url: string; mimetype: string; filename: string };

export async function fetchApiMedia(deps: Deps, s: ApiMediaSource): Promise<InboundMedia> {
  const { data } = await download(deps, s.url, { maxBytes: await downloadLimit(deps), timeoutMs: 30_000 });
  return { data, mimetype: s.mimetype, filename: s.filename };
}
