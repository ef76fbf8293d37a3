/**
 * One attempt of one delivery, as the job `webhooks.deliver` (the durable queue: claimed by one
 * worker, retried; a ticket's deliveries chained so they keep their order). The attempt is signed, sent
 * through the fetch guard with a timeout, and logged; a failure is retried with exponential backoff
 * and jitter until the delivery is a day old, and a subscription that has not had one success in a
 * day is paused and its admins are told.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { users, webhookAttempts, webhookDeliveries, webhookSubscriptions } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import type { Deps } from "../deps.ts";
import { enqueue, registerQueuedJob, RetryLaterError } from "../jobs/queue.ts";
import { safeFetch } from "../lib/safe_fetch.ts";
import { auditNow } from "../audit/audit.ts";
import { signatureHeader } from "./signature.ts";
import { WEBHOOK_HEADERS } from "./schemas.ts";
import { deliveryForAttempt, type SubscriptionRow } from "./repo.ts";

export const DELIVER_JOB = "webhooks.deliver";
/** A delivery is retried until it is this old (then it fails for good). */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** A subscription without a success for this long is paused. */
export const PAUSE_AFTER_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 3600_000;
/** How much of an answer the log keeps. */
const ANSWER_BYTES = 1024;

/**
 * The wait before retry `n` (n = attempts made so far): 10 s doubling up to an hour, each drawn in
 * [½, 1] of it so receivers coming back are not hit by every backlog at the same instant.
 */
export function retryDelayMs(n: number, random = Math.random): number {
  const full = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, n - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

export type DeliverPayload = { companyId: number; deliveryId: number; manual?: boolean };

/**
 * Queues an attempt (inside the caller's write). Deliveries of one order key (a ticket's, per
 * subscription) are chained instead of queued side by side: only the oldest pending one has a job,
 * and finishing it queues the next (`queueNextOf`). A backlog behind a failing receiver is then
 * rows in webhook_deliveries, not thousands of blocked jobs the queue's claim would scan each time.
 */
export function enqueueDelivery(
  tx: Tx,
  deps: Deps,
  d: { companyId: number; deliveryId: number; manual?: boolean },
): Promise<void> {
  return enqueue(tx, {
    name: DELIVER_JOB,
    companyId: d.companyId,
    payload: { companyId: d.companyId, deliveryId: d.deliveryId, ...(d.manual ? { manual: true } : {}) },
    runAt: deps.clock.now(),
    // The retry window, not an attempt count, ends a delivery: the queue never gives up first.
    maxAttempts: 10_000,
    dedupeKey: d.manual ? undefined : `${DELIVER_JOB}:${d.deliveryId}`,
  });
}

/** Whether a delivery of this key older than `id` is still pending (then `id` waits its turn). */
export async function waitsBehind(
  tx: Tx,
  d: { subscriptionId: number; orderKey: string | null; id: number },
): Promise<boolean> {
  if (!d.orderKey) return false;
  const [row] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(
    eq(webhookDeliveries.subscriptionId, d.subscriptionId),
    eq(webhookDeliveries.orderKey, d.orderKey),
    eq(webhookDeliveries.status, "pending"),
    lt(webhookDeliveries.id, d.id),
  )).limit(1);
  return !!row;
}

/** A delivery left `pending`: the next one of its key gets its job. */
async function queueNextOf(
  tx: Tx,
  deps: Deps,
  d: { companyId: number; subscriptionId: number; orderKey: string | null; id: number },
): Promise<void> {
  // Only the head of a key passes the turn on (a later one sent again by hand must not).
  if (!d.orderKey || await waitsBehind(tx, d)) return;
  const [next] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(
    eq(webhookDeliveries.subscriptionId, d.subscriptionId),
    eq(webhookDeliveries.orderKey, d.orderKey),
    eq(webhookDeliveries.status, "pending"),
    gt(webhookDeliveries.id, d.id),
  )).orderBy(webhookDeliveries.id).limit(1);
  if (next) await enqueueDelivery(tx, deps, { companyId: d.companyId, deliveryId: next.id });
}

/** Reads at most `max` bytes of an answer (then drops the rest). */
async function readShort(res: Response, max: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) (all.set(c, at), at += c.length);
  return new TextDecoder().decode(all.subarray(0, max));
}

type Outcome = {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
};

/** The current secret, and the former one while a rotation's overlap lasts. */
async function signingSecrets(deps: Deps, sub: SubscriptionRow): Promise<string[]> {
  const secrets = [await deps.secrets.open(sub.secret)];
  if (
    sub.previousSecret && sub.previousSecretUntil && sub.previousSecretUntil > deps.clock.now().toISOString()
  ) {
    secrets.push(await deps.secrets.open(sub.previousSecret));
  }
  return secrets;
}

async function send(
  deps: Deps,
  url: string,
  secret: string[],
  body: string,
  headers: Record<string, string>,
) {
  const started = performance.now();
  const out: Outcome = { statusCode: null, responseBody: null, error: null, durationMs: 0 };
  try {
    const res = await safeFetch(deps.fetchGuard, url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Atende-Webhooks/1",
        [WEBHOOK_HEADERS.signature]: await signatureHeader(secret, body, deps.clock.now()),
        ...headers,
      },
      body,
      timeoutMs: deps.config.webhookTimeoutMs,
    });
    out.statusCode = res.status;
    out.responseBody = await readShort(res, ANSWER_BYTES).catch(() => null);
    if (!res.ok) out.error = `answered ${res.status}`;
  } catch (err) {
    const timedOut = err instanceof DOMException &&
      (err.name === "TimeoutError" || err.name === "AbortError");
    out.error = timedOut
      ? `no answer in ${deps.config.webhookTimeoutMs} ms`
      : (err instanceof Error ? err.message : String(err)).slice(0, 500);
  }
  out.durationMs = Math.round(performance.now() - started);
  return out;
}

