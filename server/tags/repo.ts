/** Tag queries. `companyId` first; every query filters on it. */
import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import { contacts, contactTags, tags, ticketTags } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";

export type TagRow = typeof tags.$inferSelect;
export type TagWithCounts = TagRow & { contactsCount: number; ticketsCount: number };

const counts = {
  contactsCount: sql<number>`(select count(*) from ${contactTags} where ${contactTags.tagId} = ${tags.id}
    and ${contactTags.companyId} = ${tags.companyId})`.mapWith(Number),
  ticketsCount: sql<number>`(select count(*) from ${ticketTags} where ${ticketTags.tagId} = ${tags.id}
    and ${ticketTags.companyId} = ${tags.companyId})`.mapWith(Number),
};

export async function listTags(
  db: Db,
  companyId: number,
  f: { search?: string; kanban?: number; tagId?: number; limit: number; offset: number },
): Promise<{ rows: TagWithCounts[]; count: number }> {
  const where = and(
    eq(tags.companyId, companyId),
    f.search ? containsLike(tags.name, f.search) : undefined,
    f.kanban !== undefined ? eq(tags.kanban, f.kanban) : undefined,
    f.tagId ? eq(tags.id, f.tagId) : undefined,
  );
  const rows = await db.select({ tag: tags, ...counts }).from(tags).where(where)
    .orderBy(...(f.kanban === 1 ? laneOrder : [asc(tags.name), asc(tags.id)])).limit(f.limit).offset(
      f.offset,
    );
  const [{ n }] = await db.select({ n: count() }).from(tags).where(where);
  return {
    rows: rows.map((r) => ({ ...r.tag, contactsCount: r.contactsCount, ticketsCount: r.ticketsCount })),
    count: n,
  };
}

/** Lanes in the admin's order; ties (never reordered) by name. */
const laneOrder = [asc(tags.kanbanOrder), asc(tags.name), asc(tags.id)];

export async function listAllTags(db: Db | Tx, companyId: number, kanban?: number): Promise<TagRow[]> {
  return await db.select().from(tags).where(
    and(eq(tags.companyId, companyId), kanban !== undefined ? eq(tags.kanban, kanban) : undefined),
  ).orderBy(...(kanban === 1 ? laneOrder : [asc(tags.name), asc(tags.id)]));
}

/** The place after the company's last lane. */
export async function nextLaneOrder(tx: Tx, companyId: number): Promise<number> {
  const [r] = await tx.select({ n: max(tags.kanbanOrder) }).from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)));
  return (r?.n ?? 0) + 1;
}

/** Gives each lane of `ids` its index as its place. */
export async function setLaneOrder(tx: Tx, companyId: number, ids: number[]) {
  for (const [i, id] of ids.entries()) {
    await tx.update(tags).set({ kanbanOrder: i + 1 })
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id), eq(tags.kanban, 1)));
  }
}

export async function findTag(db: Db | Tx, companyId: number, id: number): Promise<TagRow | null> {
  return (await db.select().from(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, id))).limit(1))[
    0
  ] ??
    null;
}

export async function getTag(db: Db | Tx, companyId: number, id: number): Promise<TagRow> {
  const t = await findTag(db, companyId, id);
  if (!t) throw notFound("tag");
  return t;
}

export async function tagCounts(db: Db, companyId: number, id: number) {
  const [r] = await db.select(counts).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
  return r ?? { contactsCount: 0, ticketsCount: 0 };
}

export async function contactsOfTag(db: Db, companyId: number, tagId: number) {
  return await db.select({
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    isGroup: contacts.isGroup,
  })
    .from(contactTags).innerJoin(contacts, eq(contacts.id, contactTags.contactId))
    .where(and(eq(contactTags.companyId, companyId), eq(contactTags.tagId, tagId)))
    .orderBy(asc(contacts.name));
}

/** Tags of the company among `ids`; the caller compares lengths to spot foreign ids. */
export async function tagsByIds(db: Db | Tx, companyId: number, ids: number[]): Promise<TagRow[]> {
  if (!ids.length) return [];
  return await db.select().from(tags).where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
}

export async function tagsByNames(db: Db | Tx, companyId: number, names: string[], kanban = 0) {
  if (!names.length) return [];
  return await db.select().from(tags).where(
    and(eq(tags.companyId, companyId), eq(tags.kanban, kanban), inArray(tags.name, names)),
  );
}

export async function insertTag(tx: Tx, values: typeof tags.$inferInsert): Promise<TagRow> {
  return (await tx.insert(tags).values(values).returning())[0];
}

export async function updateTag(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof tags.$inferInsert>,
): Promise<TagRow> {
  const [row] = await tx.update(tags).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id))).returning();
  if (!row) throw notFound("tag");
  return row;
}

export async function deleteTag(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
}

/** Replaces the contact's tag links. */
export async function setContactTags(tx: Tx, companyId: number, contactId: number, tagIds: number[]) {
  await tx.delete(contactTags).where(
    and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId)),
  );
  const ids = [...new Set(tagIds)];
  if (ids.length) await tx.insert(contactTags).values(ids.map((tagId) => ({ companyId, contactId, tagId })));
}

export async function removeContactTag(tx: Tx, companyId: number, tagId: number, contactId: number) {
  await tx.delete(contactTags).where(
    and(
      eq(contactTags.companyId, companyId),
      eq(contactTags.tagId, tagId),
      eq(contactTags.contactId, contactId),
    ),
  );
}
