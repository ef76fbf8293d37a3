/**
 * The phone's WhatsApp address book, as the linked session learns it: Baileys' `contacts.upsert`
 * and `contacts.update` events and the contacts of each history-sync chunk. Kept per connection in
 * `wa_auth` (type "phonebook", key = the contact's jid): the session's own data travels with it
 * between processes, survives restarts (WhatsApp sends the book once, after linking) and is
 * cleared with the session's auth when the phone logs out. Read by POST /contacts/import.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Contact } from "baileys";
import { waAuth } from "@db/schema.ts";
import type { Database } from "@db/client.ts";
import type { WaSocket } from "./socket.ts";

const TYPE = "phonebook";
/** SQLite binds at most 32766 variables; 4 per upserted row. */
const CHUNK = 500;

/** One stored entry: the phone's saved name, the contact's own (push) name, its number's jid. */
export type PhonebookEntry = {
  id: string;
  name?: string;
  notify?: string;
  verifiedName?: string;
  pn?: string;
};

const pnOf = (c: Partial<Contact>): string | undefined =>
  c.id?.endsWith("@s.whatsapp.net")
    ? c.id
    : c.phoneNumber?.endsWith("@s.whatsapp.net")
    ? c.phoneNumber
    : undefined;

/** Hands every address-book event of the socket to `save` (on the session's data chain). */
export function followPhonebook(sock: WaSocket, save: (contacts: readonly Partial<Contact>[]) => void) {
  const book = (cs: readonly Partial<Contact>[] | undefined) => cs?.length ? save(cs) : undefined;
  sock.ev.on("contacts.upsert", book);
  sock.ev.on("contacts.update", book);
  sock.ev.on("messaging-history.set", (h) => book(h.contacts));
}

/** Merges what the phone sent into the stored entries (an update only names what changed). */
export async function savePhonebook(
  database: Database,
  companyId: number,
  whatsappId: number,
  contacts: readonly Partial<Contact>[],
): Promise<void> {
  // Groups, broadcast lists and newsletters are not people of the address book.
  const people = contacts.filter((c) => c.id && /@(s\.whatsapp\.net|lid)$/.test(c.id));
  if (!people.length) return;
  for (let i = 0; i < people.length; i += CHUNK) {
    const part = people.slice(i, i + CHUNK);
    await database.write(async (tx) => {
      const ids = [...new Set(part.map((c) => c.id!))];
      const known = new Map(
        (await tx.select({ keyId: waAuth.keyId, value: waAuth.value }).from(waAuth).where(and(
          eq(waAuth.whatsappId, whatsappId),
          eq(waAuth.type, TYPE),
          inArray(waAuth.keyId, ids),
        ))).map((r) => [r.keyId, JSON.parse(r.value) as PhonebookEntry]),
      );
      for (const c of part) {
        const before = known.get(c.id!) ?? { id: c.id! };
        const entry: PhonebookEntry = {
          ...before,
          ...(c.name ? { name: c.name } : {}),
          ...(c.notify ? { notify: c.notify } : {}),
          ...(c.verifiedName ? { verifiedName: c.verifiedName } : {}),
          ...(pnOf(c) ? { pn: pnOf(c) } : {}),
        };
        known.set(c.id!, entry);
      }
      const rows = ids.map((id) => ({
        companyId,
        whatsappId,
        type: TYPE,
        keyId: id,
        value: JSON.stringify(known.get(id)),
      }));
      await tx.insert(waAuth).values(rows).onConflictDoUpdate({
        target: [waAuth.whatsappId, waAuth.type, waAuth.keyId],
        set: { value: sql.raw("excluded.value") },
      });
    });
  }
}

/** The people of the address book that have a phone number: digits and the best name known. */
export async function readPhonebook(
  database: Database,
  whatsappId: number,
): Promise<{ number: string; name: string }[]> {
  const rows = await database.db.select({ value: waAuth.value }).from(waAuth)
    .where(and(eq(waAuth.whatsappId, whatsappId), eq(waAuth.type, TYPE)));
  const out: { number: string; name: string }[] = [];
  for (const r of rows) {
    const e = JSON.parse(r.value) as PhonebookEntry;
    if (!e.pn) continue; // a @lid the phone never tied to a number: nothing to dial
    const number = e.pn.split("@")[0].split(":")[0].replace(/\D/g, "");
    const name = (e.name || e.notify || e.verifiedName || "").trim();
    out.push({ number, name });
  }
  return out;
}
