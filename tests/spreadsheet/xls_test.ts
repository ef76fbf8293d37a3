/**
 * lib/spreadsheet: our legacy .xls (BIFF8 in a compound file) reader against real files written by
 * Excel (python-excel/xlrd's samples, see fixtures/SOURCES.md) and by xlwt, compared cell by cell
 * with what xlrd reads from them; and crafted or damaged files, which must end in a
 * SpreadsheetError quickly — never a loop, a crash or another exception.
 */
import assert from "node:assert/strict";
import { readXls } from "../../server/lib/spreadsheet/xls.ts";
import { SpreadsheetError } from "../../server/lib/spreadsheet/errors.ts";
import { numberText } from "../../server/lib/spreadsheet/biff.ts";

const dir = new URL("./fixtures/", import.meta.url);
const load = (name: string) => Deno.readFileSync(new URL(name, dir));
const limits = { maxRows: 70_000, maxCells: 1_000_000 };
/** The grid with its holes (missing cells) read as "", as xlrd shows them. */
const read = (name: string) => {
  const { sheet, grid } = readXls(load(name), limits);
  return { sheet, grid: grid.map((r) => Array.from(r, (c) => c ?? "")) };
};

Deno.test("[spreadsheet] Excel-written samples read like xlrd reads them", async (t) => {
  await t.step("profiles.xls: a text header and integer cells (RK/MULRK) as plain digits", () => {
    const { sheet, grid } = read("profiles.xls");
    assert.equal(sheet, "PROFILEDEF");
    assert.equal(grid.length, 15);
    assert.deepEqual(grid[0].slice(0, 4), ["PROFIL", "a", "b", "c"]);
    assert.deepEqual(grid[1].slice(0, 4), ["P8.2", "100", "101", "102"]);
    assert.deepEqual(grid[14].slice(-2), ["266", "267"]);
  });
  await t.step("ragged.xls: rows of different lengths, gaps kept as empty cells", () => {
    assert.deepEqual(read("ragged.xls").grid, [["a", "b", "c"], ["d", "e"], ["f"], ["g", "h", "I", "j"], [
      "k",
      "",
      "",
      "l",
    ]]);
  });
  await t.step("Formate.xls: non-ASCII (Latin-1) strings and fractional numbers", () => {
    const { sheet, grid } = read("Formate.xls");
    assert.equal(sheet, "Blätt1");
    assert.deepEqual(grid[1], ["Äcker", "38406"]);
    assert.deepEqual(grid[3], ["Morgen", "0.2736111111111111"]);
    assert.deepEqual(grid[8], ["viel", "1000.3"]);
  });
  await t.step("formula_test_sjmachin.xls: cached formula results (number, STRING, boolean, error)", () => {
    const { grid } = read("formula_test_sjmachin.xls");
    assert.deepEqual(grid[1], ["Non-latin1 text", "МОСКВА Москва"]);
    assert.deepEqual(grid[2], ["formula number", "0.14285714285714285"]);
    assert.deepEqual(grid[3], ["formula text", "ABCDEF"]);
    assert.deepEqual(grid[4], ["formula zero-length text", ""]);
    assert.deepEqual(grid[5], ["formula boolean", "TRUE"]);
    assert.deepEqual(grid[6], ["formula error", "#DIV/0!"]);
    assert.deepEqual(grid[7], ["formula non-latin1 text", "МОСКВА Москва"]);
  });
  await t.step("issue20.xls and xf_class.xls: far columns, empty rows", () => {
    const a = read("issue20.xls").grid;
    assert.equal(a[10][11], "asasa");
    assert.deepEqual(a[11], ["legenda ", "", "", "", "", "as"]);
    const b = read("xf_class.xls").grid;
    assert.deepEqual(b[4], ["TOP", "MIDDLE", "BOTTOM"]);
    assert.deepEqual(b[9], ["borderstyle"]);
  });
  await t.step("a bare BIFF4 stream (no compound file) is refused with a reason", () => {
    assert.throws(() => read("biff4_no_format_no_window2.xls"), SpreadsheetError);
  });
});

