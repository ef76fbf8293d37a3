/** Find-or-create of the contact an inbound message comes from (reference §3 step 1). */
import { and, eq, sql } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { ChannelKind } from "@db/schema.ts";
import type { Tx } from "@db/client.ts";
import { prepared } from "@db/prepared.ts";
import type { Deps } from "../deps.ts";

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
  const p = sql.placeholder;
  const found = c.lid
    ? await prepared(tx, "contacts.byNumberOrLid", (d) =>
      d.select().from(contacts).where(and(
        eq(contacts.companyId, p("companyId")),
        sql`(${contacts.number} = ${p("number")} OR ${contacts.lid} = ${p("lid")})`,
      )).limit(1).prepare()).get({ companyId, number: c.number, lid: c.lid })
    : await prepared(
      tx,
      "contacts.byNumber",
      (d) =>
        d.select().from(contacts).where(
          and(eq(contacts.companyId, p("companyId")), eq(contacts.number, p("number"))),
        )
          .limit(1).prepare(),
    ).get({ companyId, number: c.number });
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

/**
 * A contact first seen by a privacy identity alone (WhatsApp's @lid, Meta's business-scoped user
 * id) has that identity's address (`lidNumber`) as its number; once a message carries the phone
 * number too, the contact takes it — unless another contact already has that number.
 */
export async function promoteIdentityContact(
  deps: Deps,
  companyId: number,
  lid: string,
  number: string,
  lidNumber: string,
): Promise<void> {
  if (number === lidNumber) return;
  const byLid = () =>
    deps.db.select({ number: contacts.number }).from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.lid, lid))).limit(1);
  if ((await byLid())[0]?.number !== lidNumber) return;
  await deps.database.write(async (tx) => {
    const [seen] = await tx.select().from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.lid, lid))).limit(1);
    if (!seen || seen.number !== lidNumber) return;
    const [taken] = await tx.select({ id: contacts.id }).from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).limit(1);
    if (taken) return;
    await tx.update(contacts).set({
      number,
      ...(seen.name === seen.number ? { name: number } : {}),
      updatedAt: new Date().toISOString(),
    }).where(eq(contacts.id, seen.id));
  });
}
