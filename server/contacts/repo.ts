/** Contact queries. `companyId` first; every query filters on it. */
import { and, asc, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { contactCustomFields, contacts, contactTags, tags } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import type { ContactTagRef, ExtraInfo } from "@contract/contacts.ts";

export type ContactRow = typeof contacts.$inferSelect;
export type { ContactTagRef, ExtraInfo };

/**
 * The user's words (at most 8) that hold a letter or digit, each quoted for FTS5 (quotes doubled,
 * so no operator can be injected): as is, a whole-token match.
 */
export function ftsWords(search: string): string[] {
  return search.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).slice(0, 8)
    .map((w) => `"${w.replace(/"/g, '""')}"`);
}

/**
 * An FTS5 prefix query built from the user's words (ftsWords, each starred). `column` restricts
 * the match to one column.
 */
export function ftsPrefixQuery(search: string, column?: string): string | null {
  const words = ftsWords(search);
  if (!words.length) return null;
  const q = words.map((w) => `${w}*`).join(" ");
  return column ? `{${column}} : (${q})` : q;
}

/**
 * The ids of contacts whose number holds `digits` anywhere ("8888777" finds 5511988887777): a
 * MATCH on the trigram index contacts_number_fts (migration 0003), a substring match for 3 digits
 * or more, instead of a LIKE over every number of the company. Any company: callers scope by it.
 */
export function contactIdsWithDigits(digits: string): SQL {
  return sql`select rowid from contacts_number_fts where contacts_number_fts match ${`"${digits}"`}`;
}

export type ContactFilter = {
  search?: string;
  channel?: string;
  isGroup?: boolean;
  /** Masked viewers search names only: matching on digits would reveal the hidden numbers. */
  namesOnly?: boolean;
};

function filterWhere(companyId: number, f: ContactFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(contacts.companyId, companyId)];
  const s = f.search?.trim();
  if (s) {
    const fts = ftsPrefixQuery(s, f.namesOnly ? "name" : undefined);
    const digits = s.replace(/\D/g, "");
    conds.push(or(
      fts
        ? sql`${contacts.id} in (select rowid from contacts_fts where contacts_fts match ${fts})`
        : undefined,
      !f.namesOnly && digits.length >= 3
        ? sql`${contacts.id} in (${contactIdsWithDigits(digits)})`
        : undefined,
      fts ? undefined : sql`0`,
    ));
  }
  if (f.channel) conds.push(eq(contacts.channel, f.channel as ContactRow["channel"]));
  if (f.isGroup !== undefined) conds.push(eq(contacts.isGroup, f.isGroup));
  return and(...conds);
}

export async function listContacts(
  db: Db,
  companyId: number,
  f: ContactFilter & { limit: number; offset: number },
): Promise<{ rows: ContactRow[]; count: number }> {
  const where = filterWhere(companyId, f);
  const rows = await db.select().from(contacts).where(where).orderBy(asc(contacts.name), asc(contacts.id))
    .limit(f.limit).offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(contacts).where(where);
  return { rows, count: n };
}

export async function listAllContacts(db: Db, companyId: number): Promise<ContactRow[]> {
  return await db.select().from(contacts).where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.name), asc(contacts.id));
}

export async function findContact(db: Db | Tx, companyId: number, id: number): Promise<ContactRow | null> {
  return (await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .limit(1))[0] ?? null;
}

export async function getContact(db: Db | Tx, companyId: number, id: number): Promise<ContactRow> {
  const c = await findContact(db, companyId, id);
  if (!c) throw notFound("contact");
  return c;
}

export async function findContactByNumber(
  db: Db | Tx,
  companyId: number,
  number: string,
): Promise<ContactRow | null> {
  return (await db.select().from(contacts).where(
    and(eq(contacts.companyId, companyId), eq(contacts.number, number)),
  ).limit(1))[0] ?? null;
}

export async function contactsByNumbers(
  db: Db | Tx,
  companyId: number,
  numbers: string[],
): Promise<Map<string, ContactRow>> {
  const out = new Map<string, ContactRow>();
  for (let i = 0; i < numbers.length; i += 500) {
    const rows = await db.select().from(contacts).where(
      and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers.slice(i, i + 500))),
    );
    for (const r of rows) out.set(r.number, r);
  }
  return out;
}

export async function tagsOfContacts(
  db: Db | Tx,
  companyId: number,
  ids: number[],
): Promise<Map<number, ContactTagRef[]>> {
  const out = new Map<number, ContactTagRef[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db.select({
    contactId: contactTags.contactId,
    id: tags.id,
    name: tags.name,
    color: tags.color,
    kanban: tags.kanban,
  }).from(contactTags).innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(eq(contactTags.companyId, companyId), inArray(contactTags.contactId, ids)))
    .orderBy(asc(tags.name));
  for (const { contactId, ...t } of rows) out.get(contactId)?.push(t);
  return out;
}

export async function extraInfoOfContacts(
  db: Db | Tx,
  companyId: number,
  ids: number[],
): Promise<Map<number, ExtraInfo[]>> {
  const out = new Map<number, ExtraInfo[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db.select().from(contactCustomFields).where(
    and(eq(contactCustomFields.companyId, companyId), inArray(contactCustomFields.contactId, ids)),
  ).orderBy(asc(contactCustomFields.id));
  for (const r of rows) out.get(r.contactId)?.push({ id: r.id, name: r.name, value: r.value });
  return out;
}

export async function insertContact(tx: Tx, values: typeof contacts.$inferInsert): Promise<ContactRow> {
  return (await tx.insert(contacts).values(values).returning())[0];
}

export async function updateContact(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof contacts.$inferInsert>,
): Promise<ContactRow> {
  const [row] = await tx.update(contacts).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).returning();
  if (!row) throw notFound("contact");
  return row;
}

export async function deleteContact(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
}

/** Replaces the contact's extra information. */
export async function setExtraInfo(
  tx: Tx,
  companyId: number,
  contactId: number,
  items: { name: string; value: string }[],
): Promise<void> {
  await tx.delete(contactCustomFields).where(
    and(eq(contactCustomFields.companyId, companyId), eq(contactCustomFields.contactId, contactId)),
  );
  if (items.length) {
    await tx.insert(contactCustomFields).values(items.map((i) => ({ ...i, companyId, contactId })));
  }
}

/** Inserts the contacts; answers each new row's id by its number. */
export async function insertContacts(
  tx: Tx,
  values: (typeof contacts.$inferInsert)[],
): Promise<Map<string, number>> {
  if (!values.length) return new Map();
  const rows = await tx.insert(contacts).values(values).returning({
    id: contacts.id,
    number: contacts.number,
  });
  return new Map(rows.map((r) => [r.number, r.id]));
}
