/** Opening the files our exports produce: xlsx with exceljs, PDF text with pdf.js. */
import ExcelJS from "exceljs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The rows of the first (or the named) sheet, header row first, as plain values. */
export async function xlsxRows(data: ArrayBuffer | Uint8Array, sheet?: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data instanceof Uint8Array ? data.slice().buffer : data);
  const ws = sheet ? wb.getWorksheet(sheet) : wb.worksheets[0];
  if (!ws) throw new Error(`no sheet ${sheet}`);
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

/** The text lines of every page of a PDF (pdf.js groups a line's items by their y). */
export async function pdfLines(data: ArrayBuffer | Uint8Array): Promise<string[][]> {
  const pdf = await getDocument({
    data: data instanceof Uint8Array ? data.slice() : new Uint8Array(data),
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const lines: string[][] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    const byY = new Map<number, { x: number; s: string }[]>();
    for (const it of content.items as { str: string; transform: number[] }[]) {
      if (!it.str.trim()) continue;
      const y = Math.round(it.transform[5]);
      const row = byY.get(y) ?? [];
      row.push({ x: it.transform[4], s: it.str });
      byY.set(y, row);
    }
    for (const y of [...byY.keys()].sort((a, b) => b - a)) {
      lines.push(byY.get(y)!.sort((a, b) => a.x - b.x).map((c) => c.s));
    }
  }
  await pdf.cleanup();
  return lines;
}
