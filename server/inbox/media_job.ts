/**
 * The media job's name, its bound and its enqueue, apart from its handler (media.ts): the batch's
 * write transaction (store.ts) enqueues it next to the message it belongs to, also on the ingest
 * Worker, which must not load the handler's imports (adapters, DTOs, events).
 */
import type { Tx } from "@db/client.ts";
import { enqueue } from "../jobs/queue.ts";

export const MEDIA_FETCH_JOB = "inbox.media_fetch";

/**
 * Tries after the failed one on arrival: the queue's backoff (2, 4 … 128 s) spreads them over
 * about four minutes, long enough for a provider hiccup, short enough that the attendant soon
 * sees "media unavailable" instead of a placeholder.
 */
export const MEDIA_ATTEMPTS = 8;

/** The first retry waits as long as the queue's first backoff. */
const FIRST_RETRY_MS = 2000;

export type MediaFetchPayload = {
  companyId: number;
  messageId: number;
  connectionId: number;
  source: Record<string, unknown>;
};

/** In the message's transaction: the job that fetches its media again. */
export async function enqueueMediaFetch(tx: Tx, p: MediaFetchPayload, now: number): Promise<void> {
  await enqueue(tx, {
    name: MEDIA_FETCH_JOB,
    payload: p,
    companyId: p.companyId,
    runAt: new Date(now + FIRST_RETRY_MS),
    maxAttempts: MEDIA_ATTEMPTS,
    dedupeKey: `media:${p.companyId}:${p.messageId}`,
  });
}
