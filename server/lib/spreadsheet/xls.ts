/**
 * Legacy .xls (Excel 97-2003, BIFF8 inside an OLE2 compound file) → the first worksheet's cells.
 * Our own reader: the only maintained JavaScript reader (SheetJS) left the npm registry, and what
 * is still published there is an old release or a third-party re-publication. Bounded by the
 * caller's limits (rows, cells); the container walk is bounded by the file's sector count.
 */
import { readCfbStream } from "./cfb.ts";
import { type Grid, type Limits, readBiff8 } from "./biff.ts";

export type { Grid, Limits };

export function readXls(bytes: Uint8Array, limits: Limits): { sheet: string; grid: Grid } {
  return readBiff8(readCfbStream(bytes, ["Workbook", "Book"]), limits);
}
