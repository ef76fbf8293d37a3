/** Find-or-create of the contact an inbound message comes from (reference §3 step 1). */
import { and, eq, sql } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { ChannelKind } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";

export type ContactRow = typeof contacts.$inferSelect;

/**
 * Matches on (company, number); a WhatsApp @lid id is matched too, so one person never becomes
 * two contacts. The name is replaced only while it is still the bare number.
 */
export async function upsertInboundContact(
  tx: Tx,
  companyId: number,
  c: {
    number: string;
    name?: string;
    lid?: string;
    isGroup: boolean;
    channel: ChannelKind;
    whatsappId: number;
  },
): Promise<{ contact: ContactRow; created: boolean }> {
  const [found] = await tx.select().from(contacts).where(and(
    eq(contacts.companyId, companyId),
    c.lid
      ? sql`(${contacts.number} = ${c.number} OR ${contacts.lid} = ${c.lid})`
      : eq(contacts.number, c.number),
  )).limit(1);
  const name = c.name?.trim() || c.number;
  if (found) {
    const patch: Partial<ContactRow> = {};
    if (found.name === found.number && name !== found.number) patch.name = name;
    if (c.lid && !found.lid) patch.lid = c.lid;
    if (!Object.keys(patch).length) return { contact: found, created: false };
    const [row] = await tx.update(contacts).set({ ...patch, updatedAt: new Date().toISOString() })
      .where(eq(contacts.id, found.id)).returning();
    return { contact: row, created: false };
  }
  const [row] = await tx.insert(contacts).values({
    companyId,
    number: c.number,
    name,
    lid: c.lid,
    isGroup: c.isGroup,
    channel: c.channel,
    whatsappId: c.whatsappId,
  }).returning();
  return { contact: row, created: true };
}
