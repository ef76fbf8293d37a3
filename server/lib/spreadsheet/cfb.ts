/**
 * A bounded reader for the OLE2 / Compound File Binary container (MS-CFB) that wraps a legacy
 * .xls: header, DIFAT, FAT, directory, mini FAT and mini stream — just enough to pull one named
 * stream ("Workbook", or "Book" for Excel 5/95) out of the file. Every chain walk is bounded by
 * the number of sectors in the file, so a crafted cycle or an out-of-range sector answers a
 * SpreadsheetError instead of looping or reading past the end.
 */
import { SpreadsheetError } from "./errors.ts";

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const HEADER_DIFAT = 109;
const DIR_ENTRY = 128;
const STREAM = 2;
const ROOT = 5;

type DirEntry = { name: string; type: number; start: number; size: number };

const bad = (why: string) => new SpreadsheetError(`not a valid .xls file (${why})`);

export function isCfb(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** The bytes of the first stream whose name is one of `names` (case-insensitive). */
export function readCfbStream(bytes: Uint8Array, names: string[]): Uint8Array {
  if (!isCfb(bytes)) throw bad("no compound file signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (off: number) => view.getUint32(off, true);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) throw bad("sector size");
  const miniShift = view.getUint16(0x20, true);
  if (miniShift !== 6) throw bad("mini sector size");
  const size = 1 << shift;
  const sectorCount = Math.floor((bytes.length - size) / size) + (bytes.length % size ? 1 : 0);
  const sectorAt = (n: number): Uint8Array => {
    if (n >= sectorCount) throw bad("sector out of range");
    const start = (n + 1) * size;
    return bytes.subarray(start, Math.min(start + size, bytes.length));
  };

  // DIFAT: 109 entries in the header, then a chain of DIFAT sectors (last slot = next sector).
  const fatSectors: number[] = [];
  const fatCount = u32(0x2c);
  if (fatCount > sectorCount) throw bad("FAT size");
  for (let i = 0; i < HEADER_DIFAT && fatSectors.length < fatCount; i++) fatSectors.push(u32(0x4c + i * 4));
  let difat = u32(0x44);
  for (let steps = 0; fatSectors.length < fatCount && difat !== END_OF_CHAIN && difat !== FREE; steps++) {
    if (steps > sectorCount) throw bad("DIFAT chain loops");
    const sec = sectorAt(difat);
    const dv = new DataView(sec.buffer, sec.byteOffset, sec.byteLength);
    const perSector = size / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatCount; i++) {
      fatSectors.push(dv.getUint32(i * 4, true));
    }
    difat = dv.getUint32(perSector * 4, true);
  }
  if (fatSectors.length < fatCount) throw bad("DIFAT truncated");

  const fat = new Uint32Array(fatCount * (size / 4));
  fatSectors.forEach((s, i) => {
    const sec = sectorAt(s);
    const dv = new DataView(sec.buffer, sec.byteOffset, sec.byteLength);
    for (let j = 0; j < sec.length / 4; j++) fat[i * (size / 4) + j] = dv.getUint32(j * 4, true);
  });

  /** Follows a FAT chain; the step bound stops a crafted cycle. */
  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN; s = table[s]) {
      if (s >= table.length || s >= limit) throw bad("broken sector chain");
      if (out.length >= limit) throw bad("sector chain loops");
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number, length?: number): Uint8Array => {
    const secs = chain(start, fat, sectorCount);
    const out = new Uint8Array(secs.length * size);
    secs.forEach((s, i) => out.set(sectorAt(s), i * size));
    if (length === undefined) return out;
    if (length > out.length) throw bad("stream shorter than its size");
    return out.subarray(0, length);
  };

  const dir = readChain(u32(0x30));
  const entries: DirEntry[] = [];
  const dv = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  for (let off = 0; off + DIR_ENTRY <= dir.length; off += DIR_ENTRY) {
    const nameLen = Math.min(dv.getUint16(off + 0x40, true), 64);
    let name = "";
    for (let i = 0; i + 2 < nameLen; i += 2) name += String.fromCharCode(dv.getUint16(off + i, true));
    entries.push({
      name,
      type: dir[off + 0x42],
      start: dv.getUint32(off + 0x74, true),
      size: dv.getUint32(off + 0x78, true),
    });
  }
  const root = entries[0];
  if (!root || root.type !== ROOT) throw bad("no root entry");
  const wanted = names.map((n) => n.toLowerCase());
  const entry = wanted
    .map((n) => entries.find((e) => e.type === STREAM && e.name.toLowerCase() === n))
    .find(Boolean);
  if (!entry) throw new SpreadsheetError("the .xls file has no workbook inside");
  if (entry.size > bytes.length) throw bad("stream larger than the file");

  if (entry.size >= u32(0x38)) return readChain(entry.start, entry.size);

  // Small stream: 64-byte mini sectors inside the root's mini stream, chained by the mini FAT.
  const miniStream = readChain(root.start, Math.min(root.size, sectorCount * size));
  const miniFatStart = u32(0x3c);
  const miniFatBytes = miniFatStart === END_OF_CHAIN ? new Uint8Array(0) : readChain(miniFatStart);
  const miniFat = new Uint32Array(miniFatBytes.length / 4);
  const mdv = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength);
  for (let i = 0; i < miniFat.length; i++) miniFat[i] = mdv.getUint32(i * 4, true);
  const mini = 1 << miniShift;
  const secs = chain(entry.start, miniFat, Math.floor(miniStream.length / mini));
  const out = new Uint8Array(secs.length * mini);
  secs.forEach((s, i) => out.set(miniStream.subarray(s * mini, s * mini + mini), i * mini));
  if (entry.size > out.length) throw bad("stream shorter than its size");
  return out.subarray(0, entry.size);
}
