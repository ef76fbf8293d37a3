/** Scheduled message queries. `companyId` first; every query filters on it. */
import { and, asc, count, eq, gte, lt, ne, or, sql } from "drizzle-orm";
import { contacts, schedules, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";

export type ScheduleRow = typeof schedules.$inferSelect;

const select = {
  schedule: schedules,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number },
  user: { id: users.id, name: users.name },
};
type Joined = { schedule: ScheduleRow; contact: unknown; user: unknown };
const flat = (r: Joined) => ({ ...r.schedule, contact: r.contact, user: r.user });
export type ScheduleDTO = ReturnType<typeof flat>;

const joined = (db: Db | Tx) =>
  db.select(select).from(schedules)
    .leftJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId));

export async function listSchedules(
  db: Db,
  companyId: number,
  f: {
    search?: string;
    contactId?: number;
    userId?: number;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(schedules.companyId, companyId),
    f.contactId ? eq(schedules.contactId, f.contactId) : undefined,
    f.userId ? eq(schedules.userId, f.userId) : undefined,
    f.from ? gte(schedules.sendAt, f.from) : undefined,
    f.to ? lt(schedules.sendAt, f.to) : undefined,
    f.search ? or(containsLike(schedules.body, f.search), containsLike(contacts.name, f.search)) : undefined,
  );
  const rows = await joined(db).where(where).orderBy(asc(schedules.sendAt), asc(schedules.id))
    .limit(f.limit).offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(schedules)
    .leftJoin(contacts, eq(contacts.id, schedules.contactId)).where(where);
  return { rows: rows.map(flat), count: n };
}

/**
 * The schedules that may have an occurrence in [from, to): a sent one whose send fell in it; an
 * unsent one due in it, or due before its end with sends still to come after that slot.
 */
export async function calendarSchedules(
  db: Db,
  companyId: number,
  f: { from: string; to: string; userId?: number },
): Promise<ScheduleDTO[]> {
  const sentAt = sql`coalesce(${schedules.sentAt}, ${schedules.sendAt})`;
  const where = and(
    eq(schedules.companyId, companyId),
    f.userId ? eq(schedules.userId, f.userId) : undefined,
    or(
      and(eq(schedules.status, "ENVIADA"), sql`${sentAt} >= ${f.from}`, sql`${sentAt} < ${f.to}`),
      and(
        ne(schedules.status, "ENVIADA"),
        lt(schedules.sendAt, f.to),
        or(
          gte(schedules.sendAt, f.from),
          and(
            ne(schedules.status, "ERRO"),
            sql`${schedules.valorIntervalo} > 0`,
            sql`${schedules.contadorEnvio} + 1 < ${schedules.enviarQuantasVezes}`,
          ),
        ),
      ),
    ),
  );
  const rows = await joined(db).where(where).orderBy(asc(schedules.sendAt), asc(schedules.id)).limit(1_000);
  return rows.map(flat);
}

export async function getSchedule(db: Db | Tx, companyId: number, id: number): Promise<ScheduleDTO> {
  const [r] = await joined(db).where(and(eq(schedules.companyId, companyId), eq(schedules.id, id))).limit(1);
  if (!r) throw notFound("schedule");
  return flat(r);
}

export async function insertSchedule(tx: Tx, values: typeof schedules.$inferInsert) {
  return (await tx.insert(schedules).values(values).returning())[0];
}

export async function updateSchedule(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof schedules.$inferInsert>,
) {
  const [r] = await tx.update(schedules).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id))).returning();
  if (!r) throw notFound("schedule");
  return r;
}

export async function deleteSchedule(tx: Tx, companyId: number, id: number) {
  await tx.delete(schedules).where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
}
