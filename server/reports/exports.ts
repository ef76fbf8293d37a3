/**
 * Streaming exports of the tickets report (DESIGN §11): rows are read 250 at a time with a
 * keyset and written to the response as they are read, so no export holds the report in memory.
 * The writer waits whenever the client has not taken what was already written (backpressure).
 * xlsx: exceljs' streaming WorkbookWriter; PDF: pdfkit, one page flushed after another.
 */
import { PassThrough, Readable } from "node:stream";
import { once } from "node:events";
import { loadExcel } from "../lib/spreadsheet/exceljs.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { requireDashboard } from "../dashboard/service.ts";
import { reportCount, reportRows } from "./repo.ts";
import { whereFor } from "./service.ts";
import { cells, columnsOf, type Lang, localDateTime, titleOf } from "./format.ts";
import type { ExportQuery } from "./schemas.ts";
import { readerZone } from "../lib/time.ts";

export const XLSX_FILE = "reporte.xlsx";
export const XLSX_SHEET = "RelatorioDeAtendimentos";
const HIGH_WATER = 1 << 20;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * One turn of the event loop. Reading a page and writing its rows never leaves the microtask
 * queue (libsql answers synchronously), so without this the deflate callbacks of the zip would
 * only run at the end and every row would wait in exceljs' buffers.
 */
const turn = () => new Promise((r) => setTimeout(r, 0));

type Started = { total: number; stream: ReadableStream<Uint8Array> };

async function prepare(deps: Deps, actor: Actor, q: ExportQuery) {
  requireDashboard(actor);
  const where = whereFor(actor, q);
  const total = await reportCount(deps.reads, where);
  return { where, total, lang: q.lang as Lang, tz: readerZone(actor) };
}

/** Runs `write` in the background; a failure ends the stream with an error (the download fails). */
function pump(out: PassThrough, write: () => Promise<void>) {
  write().catch((err) => {
    console.error("[reports] export failed", err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
}

export async function exportXlsx(deps: Deps, actor: Actor, q: ExportQuery): Promise<Started> {
  const { where, total, lang, tz } = await prepare(deps, actor, q);
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  pump(out, async () => {
    const Excel = await loadExcel();
    const wb = new Excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const ws = wb.addWorksheet(XLSX_SHEET);
    ws.columns = columnsOf(lang, tz).map((header, i) => ({
      header,
      width: [8, 18, 26, 20, 18, 12, 40, 17, 17, 16, 6][i],
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for await (const page of reportRows(deps.reads, where, 250)) {
      for (const r of page) ws.addRow(cells(r, lang, tz)).commit();
      await turn();
      if (out.writableNeedDrain) await once(out, "drain");
    }
    ws.commit();
    await wb.commit();
  });
  return { total, stream: Readable.toWeb(out) as ReadableStream<Uint8Array> };
}

const FONT_PATHS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"];
/** A Unicode font when the machine has one; else Helvetica, with what WinAnsi lacks replaced. */
const unicodeFont = (() => {
  for (const p of FONT_PATHS) {
    try {
      if (Deno.statSync(p).isFile) return p;
    } catch { /* not here */ }
  }
  return null;
})();
const latin = (s: string) => unicodeFont ? s : s.replace(/[^\x20-\x7e\xa0-\xff\u2026]/g, "?");

/** Column widths (points), A4 landscape, 30 pt margins; a date column fits "03/02/2026 10:00 AM". */
const PDF_WIDTHS = [40, 70, 95, 75, 65, 55, 142, 86, 86, 62, 25];

export async function exportPdf(deps: Deps, actor: Actor, q: ExportQuery): Promise<Started> {
  const { where, total, lang, tz } = await prepare(deps, actor, q);
  // pdfkit is loaded with the first PDF: it is large, and most processes never write one.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 30,
    bufferPages: false,
    compress: true,
  });
  if (unicodeFont) doc.registerFont("body", unicodeFont);
  const font = unicodeFont ? "body" : "Helvetica";
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  doc.pipe(out);
  pump(out, async () => {
    const rowH = 13, top = 30, bottom = doc.page.height - 30;
    let y = top;
    const line = (values: (string | number)[], bold = false) => {
      let x = 30;
      doc.font(font).fontSize(bold ? 7.5 : 7).fillColor(bold ? "#111111" : "#222222");
      values.forEach((v, i) => {
        doc.text(latin(String(v)), x, y, {
          width: PDF_WIDTHS[i] - 4,
          height: rowH,
          lineBreak: false,
          ellipsis: true,
        });
        x += PDF_WIDTHS[i];
      });
      y += rowH;
    };
    const header = () => {
      doc.font(font).fontSize(11).fillColor("#111111")
        .text(
          latin(`${titleOf(lang)} · ${localDateTime(deps.clock.now().toISOString(), tz, lang)} (${tz})`),
          30,
          top,
        );
      y = top + 20;
      // The title line names the zone; the narrow date columns keep their short titles.
      line(columnsOf(lang), true);
      doc.moveTo(30, y - 2).lineTo(doc.page.width - 30, y - 2).strokeColor("#999999").lineWidth(0.5).stroke();
    };
    header();
    for await (const page of reportRows(deps.reads, where, 250)) {
      for (const r of page) {
        if (y + rowH > bottom) {
          doc.addPage();
          header();
        }
        line(cells(r, lang, tz));
      }
      await turn();
      // pdfkit pushes finished pages into `out` (or keeps them while the pipe is paused): wait
      // while the client has not read them.
      while (out.writableLength + doc.readableLength > HIGH_WATER && !out.destroyed) await delay(5);
    }
    doc.end();
  });
  return { total, stream: Readable.toWeb(out) as ReadableStream<Uint8Array> };
}
