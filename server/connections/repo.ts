/** Connection (whatsapps) queries; `companyId` first. */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { queues, whatsappQueues, whatsapps } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";

export type ConnectionRow = typeof whatsapps.$inferSelect;

export async function findConnection(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<ConnectionRow | null> {
  return (await db.select().from(whatsapps).where(
    and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)),
  )
    .limit(1))[0] ?? null;
}

export async function getConnection(db: Db | Tx, companyId: number, id: number): Promise<ConnectionRow> {
  const c = await findConnection(db, companyId, id);
  if (!c) throw notFound("whatsapp");
  return c;
}

// unscoped: the token authenticates the caller and names the company (send API, api channel).
export async function unscopedFindConnectionByToken(db: Db, token: string): Promise<ConnectionRow | null> {
  return (await db.select().from(whatsapps).where(eq(whatsapps.token, token)).limit(1))[0] ?? null;
}

// unscoped: the operator's actions and the session owner know only the id.
export async function unscopedFindConnectionById(db: Db | Tx, id: number): Promise<ConnectionRow | null> {
  return (await db.select().from(whatsapps).where(eq(whatsapps.id, id)).limit(1))[0] ?? null;
}

/**
 * unscoped: Meta webhooks are routed by the provider's id (phone number id, Page id, Instagram
 * account id), which belongs to one connection platform-wide.
 */
export async function unscopedFindMetaConnection(
  db: Db | Tx,
  kind: "whatsappapi" | "facebook" | "instagram",
  providerId: string,
): Promise<ConnectionRow | null> {
  const column = kind === "whatsappapi"
    ? whatsapps.metaPhoneNumberId
    : kind === "facebook"
    ? whatsapps.facebookPageUserId
    : whatsapps.instagramUserId;
  return (await db.select().from(whatsapps)
    .where(and(eq(column, providerId), eq(whatsapps.channel, kind))).limit(1))[0] ?? null;
}

export async function listConnections(db: Db, companyId: number): Promise<ConnectionRow[]> {
  return await db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(
    asc(whatsapps.name),
  );
}

export async function countConnections(db: Db | Tx, companyId: number): Promise<number> {
  return (await db.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId)))[0].n;
}

export async function defaultConnection(db: Db | Tx, companyId: number): Promise<ConnectionRow | null> {
  return (await db.select().from(whatsapps).where(
    and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)),
  )
    .limit(1))[0] ?? null;
}

export async function queuesOfConnections(
  db: Db | Tx,
  companyId: number,
  ids: number[],
): Promise<Map<number, { id: number; name: string; color: string; orderQueue: number | null }[]>> {
  const out = new Map(
    ids.map((id) => [id, [] as { id: number; name: string; color: string; orderQueue: number | null }[]]),
  );
  if (!ids.length) return out;
  const rows = await db.select({
    whatsappId: whatsappQueues.whatsappId,
    id: queues.id,
    name: queues.name,
    color: queues.color,
    orderQueue: queues.orderQueue,
  }).from(whatsappQueues).innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(and(eq(whatsappQueues.companyId, companyId), inArray(whatsappQueues.whatsappId, ids)))
    .orderBy(asc(queues.orderQueue), asc(queues.id));
  for (const r of rows) {
    out.get(r.whatsappId)?.push({ id: r.id, name: r.name, color: r.color, orderQueue: r.orderQueue });
  }
  return out;
}

export async function setConnectionQueues(tx: Tx, companyId: number, whatsappId: number, queueIds: number[]) {
  const ids = [...new Set(queueIds)];
  if (ids.length) {
    const found = await tx.select({ id: queues.id }).from(queues)
      .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
    if (found.length !== ids.length) throw notFound("queue");
  }
  await tx.delete(whatsappQueues).where(
    and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)),
  );
  if (ids.length) {
    await tx.insert(whatsappQueues).values(ids.map((queueId) => ({ companyId, whatsappId, queueId })));
  }
}
