/**
 * Inbound media that was not there on arrival (media_job.ts enqueues it with the message): the
 * job asks the connection's adapter for the file again; a file that arrives fills the message in
 * (`ready`), and after the last attempt — or at once when retrying cannot help — the message is
 * marked `unavailable`. Either way `message.updated` goes out, so open conversations change
 * without a reload. The message itself (text, type, the provider's link) was stored on arrival.
 */
import type { Deps } from "../deps.ts";
import type { InboundMedia } from "../channels/adapter.ts";
import { adapterFor } from "../channels/registry.ts";
import { downloadLimit } from "../channels/download.ts";
import { findConnection } from "../connections/repo.ts";
import { PermanentJobError, registerQueuedJob } from "../jobs/queue.ts";
import { UrlRefusedError } from "../lib/safe_fetch.ts";
import { AppError } from "../lib/errors.ts";
import { getMessage, updateMessage } from "../messages/repo.ts";
import { messageDTOs, type MessageRow } from "../messages/dto.ts";
import { ticketDTOs } from "../tickets/dto.ts";
import { getTicket } from "../tickets/repo.ts";
import { MEDIA_FETCH_JOB, type MediaFetchPayload } from "./media_job.ts";

/** The message, or null when it is gone or no longer waits for its media. */
async function pendingMessage(deps: Deps, p: MediaFetchPayload): Promise<MessageRow | null> {
  const m = await getMessage(deps.db, p.companyId, p.messageId).catch((err) => {
    if (err instanceof AppError && err.code === "ERR_NOT_FOUND") return null;
    throw err;
  });
  return m?.mediaStatus === "pending" ? m : null;
}

/** Errors no retry can cure: a link the guard refuses or that is not a URL at all. */
const permanent = (err: unknown) =>
  err instanceof UrlRefusedError || err instanceof PermanentJobError ||
  (err instanceof AppError && err.code === "ERR_PAYLOAD_TOO_LARGE");

async function announce(deps: Deps, companyId: number, row: MessageRow): Promise<void> {
  const [message] = await messageDTOs(deps.db, deps.media, companyId, [row]);
  const [ticket] = await ticketDTOs(deps.db, companyId, [await getTicket(deps.db, companyId, row.ticketId)]);
  deps.bus.emit("message.updated", { companyId, message, ticket });
}

/** A file that arrived late: stored, then the message points at it. */
export async function fillMedia(deps: Deps, m: MessageRow, media: InboundMedia): Promise<void> {
  const file = new File([media.data as BlobPart], media.filename, { type: media.mimetype });
  const stored = await deps.media.save(m.companyId, "messages", file, {
    maxBytes: await downloadLimit(deps),
  });
  const row = await deps.database.write(async (tx) => {
    // Re-read inside the write: a second run of the job (after a crash) must not fill it twice.
    const now = await getMessage(tx, m.companyId, m.id);
    if (now.mediaStatus !== "pending") return null;
    return await updateMessage(tx, m.companyId, m.id, {
      mediaUrl: stored.path,
      mediaName: stored.name,
      mediaType: stored.mimetype.split("/")[0] || m.mediaType,
      mediaStatus: "ready",
    });
  });
  if (!row) return await deps.media.remove(stored.path).catch(() => undefined);
  await announce(deps, m.companyId, row);
}

/** The last attempt failed: the bubble says so (with the provider's link, when there is one). */
export async function markMediaUnavailable(deps: Deps, p: MediaFetchPayload): Promise<void> {
  if (!await pendingMessage(deps, p)) return;
  const row = await deps.database.write(async (tx) => {
    const now = await getMessage(tx, p.companyId, p.messageId);
    if (now.mediaStatus !== "pending") return null;
    return await updateMessage(tx, p.companyId, p.messageId, { mediaStatus: "unavailable" });
  });
  if (row) await announce(deps, p.companyId, row);
}

registerQueuedJob({
  name: MEDIA_FETCH_JOB,
  handle: async (deps, raw) => {
    const p = raw as MediaFetchPayload;
    const m = await pendingMessage(deps, p);
    if (!m) return;
    const conn = await findConnection(deps.db, p.companyId, p.connectionId);
    const fetchMedia = conn ? adapterFor(conn.channel).fetchMedia : undefined;
    if (!conn || !fetchMedia) throw new PermanentJobError("the connection cannot fetch media");
    try {
      await fillMedia(deps, m, await fetchMedia(deps, conn, p.source));
    } catch (err) {
      if (permanent(err)) throw new PermanentJobError((err as Error).message);
      throw err;
    }
  },
  onGiveUp: async (deps, raw, error) => {
    const p = raw as MediaFetchPayload;
    console.warn(`[inbox] media of message ${p.messageId} unavailable: ${error}`);
    await markMediaUnavailable(deps, p);
  },
});
