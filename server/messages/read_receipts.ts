/**
 * Read receipts to the customer (the channel's markRead, where it has one) for inbound messages
 * just marked read: on opening an accepted conversation and on accepting a waiting one (a peek at a waiting ticket reads nothing). Never throws: a failed receipt is only logged.
 */
import { eq } from "drizzle-orm";
import { contacts, type tickets } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import { getConnection } from "../connections/repo.ts";

export type ReadMessage = { wid: string | null; fromMe: boolean; participant: string | null };

export async function sendReadReceipts(
  deps: Deps,
  companyId: number,
  t: typeof tickets.$inferSelect,
  read: { wid: string | null; participant: string | null }[],
) {
  try {
    const connection = await getConnection(deps.db, companyId, t.whatsappId!);
    if (!hasAdapter(connection.channel)) return;
    const adapter = adapterFor(connection.channel);
    if (!adapter.markRead) return;
    const [contact] = await deps.db.select().from(contacts).where(eq(contacts.id, t.contactId));
    await adapter.markRead(deps, connection, {
      to: { number: contact.number, isGroup: contact.isGroup, remoteJid: contact.remoteJid },
      messages: read.map((m) => ({ externalId: m.wid!, participant: m.participant })),
    });
  } catch (err) {
    console.warn(`[messages] read receipts for ticket ${t.id} not sent:`, (err as Error).message);
  }
}

/** The inbound ones among messages just marked read, sent in the background. */
export function receiptsFor(
  deps: Deps,
  companyId: number,
  t: typeof tickets.$inferSelect,
  read: ReadMessage[],
) {
  const inbound = read.filter((m) => !m.fromMe && m.wid);
  if (inbound.length && t.whatsappId) void sendReadReceipts(deps, companyId, t, inbound);
}
