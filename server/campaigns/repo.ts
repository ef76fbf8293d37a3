/** Campaign and shipment queries. `companyId` first; every query filters on it. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { campaigns, campaignShippings, contactLists, tags, whatsapps } from "@db/schema.ts";
import type { Db, Tx } from "@db/client.ts";
import { notFound } from "../lib/errors.ts";
import { containsLike } from "../lib/like.ts";

export type CampaignRow = typeof campaigns.$inferSelect;
export type ShippingRow = typeof campaignShippings.$inferSelect;

const withRefs = {
  campaign: campaigns,
  contactList: { id: contactLists.id, name: contactLists.name },
  whatsapp: { id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel },
  tag: { id: tags.id, name: tags.name },
};
type Joined = { campaign: CampaignRow; contactList: unknown; whatsapp: unknown; tag: unknown };
const flat = (r: Joined) => ({
  ...r.campaign,
  contactList: r.contactList,
  whatsapp: r.whatsapp,
  tagList: r.tag,
});
export type CampaignDTO = ReturnType<typeof flat>;

function joined(db: Db | Tx) {
  return db.select(withRefs).from(campaigns)
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId))
    .leftJoin(tags, eq(tags.id, campaigns.tagListId));
}

export async function listCampaigns(
  db: Db,
  companyId: number,
  f: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(campaigns.companyId, companyId),
    f.search ? containsLike(campaigns.name, f.search) : undefined,
  );
  const rows = await joined(db).where(where).orderBy(desc(campaigns.id)).limit(f.limit).offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(campaigns).where(where);
  return { rows: rows.map(flat), count: n };
}

export async function findCampaign(db: Db | Tx, companyId: number, id: number): Promise<CampaignDTO | null> {
  const [r] = await joined(db).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id))).limit(1);
  return r ? flat(r) : null;
}

export async function getCampaign(db: Db | Tx, companyId: number, id: number): Promise<CampaignDTO> {
  const c = await findCampaign(db, companyId, id);
  if (!c) throw notFound("campaign");
  return c;
}

export async function insertCampaign(tx: Tx, values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  return (await tx.insert(campaigns).values(values).returning())[0];
}

export async function updateCampaign(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof campaigns.$inferInsert>,
) {
  const [r] = await tx.update(campaigns).set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id))).returning();
  if (!r) throw notFound("campaign");
  return r;
}

export async function deleteCampaign(tx: Tx, companyId: number, id: number) {
  await tx.delete(campaigns).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
}

/**
 * Shipment counts of a campaign: pending (not yet handed over, including retries), delivered,
 * confirmationRequested (asked and not yet confirmed), confirmed, noAnswer (asked, and the window
 * passed or the campaign was finished), cancelled (finished before it went out), failed, uncertain
 * (handed to a provider that cannot deduplicate just before the process died: maybe received).
 */
export async function shippingCounts(db: Db | Tx, companyId: number, campaignId: number) {
  const rows = await db.select({
    status: campaignShippings.status,
    confirmed: campaignShippings.confirmation,
    n: count(),
  })
    .from(campaignShippings)
    .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId)))
    .groupBy(campaignShippings.status, campaignShippings.confirmation);
  const c = {
    total: 0,
    pending: 0,
    delivered: 0,
    confirmationRequested: 0,
    confirmed: 0,
    noAnswer: 0,
    cancelled: 0,
    failed: 0,
    uncertain: 0,
  };
  for (const r of rows) {
    c.total += r.n;
    if (r.confirmed) c.confirmed += r.n;
    if (r.status === "pending" || r.status === "sending") c.pending += r.n;
    else if (r.status === "delivered") c.delivered += r.n;
    else if (r.status === "awaiting") c.confirmationRequested += r.n;
    else if (r.status === "no_answer") c.noAnswer += r.n;
    else if (r.status === "cancelled") c.cancelled += r.n;
    else if (r.status === "failed") c.failed += r.n;
    else if (r.status === "uncertain") c.uncertain += r.n;
  }
  return c;
}

export async function shippingsPage(
  db: Db,
  companyId: number,
  campaignId: number,
  f: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(campaignShippings.companyId, companyId),
    eq(campaignShippings.campaignId, campaignId),
    f.search ? containsLike(campaignShippings.number, f.search) : undefined,
  );
  const rows = await db.select({
    id: campaignShippings.id,
    number: campaignShippings.number,
    contactListItemId: campaignShippings.contactListItemId,
    name: sql<
      string
    >`(select name from contact_list_items i where i.id = ${campaignShippings.contactListItemId})`,
    status: campaignShippings.status,
    message: campaignShippings.message,
    deliveredAt: campaignShippings.deliveredAt,
    confirmationRequestedAt: campaignShippings.confirmationRequestedAt,
    confirmation: campaignShippings.confirmation,
    confirmedAt: campaignShippings.confirmedAt,
    attempts: campaignShippings.attempts,
    lastError: campaignShippings.lastError,
  }).from(campaignShippings).where(where).orderBy(campaignShippings.id).limit(f.limit).offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(campaignShippings).where(where);
  return { rows, count: n };
}

/**
 * Every shipment of a campaign in the reference's CampaignShipping shape (the spec's report reads
 * `campaign.shipping`), plus our status; `contactId` is the list item, as in the reference.
 */
export function allShippings(db: Db, companyId: number, campaignId: number) {
  return db.select({
    id: campaignShippings.id,
    campaignId: campaignShippings.campaignId,
    contactId: campaignShippings.contactListItemId,
    number: campaignShippings.number,
    message: campaignShippings.message,
    confirmationMessage: campaignShippings.confirmationMessage,
    confirmation: campaignShippings.confirmation,
    confirmationRequestedAt: campaignShippings.confirmationRequestedAt,
    confirmedAt: campaignShippings.confirmedAt,
    deliveredAt: campaignShippings.deliveredAt,
    status: campaignShippings.status,
    createdAt: campaignShippings.createdAt,
    updatedAt: campaignShippings.updatedAt,
  }).from(campaignShippings)
    .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId)))
    .orderBy(campaignShippings.id);
}
