/** Tenant-scoped reads and writes of flows and phrase campaigns (companyId first, always filtered). */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { flowBuilders, flowCampaigns } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { containsLike } from "../lib/like.ts";

export type FlowRow = typeof flowBuilders.$inferSelect;
export type FlowCampaignRow = typeof flowCampaigns.$inferSelect;

export async function listFlows(
  db: Db,
  companyId: number,
  o: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(flowBuilders.companyId, companyId),
    o.search ? containsLike(flowBuilders.name, o.search.toLowerCase()) : undefined,
  );
  const rows = await db.select({
    id: flowBuilders.id,
    name: flowBuilders.name,
    active: flowBuilders.active,
    companyId: flowBuilders.companyId,
    userId: flowBuilders.userId,
    createdAt: flowBuilders.createdAt,
    updatedAt: flowBuilders.updatedAt,
  }).from(flowBuilders).where(where).orderBy(asc(sql`lower(${flowBuilders.name})`), asc(flowBuilders.id))
    .limit(o.limit).offset(o.offset);
  const [{ n }] = await db.select({ n: count() }).from(flowBuilders).where(where);
  return { rows, count: n };
}

export async function findFlow(db: Db | Tx, companyId: number, id: number): Promise<FlowRow | undefined> {
  const [row] = await db.select().from(flowBuilders)
    .where(and(eq(flowBuilders.companyId, companyId), eq(flowBuilders.id, id))).limit(1);
  return row;
}

export async function insertFlow(tx: Tx, values: typeof flowBuilders.$inferInsert): Promise<FlowRow> {
  const [row] = await tx.insert(flowBuilders).values(values).returning();
  return row;
}

export async function updateFlow(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof flowBuilders.$inferInsert>,
): Promise<FlowRow | undefined> {
  const [row] = await tx.update(flowBuilders).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(flowBuilders.companyId, companyId), eq(flowBuilders.id, id))).returning();
  return row;
}

/** The phrase campaigns that start this flow (deleted with it by the FK cascade). */
export async function campaignIdsOfFlow(tx: Tx, companyId: number, flowId: number): Promise<number[]> {
  const rows = await tx.select({ id: flowCampaigns.id }).from(flowCampaigns)
    .where(and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.flowId, flowId)));
  return rows.map((r) => r.id);
}

export async function deleteFlow(tx: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await tx.delete(flowBuilders)
    .where(and(eq(flowBuilders.companyId, companyId), eq(flowBuilders.id, id))).returning({
      id: flowBuilders.id,
    });
  return rows.length > 0;
}

export async function listCampaigns(db: Db, companyId: number): Promise<FlowCampaignRow[]> {
  return await db.select().from(flowCampaigns).where(eq(flowCampaigns.companyId, companyId))
    .orderBy(desc(flowCampaigns.id));
}

export async function findCampaign(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db.select().from(flowCampaigns)
    .where(and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.id, id))).limit(1);
  return row;
}

/** Active campaigns that apply on a connection (their own connection, or none set). */
export async function activeCampaigns(db: Db, companyId: number): Promise<FlowCampaignRow[]> {
  return await db.select().from(flowCampaigns)
    .where(and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.status, true)))
    .orderBy(asc(flowCampaigns.id));
}
