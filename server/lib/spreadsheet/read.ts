/**
 * The one spreadsheet reader behind both contact imports (contacts and contact lists): .xlsx and
 * .csv through exceljs, legacy .xls through our BIFF8 reader. It finds the header row's columns
 * (name/nome/nombre, number/numero/phone/telefone/celular/whatsapp, email/mail/correo; any case or
 * accent) and hands back each non-empty row's raw texts with its sheet row number; the callers
 * apply their own rules (number length, e-mail, duplicates). A file that cannot be read answers
 * 400 with the reason, never 500.
 */
import { Buffer } from "node:buffer";
import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { loadExcel } from "./exceljs.ts";
import { AppError } from "../errors.ts";
import { SpreadsheetError } from "./errors.ts";
import { numberText } from "./biff.ts";
import { readXls } from "./xls.ts";

export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
export const SHEET_ACCEPT = ".xlsx,.xls,.csv";

export type Field = "name" | "number" | "email";
/** One sheet row's texts, trimmed; `row` is the 1-based row number the user sees in Excel. */
export type RawRow = { row: number; name: string; number: string; email: string };

const HEADERS: Record<string, Field> = {
  name: "name",
  nome: "name",
  nombre: "name",
  isim: "name",
  number: "number",
  numero: "number",
  phone: "number",
  telefone: "number",
  telefono: "number",
  celular: "number",
  whatsapp: "number",
  email: "email",
  mail: "email",
  correo: "email",
};
const headerKey = (s: string) =>
  s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z]/g, "");

/** The reason names the file field and a code the web app translates (its `message` stays English). */
const unreadable = (message: string, cause?: unknown, code = "unreadable_spreadsheet", maximum?: number) =>
  new AppError("ERR_VALIDATION", {
    message,
    cause,
    details: [{ path: "file", message, code, ...(maximum ? { maximum } : {}) }],
  });

function cellText(cell: ExcelJS.Cell): string {
  // A whole number (a phone typed as a number) keeps its digits: no exponent, no ".0".
  if (typeof cell.value === "number") return numberText(cell.value);
  return String(cell.text ?? "");
}

async function gridOf(file: File, maxRows: number): Promise<(string | undefined)[][]> {
  const name = file.name.toLowerCase();
  const kind = name.endsWith(".xlsx")
    ? "xlsx"
    : name.endsWith(".xls")
    ? "xls"
    : name.endsWith(".csv")
    ? "csv"
    : null;
  if (!kind) {
    throw new AppError("ERR_UNSUPPORTED_MEDIA", { message: "only .xlsx, .xls or .csv files are accepted" });
  }
  if (file.size > MAX_SHEET_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const tooMany = () => unreadable(`at most ${maxRows} rows per import`, undefined, "too_many_rows", maxRows);
  if (kind === "xls") {
    try {
      // +1 for the header row; the reader stops at the first row past the limit.
      return readXls(bytes, { maxRows: maxRows + 1, maxCells: (maxRows + 1) * 64 }).grid;
    } catch (err) {
      if (err instanceof SpreadsheetError) throw unreadable(err.message, err);
      throw unreadable("unreadable spreadsheet", err);
    }
  }
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  let ws: ExcelJS.Worksheet | undefined;
  try {
    if (kind === "csv") ws = await wb.csv.read(Readable.from([new TextDecoder().decode(bytes)]));
    else {
      await wb.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
      ws = wb.worksheets[0];
    }
  } catch (err) {
    throw unreadable(
      kind === "xlsx" ? "unreadable spreadsheet: not an .xlsx file" : "unreadable spreadsheet",
      err,
      kind === "xlsx" ? "not_xlsx" : "unreadable_spreadsheet",
    );
  }
  if (!ws) return [];
  if (ws.rowCount > maxRows + 1) throw tooMany();
  const grid: (string | undefined)[][] = [];
  for (let i = 1; i <= ws.rowCount; i++) {
    const cells: string[] = [];
    ws.getRow(i).eachCell((cell, col) => {
      cells[col - 1] = cellText(cell);
    });
    grid.push(cells);
  }
  return grid;
}

/** The sheet's rows below the header; empty rows are skipped. */
export async function readContactRows(file: File, maxRows: number): Promise<RawRow[]> {
  const grid = await gridOf(file, maxRows);
  if (!grid.length) throw unreadable("the sheet is empty", undefined, "empty_sheet");
  if (grid.length > maxRows + 1) {
    throw unreadable(`at most ${maxRows} rows per import`, undefined, "too_many_rows", maxRows);
  }
  const cols = new Map<Field, number>();
  grid[0].forEach((text, col) => {
    const f = HEADERS[headerKey(text ?? "")];
    if (f && !cols.has(f)) cols.set(f, col);
  });
  if (!cols.has("number")) {
    throw unreadable("the header row needs a 'number' (or 'numero') column", undefined, "no_number_column");
  }
  const at = (cells: (string | undefined)[], f: Field) =>
    cols.has(f) ? String(cells[cols.get(f)!] ?? "").trim() : "";
  const rows: RawRow[] = [];
  for (let i = 1; i < grid.length; i++) {
    const r = {
      row: i + 1,
      name: at(grid[i], "name"),
      number: at(grid[i], "number"),
      email: at(grid[i], "email"),
    };
    if (r.name || r.number || r.email) rows.push(r);
  }
  return rows;
}
