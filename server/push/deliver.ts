/**
 * The `push.notify` job: one notice → the devices of the users it concerns. Skips the author,
 * users in their quiet hours and users with the app in front of them (focus reported by the web
 * app's socket), renders each payload in the device's language with LGPD masking and the company's
 * "show message content" switch, encrypts it for the device and posts it to its push service with
 * the notice's Topic (a ticket's burst replaces one notification). A 404/410 removes the
 * subscription; other failures are retried for that device alone (`push.retry`).
 */
import type { Deps } from "../deps.ts";
import type { PushLanguage, PushPayload } from "@contract/push.ts";
import { enqueue, registerQueuedJob } from "../jobs/queue.ts";
import { safeFetch } from "../lib/safe_fetch.ts";
import { shouldMask } from "../lib/lgpd.ts";
import { inQuietHours, type Notice, render } from "./notice.ts";
import { encryptPayload, topicOf, vapidAuthorization } from "./protocol.ts";
import { vapidKeys } from "./vapid.ts";
import {
  deleteSubscriptionById,
  newerPushJobs,
  recipients,
  subscribedQueueMembers,
  subscriptionById,
  type SubscriptionRow,
  subscriptionsOf,
} from "./repo.ts";

export const PUSH_JOB = "push.notify";
const RETRY_JOB = "push.retry";
const CONCURRENCY = 32;
const TTL_S = 24 * 3600;

type Outcome = "sent" | "gone" | "failed";

/** Posts one encrypted payload to one device. */
export async function sendPush(
  deps: Deps,
  sub: Pick<SubscriptionRow, "endpoint" | "p256dh" | "auth">,
  payload: PushPayload,
): Promise<Outcome> {
  const keys = await vapidKeys(deps);
  const body = await encryptPayload(new TextEncoder().encode(JSON.stringify(payload)), sub);
  let res: Response;
  try {
    res = await safeFetch(deps.fetchGuard, sub.endpoint, {
      method: "POST",
      timeoutMs: 10_000,
      maxRedirects: 0,
      headers: {
        authorization: await vapidAuthorization(keys, sub.endpoint, deps.clock.now()),
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: String(TTL_S),
        topic: topicOf(payload.tag),
        urgency: payload.kind === "chat" ? "normal" : "high",
      },
      body,
    });
  } catch {
    return "failed";
  }
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return "gone";
  return res.ok ? "sent" : "failed";
}

async function companySwitches(deps: Deps, companyId: number) {
  const s = await deps.caches.settings.getMany(companyId, ["pushShowContent", "lgpdHideNumber"]);
  return { showContent: s.pushShowContent !== "disabled", lgpdHideNumber: s.lgpdHideNumber ?? "disabled" };
}

/** Who gets a notice now: its users or queue members, less the author, quiet hours and focus. */
async function audience(deps: Deps, n: Notice) {
  const ids = "userIds" in n.to
    ? n.to.userIds
    : await subscribedQueueMembers(deps.db, n.companyId, n.to.queueId);
  const wanted = [...new Set(ids)].filter((id) => id !== n.actorUserId);
  const now = deps.clock.now();
  const iso = now.toISOString();
  return (await recipients(deps.db, n.companyId, wanted)).filter((r) =>
    !(r.focusedUntil && r.focusedUntil > iso) && !inQuietHours(now, r.zone, r.quietStart, r.quietEnd)
  );
}

async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await run(items[next++]);
  });
  await Promise.all(lanes);
}

export async function deliverNotice(deps: Deps, n: Notice): Promise<{ sent: number; gone: number }> {
  const users = await audience(deps, n);
  if (!users.length) return { sent: 0, gone: 0 };
  const byId = new Map(users.map((u) => [u.id, u]));
  const subs = await subscriptionsOf(deps.db, n.companyId, [...byId.keys()]);
  const sw = await companySwitches(deps, n.companyId);
  const counts = { sent: 0, gone: 0 };
  await pool(subs, CONCURRENCY, async (sub) => {
    const user = byId.get(sub.userId)!;
    const payload = render(n, {
      lang: sub.lang as PushLanguage,
      mask: shouldMask(user.profile, sw.lgpdHideNumber),
      showContent: sw.showContent,
    });
    const outcome = await sendPush(deps, sub, payload);
    if (outcome === "sent") counts.sent++;
    else if (outcome === "gone") {
      counts.gone++;
      await deps.database.write((tx) => deleteSubscriptionById(tx, n.companyId, sub.id));
    } else {
      // Only this device again, later: the others already have it.
      await deps.database.write((tx) =>
        enqueue(tx, {
          name: RETRY_JOB,
          payload: { companyId: n.companyId, subscriptionId: sub.id, payload },
          companyId: n.companyId,
          runAt: new Date(deps.clock.now().getTime() + 5_000),
          maxAttempts: 4,
          dedupeKey: `push:${n.companyId}:${n.key}:${sub.id}`,
        })
      );
    }
  });
  return counts;
}

const sameAudience = (a: Notice, b: Notice) =>
  a.kind === b.kind && JSON.stringify(a.to) === JSON.stringify(b.to) && a.actorUserId === b.actorUserId;

/**
 * A newer notice of the same kind for the same people is already queued behind this one (a burst
 * on one ticket): it will replace this notification anyway, so this one is not sent at all.
 */
async function superseded(deps: Deps, n: Notice, jobId: number): Promise<boolean> {
  const newer = await newerPushJobs(deps.db, `push:${n.companyId}:${n.tag}`, jobId);
  return newer.some((p) => sameAudience(p as Notice, n));
}

registerQueuedJob({
  name: PUSH_JOB,
  handle: async (deps, payload, job) => {
    const n = payload as Notice;
    if (await superseded(deps, n, job.id)) return;
    await deliverNotice(deps, n);
  },
});

registerQueuedJob({
  name: RETRY_JOB,
  handle: async (deps, raw) => {
    const { companyId, subscriptionId, payload } = raw as {
      companyId: number;
      subscriptionId: number;
      payload: PushPayload;
    };
    const sub = await subscriptionById(deps.db, companyId, subscriptionId);
    if (!sub) return;
    const outcome = await sendPush(deps, sub, payload);
    if (outcome === "gone") {
      await deps.database.write((tx) => deleteSubscriptionById(tx, companyId, subscriptionId));
    } else if (outcome === "failed") throw new Error("push service refused or unreachable");
  },
});
