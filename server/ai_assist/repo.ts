/** AI settings and usage queries. `companyId` first; every query filters on it. */
import { and, desc, eq, gte, inArray, like, sql } from "drizzle-orm";
import { aiSettings, aiUsage, companies, messages, plans, ticketNotes, tickets, users } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";

export type AiSettingsRow = typeof aiSettings.$inferSelect;
export type AiUsageInsert = typeof aiUsage.$inferInsert;

export async function getSettings(db: Db | Tx, companyId: number): Promise<AiSettingsRow | undefined> {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.companyId, companyId)).limit(1);
  return row;
}

export async function upsertSettings(
  tx: Tx,
  companyId: number,
  values: Omit<typeof aiSettings.$inferInsert, "companyId">,
): Promise<AiSettingsRow> {
  const [row] = await tx.insert(aiSettings).values({ companyId, ...values })
    .onConflictDoUpdate({ target: aiSettings.companyId, set: values }).returning();
  return row;
}

export async function deleteSettings(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(aiSettings).where(eq(aiSettings.companyId, companyId));
}

export async function insertUsage(tx: Tx, row: AiUsageInsert): Promise<void> {
  await tx.insert(aiUsage).values(row);
}

/** Tokens spent since `fromIso` (the month's start in the company's zone). */
export async function tokensSince(db: Db, companyId: number, fromIso: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`coalesce(sum(${aiUsage.totalTokens}), 0)` }).from(aiUsage)
    .where(and(eq(aiUsage.companyId, companyId), gte(aiUsage.createdAt, fromIso)));
  return Number(r?.n ?? 0);
}

export async function listUsage(db: Db, companyId: number, limit: number, offset: number) {
  const rows = await db.select({ u: aiUsage, user: { id: users.id, name: users.name } }).from(aiUsage)
    .leftJoin(users, eq(users.id, aiUsage.userId))
    .where(eq(aiUsage.companyId, companyId))
    .orderBy(desc(aiUsage.createdAt), desc(aiUsage.id)).limit(limit + 1).offset(offset);
  const [c] = await db.select({ n: sql<number>`count(*)` }).from(aiUsage).where(
    eq(aiUsage.companyId, companyId),
  );
  return { rows, count: Number(c?.n ?? 0) };
}

/** The company and its plan, for a call the server makes on its own (no signed-in actor). */
export async function companyAndPlan(db: Db, companyId: number) {
  const [r] = await db.select({ company: companies, plan: plans }).from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId)).limit(1);
  return r;
}

/** The ticket's row in its company (undefined for another company's or a deleted one). */
export async function ticketRow(db: Db, companyId: number, ticketId: number) {
  const [t] = await db.select().from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId))).limit(1);
  return t;
}

/**
 * Whether one of the tickets already has an AI summary note (prefixed 🤖) as new as their latest
 * conversation message: then a transfer already carries its summary.
 */
export async function hasFreshSummary(db: Db | Tx, companyId: number, ticketIds: number[]): Promise<boolean> {
  const [last] = await db.select({ at: sql<string | null>`max(${messages.createdAt})` }).from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds)));
  const [note] = await db.select({ id: ticketNotes.id }).from(ticketNotes).where(and(
    eq(ticketNotes.companyId, companyId),
    inArray(ticketNotes.ticketId, ticketIds),
    like(ticketNotes.note, `${SUMMARY_MARK}%`),
    last?.at ? gte(ticketNotes.createdAt, last.at) : undefined,
  )).limit(1);
  return !!note;
}

/** What starts the text of a summary note the assistant wrote. */
export const SUMMARY_MARK = "🤖";
