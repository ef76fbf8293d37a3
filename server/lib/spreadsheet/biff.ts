/**
 * BIFF8 (Excel 97-2003) workbook stream → the cell texts of the first worksheet.
 * Records read: BOF/EOF, FILEPASS (refused), BOUNDSHEET, SST + CONTINUE, LABELSST, LABEL, NUMBER,
 * RK, MULRK, FORMULA (cached number, boolean, error, or string from the STRING record), BOOLERR.
 * Numbers come out as plain digits when whole (a phone number never reads "5.5e+12" or "…0.0").
 * Dates are left as their serial numbers: the importers only read names, numbers and e-mails.
 */
import { SpreadsheetError } from "./errors.ts";

const BOF = 0x0809;
const EOF = 0x000a;
const FILEPASS = 0x002f;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;
const MAX_COLS = 256;

const ERRORS: Record<number, string> = {
  0x00: "#NULL!",
  0x07: "#DIV/0!",
  0x0f: "#VALUE!",
  0x17: "#REF!",
  0x1d: "#NAME?",
  0x24: "#NUM!",
  0x2a: "#N/A",
};

export type Limits = { maxRows: number; maxCells: number };
/**
 * Row i of the sheet (0-based) → its cells' texts by column. Missing cells are holes (read as
 * undefined): a crafted sheet with one cell far right on every row costs one slot per cell, not 256.
 */
export type Grid = (string | undefined)[][];

type Rec = { type: number; data: Uint8Array };

function* records(stream: Uint8Array, from: number): Generator<Rec> {
  let off = from;
  while (off + 4 <= stream.length) {
    const type = stream[off] | (stream[off + 1] << 8);
    const len = stream[off + 2] | (stream[off + 3] << 8);
    if (off + 4 + len > stream.length) throw new SpreadsheetError("the .xls file is truncated");
    yield { type, data: stream.subarray(off + 4, off + 4 + len) };
    off += 4 + len;
  }
}

const dv = (d: Uint8Array) => new DataView(d.buffer, d.byteOffset, d.byteLength);

/** Whole numbers print as digits (never an exponent below 1e21); others as JS prints them. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return "";
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(n);
}

function rkValue(rk: number): number {
  let v: number;
  if (rk & 2) v = rk >> 2; // signed 30-bit integer
  else {
    const b = new DataView(new ArrayBuffer(8));
    b.setUint32(4, rk & 0xfffffffc, true);
    v = b.getFloat64(0, true);
  }
  return rk & 1 ? v / 100 : v;
}

/**
 * Reads a run of bytes that may go on in following CONTINUE records. A string's characters that
 * cross into a CONTINUE restart with one option byte saying whether they are 8- or 16-bit.
 */
