/**
 * exceljs, loaded on first use. The package is large (a good part of the server's load time), and most
 * processes — every test file that reads or writes no spreadsheet — have no use for it.
 */
import type ExcelJS from "exceljs";

let loaded: Promise<typeof ExcelJS> | null = null;

export function loadExcel(): Promise<typeof ExcelJS> {
  return loaded ??= import("exceljs").then((m) => m.default);
}
