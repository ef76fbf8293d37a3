/**
 * The `api` channel: a generic HTTP channel for integrators (and the way tests and demos drive
 * the inbox without a phone).
 *  - inbound: POST /api/channels/api/messages with the connection token as bearer (routes.ts);
 *  - outbound: every message is POSTed as JSON to the connection's webhookUrl with
 *    `X-Atende-Signature: sha256=<hex HMAC-SHA256 of the body keyed by the connection token>`,
 *    through the durable job queue with exponential backoff; a 2xx answer sets ack 2.
 */
import { and, eq } from "drizzle-orm";
import { getMimeType } from "hono/utils/mime";
import { contacts, messages, tickets, whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ChannelAdapter } from "../adapter.ts";
import { enqueue, PermanentJobError, registerQueuedJob } from "../../jobs/queue.ts";
import { safeFetch, UrlRefusedError } from "../../lib/safe_fetch.ts";
import { hmacSha256Hex } from "../../lib/crypto.ts";
import { recordSendError, setAck } from "../../messages/delivery.ts";
import { setConnectionStatus } from "../../connections/status.ts";
import { richOf } from "../../messages/rich.ts";
import { type ApiMediaSource, fetchApiMedia } from "./media.ts";

export const API_DELIVER_JOB = "channels.api.deliver";
const TIMEOUT_MS = 10_000;

export const apiAdapter: ChannelAdapter = {
  kind: "api",
  // The delivery job is deduped on the external id, and the receiver dedupes on messageId.
  resendsSafely: true,
  async connect(deps, conn) {
    await setConnectionStatus(deps, conn, conn.webhookUrl ? "CONNECTED" : "DISCONNECTED");
  },
  async disconnect(deps, conn) {
    await setConnectionStatus(deps, conn, "DISCONNECTED");
  },
  fetchMedia: (deps, _conn, source) => fetchApiMedia(deps, source as ApiMediaSource),
  async send(deps, msg) {
    await deps.database.write((tx) =>
      enqueue(tx, {
        name: API_DELIVER_JOB,
        companyId: msg.companyId,
        payload: { companyId: msg.companyId, messageId: msg.messageId },
        // One chat's messages reach the integrator in order, even across retries.
        orderKey: `${API_DELIVER_JOB}:${msg.connection.id}:${msg.to.number}`,
        // Per send, not per message: a retry of a failed message has a fresh id, and a new job.
        dedupeKey: `${API_DELIVER_JOB}:${msg.companyId}:${msg.externalId}`,
        maxAttempts: 10,
        // Due by the same clock the worker claims with (an injected clock in tests).
        runAt: deps.clock.now(),
      })
    );
    deps.jobs.kick();
    return { externalId: msg.externalId, ack: 0, pending: true };
  },
};

export const signBody = (token: string, body: string) =>
  hmacSha256Hex(token, body).then((h) => `sha256=${h}`);

type Payload = { companyId: number; messageId: number };

/** Delivers one message to the integrator's webhook. Safe to run twice: the receiver dedupes on messageId. */
async function deliver(deps: Deps, raw: unknown): Promise<void> {
  const { companyId, messageId } = raw as Payload;
  const [row] = await deps.db.select({
    message: messages,
    ticket: tickets,
    contact: contacts,
    conn: whatsapps,
  })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .limit(1);
  if (!row || !row.conn.webhookUrl || row.message.isDeleted) return;
  const m = row.message;
  const body = JSON.stringify({
    event: "message",
    messageId: m.wid,
    ticketId: row.ticket.id,
    ticketUuid: row.ticket.uuid,
    to: { number: row.contact.number, name: row.contact.name, isGroup: row.contact.isGroup },
    body: m.body,
    media: m.mediaUrl
      ? {
        url: deps.config.publicUrl + await deps.media.signedUrl(m.mediaUrl, 7 * 24 * 3600),
        // messages.media_type holds only the major type ("image"); integrators need the real
        // MIME type, which the stored file's extension gives.
        mimetype: getMimeType(m.mediaUrl) ?? "application/octet-stream",
        filename: m.mediaName,
      }
      : null,
    quotedMessageId: m.quotedMsgId,
    // Buttons-dialog content (list, URL, copy, call, PIX) for integrators that render it; body is its text.
    rich: richOf(m.dataJson) ?? null,
    timestamp: m.createdAt,
  });
  const res = await safeFetch(deps.fetchGuard, row.conn.webhookUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "Atende-Webhook/1",
      "x-atende-signature": await signBody(row.conn.token, body),
      "x-atende-delivery": `${companyId}-${messageId}`,
    },
    body,
    timeoutMs: TIMEOUT_MS,
  }).catch((err) => {
    // A refused target will not become allowed by retrying.
    if (err instanceof UrlRefusedError) throw new PermanentJobError(err.message);
    throw err;
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  await setAck(deps, companyId, messageId, 2);
}

registerQueuedJob({
  name: API_DELIVER_JOB,
  handle: deliver,
  // Every attempt failed: the attendant sees why on the message and can send it again.
  onGiveUp: async (deps, payload, error) => {
    const { companyId, messageId } = payload as { companyId: number; messageId: number };
    await recordSendError(deps, companyId, messageId, error);
  },
});
