/**
 * POST /contacts/import: the phone's own WhatsApp address book (what the linked Baileys session
 * learnt, channels/whatsapp/phonebook.ts) becomes the company's contacts. Numbers are digits only
 * and 8 to 50 long, as in the spreadsheet import; a number the company already has is never
 * created twice — its name is only filled in when it was just the number. Admins only: it writes
 * the whole book at once.
 */
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { requireAdmin } from "../auth/permissions.ts";
import {
  type ConnectionRow,
  defaultConnection,
  findConnection,
  listConnections,
} from "../connections/repo.ts";
import { readPhonebook } from "../channels/whatsapp/phonebook.ts";
import * as repo from "./repo.ts";

const CHUNK = 500;

export type PhoneImportResult = {
  whatsappId: number;
  /** People of the address book with a number. */
  total: number;
  created: number;
  updated: number;
  skipped: number;
};

/** The connection asked for, else the default one when it is a WhatsApp line, else the first WhatsApp line. */
async function phoneLine(deps: Deps, companyId: number, whatsappId?: number): Promise<ConnectionRow> {
  if (whatsappId !== undefined) {
    const conn = await findConnection(deps.db, companyId, whatsappId);
    if (!conn) throw notFound("whatsapp");
    if (conn.channel !== "whatsapp") {
      throw new AppError("ERR_VALIDATION", {
        message: "only a WhatsApp (phone) connection has an address book",
        details: [{ path: "whatsappId", message: "not a WhatsApp connection" }],
      });
    }
    return conn;
  }
  const def = await defaultConnection(deps.db, companyId);
  if (def?.channel === "whatsapp") return def;
  const first = (await listConnections(deps.db, companyId)).find((c) => c.channel === "whatsapp");
  if (!first) throw new AppError("ERR_NO_DEF_WAPP_FOUND", { message: "no WhatsApp connection" });
  return first;
}

export async function importPhoneContacts(
  deps: Deps,
  actor: Actor,
  whatsappId?: number,
): Promise<PhoneImportResult> {
  requireAdmin(actor);
  const conn = await phoneLine(deps, actor.companyId, whatsappId);
  const book = await readPhonebook(deps.database, conn.id);
  const result: PhoneImportResult = {
    whatsappId: conn.id,
    total: book.length,
    created: 0,
    updated: 0,
    skipped: 0,
  };
  const byNumber = new Map<string, string>();
  for (const e of book) {
    if (e.number.length < 8 || e.number.length > 50 || byNumber.has(e.number)) {
      result.skipped++;
      continue;
    }
    byNumber.set(e.number, e.name.slice(0, 250));
  }
  const rows = [...byNumber];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await deps.database.write(async (tx) => {
      const existing = await repo.contactsByNumbers(tx, actor.companyId, chunk.map(([n]) => n));
      const fresh = chunk.filter(([n]) => !existing.has(n));
      await repo.insertContacts(
        tx,
        fresh.map(([number, name]) => ({
          companyId: actor.companyId,
          name: name || number,
          number,
          channel: "whatsapp" as const,
          whatsappId: conn.id,
        })),
      );
      result.created += fresh.length;
      for (const [number, name] of chunk) {
        const c = existing.get(number);
        if (!c) continue;
        if (name && c.name === c.number) {
          await repo.updateContact(tx, actor.companyId, c.id, { name });
          result.updated++;
        } else result.skipped++;
      }
    });
  }
  // The importing user's "import done" frame, as after a spreadsheet import.
  deps.bus.emit("contacts.import", {
    companyId: actor.companyId,
    userId: actor.userId,
    processed: book.length,
    total: book.length,
    done: true,
  });
  return result;
}
