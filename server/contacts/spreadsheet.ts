/**
 * Contact import from and export to spreadsheets. Reading (.xlsx, .xls, .csv and the header row:
 * name/nome, number/numero/phone/telefone, email) is lib/spreadsheet/read.ts, shared with the
 * contact-list import; here: the contacts' rules, one contact per row, deduplicated by number.
 */
import { loadExcel } from "../lib/spreadsheet/exceljs.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { readContactRows } from "../lib/spreadsheet/read.ts";
import * as repo from "./repo.ts";
import { numberMaskFor } from "./privacy.ts";
import { auditNow } from "../audit/audit.ts";
import { announceFolded, mergeEmailContact } from "./merge.ts";

const MAX_ROWS = 20_000;
const CHUNK = 500;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type ImportResult = {
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; value?: string; error: string }[];
};

type Row = { row: number; name: string; number: string; email: string | null };

async function readSheet(file: File): Promise<{ rows: Row[]; errors: ImportResult["errors"] }> {
  const rows: Row[] = [];
  const errors: ImportResult["errors"] = [];
  for (const raw of await readContactRows(file, MAX_ROWS)) {
    const number = raw.number.replace(/\D/g, "");
    if (number.length < 8 || number.length > 50) {
      errors.push({ row: raw.row, value: raw.number, error: "invalid number (8 to 50 digits)" });
      continue;
    }
    const email = raw.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw.email) ? raw.email.toLowerCase() : null;
    rows.push({ row: raw.row, name: (raw.name || number).slice(0, 250), number, email });
  }
  return { rows, errors };
}

/**
 * Creates the sheet's new numbers and updates the name/e-mail of known ones; a repeated number
 * in the sheet is skipped. Rows are written in chunks, each its own short write, with a progress
 * frame to the importing user after each (the /contacts/import screen's bar); the answer lists
 * every rejected row with its reason.
 */
export async function importContacts(deps: Deps, actor: Actor, file: File): Promise<ImportResult> {
  const { rows, errors } = await readSheet(file);
  const result: ImportResult = { created: 0, updated: 0, skipped: 0, errors };
  const total = rows.length + errors.length;
  const progress = (processed: number, done: boolean) =>
    deps.bus.emit("contacts.import", {
      companyId: actor.companyId,
      userId: actor.userId,
      processed,
      total,
      done,
    });
  const folded: number[] = [];
  const seen = new Set<string>();
  const unique = rows.filter((r) => {
    if (seen.has(r.number)) {
      result.skipped++;
      return false;
    }
    seen.add(r.number);
    return true;
  });
  progress(errors.length + result.skipped, false);
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    await deps.database.write(async (tx) => {
      const existing = await repo.contactsByNumbers(tx, actor.companyId, chunk.map((r) => r.number));
      const fresh = chunk.filter((r) => !existing.has(r.number));
      const created = await repo.insertContacts(
        tx,
        fresh.map((r) => ({ companyId: actor.companyId, name: r.name, number: r.number, email: r.email })),
      );
      result.created += fresh.length;
      // Rows that give a contact an address: a contact first met by e-mail at that address is
      // the same person, folded into this one (merge.ts), as when the admin types it in.
      const addressed: { id: number; email: string }[] = [];
      for (const r of fresh) {
        const id = created.get(r.number);
        if (r.email && id) addressed.push({ id, email: r.email });
      }
      for (const r of chunk) {
        const c = existing.get(r.number);
        if (!c) continue;
        const name = r.name !== r.number ? r.name : c.name;
        const email = r.email ?? c.email;
        if (name === c.name && email === c.email) {
          result.skipped++;
          continue;
        }
        await repo.updateContact(tx, actor.companyId, c.id, { name, email });
        if (email && email !== c.email) addressed.push({ id: c.id, email });
        result.updated++;
      }
      for (const a of addressed) {
        const gone = await mergeEmailContact(tx, actor.companyId, a.id, a.email);
        if (gone) folded.push(gone);
      }
    });
    progress(errors.length + rows.length - unique.length + Math.min(unique.length, i + CHUNK), false);
    // Let sockets and other requests run between chunks.
    await new Promise((r) => setTimeout(r, 0));
  }
  announceFolded(deps, actor.companyId, folded);
  progress(total, true);
  return result;
}

/** Every contact of the company as an .xlsx (numbers masked for a masked viewer). */
export async function exportContacts(deps: Deps, actor: Actor): Promise<Uint8Array> {
  const mask = await numberMaskFor(deps.db, actor);
  const rows = await repo.listAllContacts(deps.db, actor.companyId);
  const tags = await repo.tagsOfContacts(deps.db, actor.companyId, rows.map((r) => r.id));
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet("Contacts");
  ws.columns = [
    { header: "name", key: "name", width: 32 },
    { header: "number", key: "number", width: 20 },
    { header: "email", key: "email", width: 32 },
    { header: "tags", key: "tags", width: 32 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      name: r.name,
      number: mask(r).number,
      email: r.email ?? "",
      tags: (tags.get(r.id) ?? []).map((t) => t.name).join(", "),
    });
  }
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  await auditNow(deps, actor, {
    action: "export.contacts",
    entity: "export",
    summary: `${rows.length} contacts`,
  });
  return bytes;
}
