/** Push subscriptions, preferences and focus, tenant-scoped; plus who a notice may reach. */
import { and, eq, inArray, sql } from "drizzle-orm";
import { companies, jobs, pushPrefs, pushSubscriptions, userQueues, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function upsertSubscription(
  tx: Tx,
  companyId: number,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string; lang: string; userAgent: string | null },
): Promise<void> {
  // One endpoint is one device: a device signed in as another user now rings for that user.
  await tx.insert(pushSubscriptions).values({ companyId, userId, ...s }).onConflictDoUpdate({
    target: pushSubscriptions.endpoint,
    set: {
      companyId,
      userId,
      p256dh: s.p256dh,
      auth: s.auth,
      lang: s.lang,
      userAgent: s.userAgent,
      updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    },
  });
}

export async function deleteSubscription(tx: Tx, companyId: number, userId: number, endpoint: string) {
  await tx.delete(pushSubscriptions).where(and(
    eq(pushSubscriptions.companyId, companyId),
    eq(pushSubscriptions.userId, userId),
    eq(pushSubscriptions.endpoint, endpoint),
  ));
}

/** The push service said the endpoint is gone (404/410): keyed by the row the job already read. */
export async function deleteSubscriptionById(tx: Tx, companyId: number, id: number) {
  await tx.delete(pushSubscriptions).where(
    and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.id, id)),
  );
}

export async function subscriptionsOf(
  db: Db,
  companyId: number,
  userIds: number[],
): Promise<SubscriptionRow[]> {
  if (!userIds.length) return [];
  return await db.select().from(pushSubscriptions).where(
    and(eq(pushSubscriptions.companyId, companyId), inArray(pushSubscriptions.userId, userIds)),
  );
}

export type Recipient = {
  id: number;
  profile: "admin" | "user";
  zone: string;
  quietStart: string | null;
  quietEnd: string | null;
  focusedUntil: string | null;
};

/** What deciding on a push needs of each user: profile (LGPD), zone, quiet hours, focus. */
export async function recipients(db: Db, companyId: number, userIds: number[]): Promise<Recipient[]> {
  if (!userIds.length) return [];
  const rows = await db.select({
    id: users.id,
    profile: users.profile,
    userZone: users.timezone,
    companyZone: companies.timezone,
    quietStart: pushPrefs.quietStart,
    quietEnd: pushPrefs.quietEnd,
    focusedUntil: pushPrefs.focusedUntil,
  }).from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(pushPrefs, eq(pushPrefs.userId, users.id))
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
  return rows.map((r) => ({
    id: r.id,
    profile: r.profile,
    zone: r.userZone ?? r.companyZone,
    quietStart: r.quietStart,
    quietEnd: r.quietEnd,
    focusedUntil: r.focusedUntil,
  }));
}

/** Members of a queue who have at least one device subscribed (the rest cannot be pushed to). */
export async function subscribedQueueMembers(db: Db, companyId: number, queueId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ id: userQueues.userId }).from(userQueues)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, userQueues.userId))
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, queueId)));
  return rows.map((r) => r.id);
}

/** The company's users by name, for mentions in notes (`@Name`). */
export async function userNames(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  return await db.select({ id: users.id, name: users.name }).from(users).where(
    eq(users.companyId, companyId),
  );
}

export async function readPrefs(db: Db, companyId: number, userId: number) {
  const [row] = await db.select().from(pushPrefs).where(
    and(eq(pushPrefs.companyId, companyId), eq(pushPrefs.userId, userId)),
  );
  return row ?? null;
}

export async function writePrefs(
  tx: Tx,
  companyId: number,
  userId: number,
  patch: { quietStart?: string | null; quietEnd?: string | null; focusedUntil?: string | null },
): Promise<void> {
  await tx.insert(pushPrefs).values({ userId, companyId, ...patch }).onConflictDoUpdate({
    target: pushPrefs.userId,
    set: { ...patch, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
  });
}

export async function subscriptionById(
  db: Db,
  companyId: number,
  id: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(
    and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.id, id)),
  );
  return row ?? null;
}

/** Payloads of push jobs of one order key queued after `jobId` and not yet run. */
export async function newerPushJobs(db: Db, orderKey: string, jobId: number): Promise<unknown[]> {
  const rows = await db.select({ payload: jobs.payload }).from(jobs).where(
    and(eq(jobs.orderKey, orderKey), sql`${jobs.id} > ${jobId}`, eq(jobs.status, "pending")),
  );
  return rows.map((r) => typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload);
}