/** The job: one attempt; throws RetryLaterError to be run again after the backoff. */
async function deliver(deps: Deps, raw: unknown): Promise<void> {
  const { companyId, deliveryId, manual = false } = raw as DeliverPayload;
  const row = await deliveryForAttempt(deps.db, companyId, deliveryId);
  if (!row) return; // the subscription (and its log) was deleted
  const { delivery, sub } = row;
  if (!manual && delivery.status !== "pending") {
    // Finished meanwhile (sent again by hand): pass the turn on, once.
    await deps.database.write((tx) => queueNextOf(tx, deps, delivery));
    return;
  }
  const started = deps.clock.now();
  if (!manual && sub.status !== "active") {
    await deps.database.write(async (tx) => {
      await tx.update(webhookDeliveries).set({
        status: "failed",
        lastError: `subscription ${sub.status}`,
        nextAttemptAt: null,
        updatedAt: started.toISOString(),
      }).where(eq(webhookDeliveries.id, delivery.id));
      await queueNextOf(tx, deps, delivery);
    });
    return;
  }
  const attempt = delivery.attempts + 1;
  const out = await send(deps, sub.url, await signingSecrets(deps, sub), row.body, {
    [WEBHOOK_HEADERS.eventId]: delivery.eventId,
    [WEBHOOK_HEADERS.eventType]: row.eventType,
    [WEBHOOK_HEADERS.attempt]: String(attempt),
  });
  const now = deps.clock.now();
  const ok = out.error === null;
  // Retry while the delivery is younger than the window (a manual attempt is one attempt).
  const age = now.getTime() - Date.parse(delivery.createdAt);
  const delay = !ok && !manual && age < RETRY_WINDOW_MS ? retryDelayMs(attempt) : null;
  const nextAt = delay === null ? null : new Date(now.getTime() + delay).toISOString();
  const paused = await deps.database.write(async (tx) => {
    await tx.insert(webhookAttempts).values({
      companyId,
      deliveryId,
      attempt,
      manual,
      at: started.toISOString(),
      durationMs: out.durationMs,
      statusCode: out.statusCode,
      responseBody: out.responseBody,
      error: out.error,
    });
    await tx.update(webhookDeliveries).set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: out.statusCode,
      lastError: out.error,
      lastAttemptAt: now.toISOString(),
      nextAttemptAt: nextAt,
      // A failed manual attempt leaves a pending delivery pending (its retries go on).
      ...(ok
        ? { status: "delivered" as const, deliveredAt: now.toISOString() }
        : delay === null && !manual
        ? { status: "failed" as const }
        : {}),
      updatedAt: now.toISOString(),
    }).where(eq(webhookDeliveries.id, deliveryId));
    // It left `pending` (delivered, or failed for good): the next event of its ticket may go.
    const leftPending = delivery.status === "pending" && (ok || (!manual && delay === null));
    if (leftPending) await queueNextOf(tx, deps, delivery);
    return await recordHealth(tx, sub.id, ok, now);
  });
  if (paused) await tellAdmins(deps, companyId, sub.id, sub.url);
  if (delay !== null) throw new RetryLaterError(out.error ?? "failed", delay);
}

/** Success clears the failing streak; a failure starts it, and pauses once it is a day long. */
async function recordHealth(tx: Tx, subscriptionId: number, ok: boolean, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const s = webhookSubscriptions;
  if (ok) {
    await tx.update(s).set({ failingSince: null, lastSuccessAt: at }).where(eq(s.id, subscriptionId));
    return false;
  }
  await tx.update(s).set({ failingSince: sql`COALESCE(${s.failingSince}, ${at})`, lastFailureAt: at })
    .where(eq(s.id, subscriptionId));
  const limit = new Date(now.getTime() - PAUSE_AFTER_MS).toISOString();
  const paused = await tx.update(s).set({ status: "paused", pausedAt: at, updatedAt: at })
    .where(and(eq(s.id, subscriptionId), eq(s.status, "active"), sql`${s.failingSince} <= ${limit}`))
    .returning({ id: s.id });
  return paused.length > 0;
}

/** The company's admins get a mail, and the audit log a line. */
async function tellAdmins(deps: Deps, companyId: number, subscriptionId: number, url: string) {
  const admins = await deps.db.select({ email: users.email, name: users.name }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.profile, "admin")));
  const link = `${deps.config.publicUrl}/webhooks`;
  for (const a of admins) {
    await deps.mailer.send({
      to: a.email,
      subject: "Atende: webhook paused / webhook pausado",
      text: `The webhook ${url} failed for 24 hours and was paused. Nothing more is sent to it until ` +
        `an admin resumes it: ${link}\n\n` +
        `O webhook ${url} falhou por 24 horas e foi pausado. Nada mais é enviado até que um ` +
        `administrador o retome: ${link}\n`,
    }).catch((err) => console.error("[webhooks] pause mail failed", err));
  }
  await auditNow(deps, { companyId }, {
    action: "webhook.pause",
    entity: "webhook",
    entityId: subscriptionId,
    summary: url,
  }).catch((err) => console.error("[webhooks] audit failed", err));
}

registerQueuedJob({ name: DELIVER_JOB, handle: deliver });
