/** User queries. `companyId` first; every query filters on it. */
import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import { queues, userQueues, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import type { UserRow } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";
import type { QueueRef } from "./dto.ts";

// unscoped: login looks a user up by e-mail before any session exists; the password check follows.
export async function unscopedFindUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  return (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0] ?? null;
}

export async function findUser(db: Db | Tx, companyId: number, id: number): Promise<UserRow | null> {
  return (await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).limit(
    1,
  ))[0] ??
    null;
}

export async function getUser(db: Db | Tx, companyId: number, id: number): Promise<UserRow> {
  const u = await findUser(db, companyId, id);
  if (!u) throw notFound("user");
  return u;
}

export async function listUsers(
  db: Db,
  companyId: number,
  opts: { search?: string; limit?: number; offset?: number } = {},
): Promise<{ rows: UserRow[]; count: number }> {
  const s = opts.search?.trim().toLowerCase();
  const where = and(
    eq(users.companyId, companyId),
    s ? or(containsLike(users.name, s), containsLike(users.email, s)) : undefined,
  );
  const q = db.select().from(users).where(where).orderBy(asc(users.name));
  const rows = opts.limit ? await q.limit(opts.limit).offset(opts.offset ?? 0) : await q;
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { rows, count: n };
}

export async function countUsers(db: Db | Tx, companyId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return n;
}

export async function queuesOfUsers(
  db: Db | Tx,
  companyId: number,
  userIds: number[],
): Promise<Map<number, QueueRef[]>> {
  const out = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const r of rows) out.get(r.userId)?.push({ id: r.id, name: r.name, color: r.color });
  return out;
}

export async function queueIdsOfUser(db: Db | Tx, companyId: number, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userQueues.queueId }).from(userQueues).where(
    and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)),
  );
  return rows.map((r) => r.id);
}

/** Replaces the user's queues; ids of another company are rejected as not found. */
export async function setUserQueues(
  tx: Tx,
  companyId: number,
  userId: number,
  queueIds: number[],
): Promise<void> {
  const ids = [...new Set(queueIds)];
  if (ids.length) {
    const found = await tx.select({ id: queues.id }).from(queues).where(
      and(eq(queues.companyId, companyId), inArray(queues.id, ids)),
    );
    if (found.length !== ids.length) throw notFound("queue");
  }
  await tx.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
  if (ids.length) await tx.insert(userQueues).values(ids.map((queueId) => ({ companyId, userId, queueId })));
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

export async function updateUser(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await tx.update(users).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(users.companyId, companyId), eq(users.id, id))).returning();
  if (!row) throw notFound("user");
  return row;
}

export async function deleteUser(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));
}
