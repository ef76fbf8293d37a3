/**
 * An attendant's edit or delete of a message the customer already has reaches the channel, for
 * channels that can change one (the adapter's optional `editMessage` / `deleteMessage`); elsewhere
 * the change stays ours, as before. Private notes and messages never handed over (no provider id)
 * have nothing on the customer's side. Apart from service.ts so that the message rules do not
 * reach for the channel registry.
 */
import { eq } from "drizzle-orm";
import { contacts } from "@db/schema.ts";
import type { Deps } from "../deps.ts";
import { adapterFor, hasAdapter } from "../channels/registry.ts";
import type { SentMessage } from "../channels/adapter.ts";
import { getConnection } from "../connections/repo.ts";
import { getTicket } from "../tickets/repo.ts";
import type { MessageRow } from "./dto.ts";
import { recordChangeFailure } from "./delivery.ts";

type Change = { kind: "edit"; previousBody: string } | { kind: "delete" };

export async function changeOnChannel(deps: Deps, companyId: number, m: MessageRow, change: Change) {
  if (m.isPrivate || !m.fromMe || !m.wid) return;
  const ticket = await getTicket(deps.db, companyId, m.ticketId);
  if (!ticket.whatsappId) return;
  const connection = await getConnection(deps.db, companyId, ticket.whatsappId);
  if (!hasAdapter(connection.channel)) return;
  const adapter = adapterFor(connection.channel);
  const [contact] = await deps.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
  const sent: SentMessage = {
    companyId,
    connection,
    messageId: m.id,
    to: { number: contact.number, isGroup: contact.isGroup, remoteJid: contact.remoteJid },
    hasMedia: !!m.mediaUrl,
  };
  try {
    if (change.kind === "edit") {
      await adapter.editMessage?.(deps, { ...sent, body: m.body, previousBody: change.previousBody });
    } else await adapter.deleteMessage?.(deps, sent);
  } catch (err) {
    await recordChangeFailure(deps, companyId, m.id, change, (err as Error)?.message ?? String(err));
  }
}
