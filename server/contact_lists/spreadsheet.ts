/**
 * Spreadsheet import into a contact list and export of a list. Reading (.xlsx, .xls, .csv and the
 * header row) is lib/spreadsheet/read.ts, shared with the contacts import; here: the list's rules.
 * Rows are written in chunks, each its own short write, with a progress event after each chunk;
 * the answer lists every rejected row with its reason. New items are then checked on the channel
 * in the background (number_check.ts) where a connection can tell.
 */
import { loadExcel } from "../lib/spreadsheet/exceljs.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { readContactRows } from "../lib/spreadsheet/read.ts";
import * as repo from "./repo.ts";
import { normaliseNumber } from "./schemas.ts";
import { numberChecker, scheduleNumberCheck } from "./number_check.ts";
import type { ImportReport } from "@contract/contact_lists.ts";

const MAX_ROWS = 50_000;
const CHUNK = 1000;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type { ImportReport };

type Row = { row: number; name: string; number: string; email: string | null };

export async function parseSheet(file: File): Promise<{ rows: Row[]; errors: ImportReport["errors"] }> {
  const rows: Row[] = [];
  const errors: ImportReport["errors"] = [];
  for (const raw of await readContactRows(file, MAX_ROWS)) {
    const number = normaliseNumber(raw.number);
    if (!number) {
      errors.push({ row: raw.row, value: raw.number, error: "invalid number (8 to 20 digits)" });
      continue;
    }
    if (raw.email && !EMAIL.test(raw.email)) {
      errors.push({ row: raw.row, value: raw.email, error: "invalid e-mail" });
      continue;
    }
    rows.push({
      row: raw.row,
      name: (raw.name || number).slice(0, 50),
      number,
      email: raw.email ? raw.email.toLowerCase() : null,
    });
  }
  return { rows, errors };
}

/** New numbers are added; a number already in the list gets the sheet's name and e-mail. */
export async function importIntoList(
  deps: Deps,
  actor: Actor,
  listId: number,
  file: File,
): Promise<ImportReport> {
  const companyId = actor.companyId;
  await repo.getList(deps.db, companyId, listId);
  const { rows, errors } = await parseSheet(file);
  const report: ImportReport = {
    total: rows.length + errors.length,
    created: 0,
    updated: 0,
    duplicates: 0,
    errors,
    numberCheck: "none",
  };
  const seen = new Set<string>();
  const unique = rows.filter((r) => {
    if (seen.has(r.number)) {
      report.duplicates++;
      errors.push({ row: r.row, value: r.number, error: "repeated number in the sheet" });
      return false;
    }
    seen.add(r.number);
    return true;
  });
  const progress = (processed: number, done: boolean) =>
    deps.bus.emit("contactList.import", {
      companyId,
      contactListId: listId,
      processed,
      total: report.total,
      done,
    });
  progress(errors.length, false);
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    await deps.database.write(async (tx) => {
      const existing = await repo.itemsByNumbers(tx, companyId, listId, chunk.map((r) => r.number));
      const fresh = chunk.filter((r) => !existing.has(r.number));
      await repo.insertItems(
        tx,
        fresh.map((r) => ({
          companyId,
          contactListId: listId,
          name: r.name,
          number: r.number,
          email: r.email,
        })),
      );
      report.created += fresh.length;
      for (const r of chunk) {
        const it = existing.get(r.number);
        if (!it) continue;
        if (it.name === r.name && it.email === (r.email ?? it.email)) continue;
        await repo.updateItem(tx, companyId, it.id, { name: r.name, email: r.email ?? it.email });
        report.updated++;
      }
    });
    progress(errors.length + report.duplicates + Math.min(unique.length, i + CHUNK), false);
    // Let sockets and other requests run between chunks.
    await new Promise((r) => setTimeout(r, 0));
  }
  report.errors.sort((a, b) => a.row - b.row);
  if (report.created > 0) {
    const checker = await numberChecker(deps, companyId);
    report.numberCheck = checker ? "queued" : "unavailable";
    if (checker) {
      await deps.database.write((tx) => scheduleNumberCheck(deps, tx, companyId, listId));
      deps.jobs.kick();
    }
  }
  progress(report.total, true);
  deps.bus.emit("entity.changed", {
    companyId,
    entity: "contactList",
    action: "update",
    record: await repo.getList(deps.db, companyId, listId),
  });
  return report;
}

/** The list as an .xlsx (name, number, email, isWhatsappValid), rows streamed in pages. */
export async function exportList(deps: Deps, actor: Actor, listId: number): Promise<Uint8Array> {
  await repo.getList(deps.db, actor.companyId, listId);
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet("Contacts");
  ws.columns = [
    { header: "name", key: "name", width: 32 },
    { header: "number", key: "number", width: 20 },
    { header: "email", key: "email", width: 32 },
    { header: "isWhatsappValid", key: "valid", width: 16 },
  ];
  ws.getRow(1).font = { bold: true };
  let after = 0;
  for (;;) {
    const page = await repo.allItems(deps.db, actor.companyId, listId, after);
    if (!page.length) break;
    for (const r of page) {
      ws.addRow({ name: r.name, number: r.number, email: r.email ?? "", valid: r.isWhatsappValid ?? "" });
    }
    after = page[page.length - 1].id;
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** The sample sheet the import dialog links to. */
export async function sampleSheet(): Promise<Uint8Array> {
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet("Contacts");
  ws.columns = [
    { header: "name", key: "name", width: 32 },
    { header: "number", key: "number", width: 20 },
    { header: "email", key: "email", width: 32 },
  ];
  ws.addRow({ name: "Maria Silva", number: "5511999990000", email: "maria@example.com" });
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