Deno.test("[spreadsheet] xlwt-written files: numbers as digits, a string table split over CONTINUE records", () => {
  const c = read("contacts.xls").grid;
  assert.equal(c.length, 203);
  assert.deepEqual(c[0], ["Nome", "Número", "E-mail"]);
  assert.deepEqual(c[1], ["Maria Silva 1", "5511988000000", "contact1@example.com"]);
  assert.deepEqual(c[2], ["José Gonçalves 2", "+55 (11) 98800-0001", "contact2@example.com"]);
  assert.deepEqual(c[4], ["Ömer Çelik 4", "+55 (11) 98800-0003", "contact4@example.com"]);
  assert.equal(c[7][0], "Иван Петров 7");
  const big = read("long_sst.xls").grid;
  assert.equal(big.length, 3001);
  for (let i = 0; i < 3000; i++) {
    const s = (i % 3 === 0 ? "Çağrı Ünal Ωμέγα " : "Plain ascii name ") + i + " " + "x".repeat(i % 37);
    assert.equal(big[i + 1][0], s, `row ${i + 1}`);
    assert.equal(big[i + 1][1], String(5521900000000 + i));
  }
});

Deno.test("[spreadsheet] numbers: whole ones never get an exponent or a decimal point", () => {
  assert.equal(numberText(5511999990000), "5511999990000");
  assert.equal(numberText(1e20), "100000000000000000000");
  assert.equal(numberText(12.5), "12.5");
  assert.equal(numberText(Number.NaN), "");
});

Deno.test("[spreadsheet] a missing cell is a hole, not a padded slot", () => {
  const { grid } = readXls(load("issue20.xls"), limits);
  assert.equal(grid[10].length, 12);
  assert.equal(Object.keys(grid[10]).length, 1, "only the cell that exists is stored");
});

Deno.test("[spreadsheet] limits: rows and cells past the caller's bound stop the read", () => {
  assert.throws(() => readXls(load("long_sst.xls"), { maxRows: 100, maxCells: 1e6 }), /at most 99 rows/);
  assert.throws(() => readXls(load("long_sst.xls"), { maxRows: 10_000, maxCells: 500 }), /too many cells/);
});

function u32(b: Uint8Array, off: number, v?: number): number {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (v !== undefined) dv.setUint32(off, v, true);
  return dv.getUint32(off, true);
}

Deno.test("[spreadsheet] crafted and damaged files end in a SpreadsheetError", async (t) => {
  const base = load("contacts.xls");
  const refused = (bytes: Uint8Array, why?: RegExp) => {
    assert.throws(() => readXls(bytes, limits), (e: unknown) => {
      assert.ok(e instanceof SpreadsheetError, `a SpreadsheetError, got ${e}`);
      if (why) assert.match(e.message, why);
      return true;
    });
  };
  await t.step(
    "not a compound file at all",
    () => refused(new TextEncoder().encode("name,number\n"), /signature/),
  );
  await t.step("truncated to its first sectors", () => refused(base.slice(0, 1536)));
  await t.step("a FAT chain that points back at itself", () => {
    const b = base.slice();
    const fatSector = u32(b, 0x4c);
    const dirStart = u32(b, 0x30);
    u32(b, 512 * (fatSector + 1) + dirStart * 4, dirStart); // directory → directory → …
    refused(b, /loops/);
  });
  await t.step("a FAT count larger than the file", () => {
    const b = base.slice();
    u32(b, 0x2c, 0xffff);
    refused(b, /FAT size/);
  });
  await t.step("a DIFAT chain that loops", () => {
    const b = load("long_sst.xls");
    const extra = Math.floor(b.length / 512) - 2; // a real sector of the file, made a DIFAT sector
    u32(b, 0x2c, 600);
    u32(b, 0x44, extra);
    u32(b, 512 * (extra + 1) + 508, extra);
    refused(b);
  });
  await t.step("a sector number past the end of the file", () => {
    const b = base.slice();
    u32(b, 0x30, 0x00ffffff);
    refused(b, /out of range|broken/);
  });
  await t.step("a string table that claims more strings than it holds", () => {
    const b = base.slice();
    const at = findRecord(b, 0x00fc);
    u32(b, at + 8, 0x7fffffff);
    refused(b, /string table/);
  });
  await t.step("random damage never throws anything else", () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let k = 0; k < 300; k++) {
      const b = base.slice();
      for (let j = 0; j < 8; j++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
      try {
        readXls(b, limits);
      } catch (e) {
        assert.ok(e instanceof SpreadsheetError, `damage #${k}: ${e}`);
      }
    }
  });
});

/** Byte offset in the file of the first BIFF record of `type` (the workbook stream is contiguous here). */
function findRecord(b: Uint8Array, type: number): number {
  for (let i = 512; i + 4 < b.length; i++) {
    if (b[i] === (type & 0xff) && b[i + 1] === type >> 8 && b[i + 4 + 4] !== undefined) {
      const len = b[i + 2] | (b[i + 3] << 8);
      if (len > 8 && len <= 8224 && u32(b, i + 8) <= u32(b, i + 4)) return i;
    }
  }
  throw new Error("record not found");
}