class Segments {
  private i = 0;
  private pos = 0;
  constructor(private readonly parts: Uint8Array[]) {}
  private cur(): Uint8Array {
    while (this.i < this.parts.length && this.pos >= this.parts[this.i].length) {
      this.i++;
      this.pos = 0;
    }
    if (this.i >= this.parts.length) throw new SpreadsheetError("the .xls string table is truncated");
    return this.parts[this.i];
  }
  byte(): number {
    return this.cur()[this.pos++];
  }
  u16(): number {
    return this.byte() | (this.byte() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(n: number) {
    while (n > 0) {
      const p = this.cur();
      const k = Math.min(n, p.length - this.pos);
      this.pos += k;
      n -= k;
    }
  }
  /** XLUnicodeRichExtendedString (SST) or XLUnicodeString (LABEL/STRING: no rich/ext parts). */
  string(): string {
    const cch = this.u16();
    const flags = this.byte();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    let wide = (flags & 1) === 1;
    const chars: number[] = [];
    if (this.i >= this.parts.length) throw new SpreadsheetError("the .xls string table is truncated");
    for (;;) {
      const p = this.parts[this.i];
      const room = wide ? (p.length - this.pos) >> 1 : p.length - this.pos;
      const take = Math.max(0, Math.min(room, cch - chars.length));
      for (let k = 0; k < take; k++) {
        chars.push(wide ? p[this.pos] | (p[this.pos + 1] << 8) : p[this.pos]);
        this.pos += wide ? 2 : 1;
      }
      if (chars.length >= cch) break;
      // The characters go on in the next CONTINUE, whose first byte is their new width flag.
      this.i++;
      if (this.i >= this.parts.length || !this.parts[this.i].length) {
        throw new SpreadsheetError("the .xls string table is truncated");
      }
      wide = (this.parts[this.i][0] & 1) === 1;
      this.pos = 1;
    }
    this.skip(runs * 4 + ext);
    let s = "";
    for (let k = 0; k < chars.length; k += 4096) s += String.fromCharCode(...chars.slice(k, k + 4096));
    return s;
  }
}

function shortString(d: Uint8Array, off: number): string {
  const cch = d[off];
  const wide = d[off + 1] & 1;
  let s = "";
  for (let k = 0; k < cch; k++) {
    const p = off + 2 + k * (wide ? 2 : 1);
    s += String.fromCharCode(wide ? d[p] | (d[p + 1] << 8) : d[p]);
  }
  return s;
}

/** Parses the workbook stream and returns the first worksheet's grid. */
export function readBiff8(stream: Uint8Array, limits: Limits): { sheet: string; grid: Grid } {
  const it = records(stream, 0);
  const first = it.next();
  if (first.done || first.value.type !== BOF || first.value.data.length < 4) {
    throw new SpreadsheetError("not a valid .xls file (no workbook header)");
  }
  const version = dv(first.value.data).getUint16(0, true);
  if (version !== 0x0600) {
    throw new SpreadsheetError("this .xls was saved by Excel 95 or older: save it as .xlsx or Excel 97-2003");
  }
  const sheets: { name: string; pos: number }[] = [];
  const sst: string[] = [];
  let pendingSst: Uint8Array[] | null = null;
  const flushSst = () => {
    if (!pendingSst) return;
    const seg = new Segments(pendingSst);
    pendingSst = null;
    seg.skip(4);
    const unique = seg.u32();
    const total = pendingBytes;
    // Each string takes at least 3 bytes: a count larger than that is a lie, not a loop.
    if (unique > total / 3) throw new SpreadsheetError("the .xls string table is malformed");
    for (let k = 0; k < unique; k++) sst.push(seg.string());
  };
  let pendingBytes = 0;
  for (const r of it) {
    if (pendingSst && r.type === CONTINUE) {
      pendingSst.push(r.data);
      pendingBytes += r.data.length;
      continue;
    }
    flushSst();
    if (r.type === EOF) break;
    if (r.type === FILEPASS) throw new SpreadsheetError("the .xls file is password-protected");
    if (r.type === BOUNDSHEET && r.data.length >= 8) {
      // dt 0 = worksheet (not a chart or macro sheet)
      if (r.data[5] === 0) sheets.push({ pos: dv(r.data).getUint32(0, true), name: shortString(r.data, 6) });
    }
    if (r.type === SST) {
      pendingSst = [r.data];
      pendingBytes = r.data.length;
    }
  }
  flushSst();
  const sheet = sheets[0];
  if (!sheet) throw new SpreadsheetError("the .xls file has no worksheet");
  if (sheet.pos >= stream.length) throw new SpreadsheetError("not a valid .xls file (sheet offset)");
  return { sheet: sheet.name, grid: readSheet(stream, sheet.pos, sst, limits) };
}

function readSheet(stream: Uint8Array, pos: number, sst: string[], limits: Limits): Grid {
  const grid: Grid = [];
  let cells = 0;
  const put = (row: number, col: number, text: string) => {
    if (col >= MAX_COLS) return;
    if (row >= limits.maxRows) throw new SpreadsheetError(`at most ${limits.maxRows - 1} rows per import`);
    if (++cells > limits.maxCells) throw new SpreadsheetError("the sheet has too many cells");
    while (grid.length <= row) grid.push([]);
    grid[row][col] = text;
  };
  let stringFor: { row: number; col: number } | null = null;
  let started = false;
  for (const { type, data } of records(stream, pos)) {
    if (!started) {
      if (type !== BOF) throw new SpreadsheetError("not a valid .xls file (sheet header)");
      started = true;
      continue;
    }
    if (type === EOF) break;
    const d = dv(data);
    const at = () => ({ row: d.getUint16(0, true), col: d.getUint16(2, true) });
    if (type === STRING && stringFor) {
      put(stringFor.row, stringFor.col, new Segments([data]).string());
      stringFor = null;
      continue;
    }
    stringFor = null;
    if (type === LABELSST && data.length >= 10) {
      const { row, col } = at();
      put(row, col, sst[d.getUint32(6, true)] ?? "");
    } else if (type === LABEL && data.length >= 9) {
      const { row, col } = at();
      put(row, col, new Segments([data.subarray(6)]).string());
    } else if (type === NUMBER && data.length >= 14) {
      const { row, col } = at();
      put(row, col, numberText(d.getFloat64(6, true)));
    } else if (type === RK && data.length >= 10) {
      const { row, col } = at();
      put(row, col, numberText(rkValue(d.getUint32(6, true))));
    } else if (type === MULRK && data.length >= 6) {
      const { row, col } = at();
      const n = Math.floor((data.length - 6) / 6);
      for (let k = 0; k < n; k++) put(row, col + k, numberText(rkValue(d.getUint32(4 + k * 6 + 2, true))));
    } else if (type === BOOLERR && data.length >= 8) {
      const { row, col } = at();
      put(row, col, data[7] ? (ERRORS[data[6]] ?? "#ERR") : data[6] ? "TRUE" : "FALSE");
    } else if (type === FORMULA && data.length >= 20) {
      const { row, col } = at();
      if (d.getUint16(12, true) !== 0xffff) put(row, col, numberText(d.getFloat64(6, true)));
      else if (data[6] === 0) stringFor = { row, col }; // the text follows in a STRING record
      else if (data[6] === 1) put(row, col, data[8] ? "TRUE" : "FALSE");
      else if (data[6] === 2) put(row, col, ERRORS[data[8]] ?? "#ERR");
      else put(row, col, "");
    }
  }
  return grid;
}
