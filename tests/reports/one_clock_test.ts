/**
 * One clock on the server side: the report and audit exports write their dates in the reader's
 * zone (the company's, or the one the user chose in the profile) and in the UI language's format,
 * and their header names the zone; the report's day filters are read in the same zone.
 */
import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Buffer } from "node:buffer";
import { createTestApp } from "../_helpers/test_app.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { pdfLines, xlsxRows } from "../_helpers/files.ts";
import { buildScenario } from "../dashboard/_scenario.ts";

type Report = { tickets: { contactName: string }[] };

Deno.test("[reports] exports state their zone and write dates in it, in the language's format", async (t) => {
  const app = await createTestApp();
  try {
    const s = await buildScenario(app);
    const get = (path: string) => app.request(path, { token: s.adminToken });
    const carlaRow = async (lang: string) => {
      const rows = await xlsxRows(
        await (await get(`/api/ticketreport/reports.xlsx?lang=${lang}`)).arrayBuffer(),
      );
      return { header: rows[0], carla: rows.find((r) => r[2] === "Carla Souza")! };
    };
    // Carla Souza's cycle began 2026-03-02 10:00 in São Paulo (13:00 UTC), closed at 10:40.

    await t.step("xlsx: the date columns name the company's zone; pt and en formats", async () => {
      const pt = await carlaRow("pt");
      assert.equal(pt.header[7], "Aberto em (America/Sao_Paulo)");
      assert.equal(pt.header[8], "Fechado em (America/Sao_Paulo)");
      assert.equal(pt.carla[7], "02/03/2026 10:00");
      const en = await carlaRow("en");
      assert.equal(en.header[7], "Opened at (America/Sao_Paulo)");
      assert.equal(en.carla[7], "03/02/2026 10:00 AM");
      assert.equal(en.carla[8], "03/02/2026 10:40 AM");
    });

    await t.step("PDF: the title line names the zone", async () => {
      const lines = await pdfLines(await (await get("/api/ticketreport/reports.pdf?lang=en")).arrayBuffer());
      assert.ok(lines[0].join(" ").includes("(America/Sao_Paulo)"), lines[0].join(" "));
      assert.ok(lines.some((l) => l.includes("03/02/2026 10:00 AM")), JSON.stringify(lines.slice(0, 4)));
    });

    await t.step("a user's own zone: session, exports and day filters follow it", async () => {
      await expectError(
        await app.request(`/api/users/${s.admin.user.id}`, {
          method: "PUT",
          token: s.adminToken,
          json: { timezone: "Mars/Olympus" },
        }),
        400,
        "ERR_VALIDATION",
      );
      await expectOk(
        await app.request(`/api/users/${s.admin.user.id}`, {
          method: "PUT",
          token: s.adminToken,
          json: { timezone: "Asia/Tokyo" },
        }),
      );
      const me = await expectOk<{ timezone: string | null; company: { timezone: string } }>(
        await get("/api/auth/me"),
      );
      assert.equal(me.timezone, "Asia/Tokyo");
      assert.equal(me.company.timezone, "America/Sao_Paulo");
      const pt = await carlaRow("pt");
      assert.equal(pt.header[7], "Aberto em (Asia/Tokyo)");
      assert.equal(pt.carla[7], "02/03/2026 22:00");
      // Diego Lima began 2026-03-02 23:30 in São Paulo: already the 3rd (11:30) in Tokyo.
      const day = await expectOk<Report>(
        await get("/api/ticketreport/reports?dateFrom=2026-03-02&dateTo=2026-03-02"),
      );
      assert.deepEqual(day.tickets.map((r) => r.contactName), ["Carla Souza"]);
      // Back to the company's zone ("" = null).
      await expectOk(
        await app.request(`/api/users/${s.admin.user.id}`, {
          method: "PUT",
          token: s.adminToken,
          json: { timezone: "" },
        }),
      );
      const back = await expectOk<Report>(
        await get("/api/ticketreport/reports?dateFrom=2026-03-02&dateTo=2026-03-02"),
      );
      assert.deepEqual(back.tickets.map((r) => r.contactName).sort(), ["Carla Souza", "Diego Lima"]);
    });

    await t.step("audit export: the date column names the zone and reads in the language", async () => {
      const res = await get("/api/audit-logs/export?lang=en");
      assert.equal(res.status, 200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const ws = wb.worksheets[0];
      assert.equal(ws.getRow(1).getCell(1).value, "date (America/Sao_Paulo)");
      assert.match(String(ws.getRow(2).getCell(1).value), /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    });
  } finally {
    await app.close();
  }
});
