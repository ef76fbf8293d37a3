/** Queue and chatbot option queries. `companyId` first; every query filters on it. */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { chatbots, files, prompts, queueIntegrations, queues } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { assertOwned } from "../lib/owned.ts";

export type QueueRow = typeof queues.$inferSelect;
export type ChatbotRow = typeof chatbots.$inferSelect;

export async function listQueues(db: Db, companyId: number): Promise<QueueRow[]> {
  return await db.select().from(queues).where(eq(queues.companyId, companyId))
    .orderBy(sql`${queues.orderQueue} is null`, asc(queues.orderQueue), asc(queues.name));
}

export async function findQueue(db: Db | Tx, companyId: number, id: number): Promise<QueueRow | null> {
  return (await db.select().from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id))).limit(
    1,
  ))[0] ??
    null;
}

export async function getQueue(db: Db | Tx, companyId: number, id: number): Promise<QueueRow> {
  const q = await findQueue(db, companyId, id);
  if (!q) throw notFound("queue");
  return q;
}

export async function findQueueByColor(db: Db | Tx, companyId: number, color: string) {
  return (await db.select({ id: queues.id }).from(queues).where(
    and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = ${color.toLowerCase()}`),
  ).limit(1))[0] ?? null;
}

export async function countQueues(db: Db | Tx, companyId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId));
  return n;
}

export async function insertQueue(tx: Tx, values: typeof queues.$inferInsert): Promise<QueueRow> {
  return (await tx.insert(queues).values(values).returning())[0];
}

export async function updateQueue(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof queues.$inferInsert>,
): Promise<QueueRow> {
  const [row] = await tx.update(queues).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id))).returning();
  if (!row) throw notFound("queue");
  return row;
}

/** Tickets, connections' redirects and options pointing at the queue are set to null by the schema. */
export async function deleteQueue(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
}

/** Every chatbot option of the company (trees are assembled in memory; a company has few). */
export async function listOptions(db: Db | Tx, companyId: number): Promise<ChatbotRow[]> {
  return await db.select().from(chatbots).where(eq(chatbots.companyId, companyId))
    .orderBy(asc(chatbots.orderOption), asc(chatbots.id));
}

export async function insertOption(tx: Tx, values: typeof chatbots.$inferInsert): Promise<ChatbotRow> {
  return (await tx.insert(chatbots).values(values).returning())[0];
}

export async function updateOption(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof chatbots.$inferInsert>,
): Promise<ChatbotRow> {
  const [row] = await tx.update(chatbots).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(chatbots.companyId, companyId), eq(chatbots.id, id))).returning();
  if (!row) throw notFound("chatbot");
  return row;
}

/** Deletes options; their sub-options go with them (FK cascade). */
export async function deleteOptions(tx: Tx, companyId: number, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await tx.delete(chatbots).where(
      and(eq(chatbots.companyId, companyId), inArray(chatbots.id, ids.slice(i, i + 500))),
    );
  }
}

/** Ids a queue or an option may point at; any id outside the company answers 404. */
export type Refs = {
  queues: number[];
  users: number[];
  integrations: number[];
  files: number[];
  prompts: number[];
};

export async function assertRefs(db: Db | Tx, companyId: number, refs: Refs): Promise<void> {
  await assertOwned(db, companyId, {
    queue: refs.queues,
    user: refs.users,
    queueIntegration: refs.integrations,
    file: refs.files,
    prompt: refs.prompts,
  });
}

export type RefOption = { id: number; name: string; type?: string };

/**
 * What a queue or an option may point at, by name, for the dialog's selectors: integrations,
 * prompts and file lists (their own screens come with their features; the tables may be empty).
 */
export async function listRefOptions(db: Db, companyId: number) {
  const [integrations, promptRows, fileRows] = await Promise.all([
    db.select({ id: queueIntegrations.id, name: queueIntegrations.name, type: queueIntegrations.type })
      .from(queueIntegrations).where(eq(queueIntegrations.companyId, companyId)).orderBy(
        asc(queueIntegrations.name),
      ),
    db.select({ id: prompts.id, name: prompts.name }).from(prompts).where(eq(prompts.companyId, companyId))
      .orderBy(asc(prompts.name)),
    db.select({ id: files.id, name: files.name }).from(files).where(eq(files.companyId, companyId))
      .orderBy(asc(files.name)),
  ]);
  return { integrations, prompts: promptRows, files: fileRows };
}
