/**
 * An attendant typing on a ticket (the staff socket's `typing` frame), for channels that can show
 * it to the customer (the adapter's optional `typing`: Telegram's "typing…" chat action). Best
 * effort, sent at most every TYPING_EVERY_MS per ticket: Telegram shows the action for 5 s, and
 * the composer repeats its frame every 3 s while the attendant types. Webchat has its own path.
 */
import type { Deps } from "../deps.ts";
import { findTicket } from "../tickets/repo.ts";
import { canViewTicket, type Viewer } from "../tickets/policy.ts";
import { findConnection } from "../connections/repo.ts";
import { findContact } from "../contacts/repo.ts";
import { adapterFor, hasAdapter } from "./registry.ts";

const TYPING_EVERY_MS = 4000;
const lastSent = new WeakMap<Deps, Map<string, number>>();

export async function channelTyping(deps: Deps, companyId: number, viewer: Viewer, ticketId: number) {
  const t = await findTicket(deps.db, companyId, ticketId);
  if (!t?.whatsappId || !canViewTicket(viewer, t) || !hasAdapter(t.channel)) return;
  const adapter = adapterFor(t.channel);
  if (!adapter.typing) return;
  let sent = lastSent.get(deps);
  if (!sent) lastSent.set(deps, sent = new Map());
  const key = `${companyId}:${ticketId}`;
  const now = deps.clock.now().getTime();
  if (now - (sent.get(key) ?? -Infinity) < TYPING_EVERY_MS) return;
  sent.set(key, now);
  const conn = await findConnection(deps.db, companyId, t.whatsappId);
  const contact = await findContact(deps.db, companyId, t.contactId);
  if (!conn || !contact) return;
  await adapter.typing(deps, conn, { number: contact.number, isGroup: contact.isGroup });
}
