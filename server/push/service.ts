/**
 * Web Push for the signed-in user: the server key, this device's subscription, quiet hours, and the
 * focus the web app reports over its socket (a user looking at the app gets no push). Subscribing
 * needs no permission beyond a session: every user may be told about their own work.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { checkUrl } from "../lib/safe_fetch.ts";
import type { PushKeyDTO, PushPrefsDTO, PushSubscriptionInput } from "@contract/push.ts";
import { vapidKeys } from "./vapid.ts";
import { deleteSubscription, readPrefs, upsertSubscription, userNames, writePrefs } from "./repo.ts";

export async function pushKey(deps: Deps): Promise<PushKeyDTO> {
  return { publicKey: (await vapidKeys(deps)).publicKey };
}

export async function subscribe(
  deps: Deps,
  actor: Actor,
  input: Required<PushSubscriptionInput>,
  userAgent: string | null,
): Promise<void> {
  const url = new URL(input.endpoint);
  // Push services are https; a private or loopback address is refused like any outbound call.
  if (url.protocol !== "https:" && !deps.config.allowPrivateUrls) {
    throw new AppError("ERR_VALIDATION", { details: [{ path: "endpoint", message: "https expected" }] });
  }
  await checkUrl(deps.fetchGuard, url);
  await deps.database.write((tx) =>
    upsertSubscription(tx, actor.companyId, actor.userId, {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      lang: input.lang,
      userAgent: userAgent?.slice(0, 300) ?? null,
    })
  );
}

export async function unsubscribe(deps: Deps, actor: Actor, endpoint: string): Promise<void> {
  await deps.database.write((tx) => deleteSubscription(tx, actor.companyId, actor.userId, endpoint));
}

export async function getPrefs(deps: Deps, actor: Actor): Promise<PushPrefsDTO> {
  const row = await readPrefs(deps.db, actor.companyId, actor.userId);
  return { quietStart: row?.quietStart ?? null, quietEnd: row?.quietEnd ?? null };
}

export async function setPrefs(deps: Deps, actor: Actor, input: PushPrefsDTO): Promise<PushPrefsDTO> {
  await deps.database.write((tx) => writePrefs(tx, actor.companyId, actor.userId, input));
  return input;
}

/** Focus lasts this long unless renewed: the web app renews it every minute while in front. */
export const FOCUS_TTL_MS = 90_000;
const RENEW_AFTER_MS = 30_000;
const lastWrite = new WeakMap<Deps, Map<number, { focused: boolean; at: number }>>();

/**
 * The app came to the front (or left it) on one of the user's sockets. Written only when it
 * changes or the focus needs renewing, so a heartbeat costs one small write a minute at most.
 */
export async function reportFocus(deps: Deps, companyId: number, userId: number, focused: boolean) {
  let seen = lastWrite.get(deps);
  if (!seen) lastWrite.set(deps, seen = new Map());
  const now = deps.clock.now().getTime();
  const last = seen.get(userId);
  if (last && last.focused === focused && (!focused || now - last.at < RENEW_AFTER_MS)) return;
  seen.set(userId, { focused, at: now });
  const focusedUntil = focused ? new Date(now + FOCUS_TTL_MS).toISOString() : null;
  await deps.database.write((tx) => writePrefs(tx, companyId, userId, { focusedUntil }));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Users a note names with `@Full Name` (or `@First` when no colleague shares that first name). */
export async function mentionedUsers(deps: Deps, companyId: number, text: string): Promise<number[]> {
  if (!text.includes("@")) return [];
  const people = await userNames(deps.db, companyId);
  const firsts = new Map<string, number>();
  for (const p of people) {
    const f = p.name.trim().split(/\s+/)[0].toLowerCase();
    firsts.set(f, (firsts.get(f) ?? 0) + 1);
  }
  const found: number[] = [];
  for (const p of people) {
    const full = p.name.trim();
    const first = full.split(/\s+/)[0];
    const names = firsts.get(first.toLowerCase()) === 1 ? [full, first] : [full];
    if (names.some((n) => n.length >= 2 && new RegExp(`@${escape(n)}(?![\\p{L}\\p{N}])`, "iu").test(text))) {
      found.push(p.id);
    }
  }
  return found;
}
