/** The dashboard's attendant table as a spreadsheet (spec 1 §2: "exports to an Excel file"). */
import { PassThrough, Readable } from "node:stream";
import { loadExcel } from "../lib/spreadsheet/exceljs.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../lib/context.ts";
import { dashboard } from "./service.ts";
import type { DashboardQuery } from "./schemas.ts";

const hm = (minutes: number) =>
  `${Math.floor(minutes / 60)}h ${String(Math.round(minutes % 60)).padStart(2, "0")}m`;

export async function attendantsXlsx(deps: Deps, actor: Actor, q: DashboardQuery) {
  const { attendants, range } = await dashboard(deps, actor, q);
  const out = new PassThrough();
  const Excel = await loadExcel();
  const wb = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(`${range.from} ${range.to}`);
  ws.columns = [
    { header: "Name", width: 28 },
    { header: "Rating", width: 10 },
    { header: "Ratings", width: 10 },
    { header: "Tickets", width: 10 },
    { header: "Avg wait", width: 12 },
    { header: "Avg service", width: 12 },
    { header: "Online", width: 8 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const a of attendants) {
    ws.addRow([
      a.name,
      a.rating,
      a.countRating,
      a.tickets,
      hm(a.avgWaitTime),
      hm(a.avgSupportTime),
      a.online ? "✓" : "",
    ])
      .commit();
  }
  ws.commit();
  wb.commit().catch((err: unknown) => out.destroy(err as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
