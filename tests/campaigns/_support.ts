/** Helpers of the campaign and schedule suites: spreadsheets, lists and campaigns. */
import ExcelJS from "exceljs";
import { contactListItems, contactLists } from "@db/schema.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { expectOk, type Json } from "../_helpers/http.ts";

export async function xlsxFile(rows: (string | number)[][], name = "contacts.xlsx"): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet1");
  for (const r of rows) ws.addRow(r);
  const buf = await wb.xlsx.writeBuffer();
  return new File([new Uint8Array(buf as ArrayBuffer)], name, {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

export function upload(t: TestApp, path: string, token: string, file: File, field = "file") {
  const form = new FormData();
  form.append(field, file);
  return t.request(path, { method: "POST", token, body: form });
}

/** A list with `n` items numbered 55119000NNNNN, written directly (the import has its own tests). */
export async function seedList(t: TestApp, companyId: number, n: number, name = "Seeded") {
  return await t.deps.database.write(async (tx) => {
    const [list] = await tx.insert(contactLists).values({ companyId, name }).returning();
    const rows = Array.from({ length: n }, (_, i) => ({
      companyId,
      contactListId: list.id,
      name: `Contact ${i + 1}`,
      number: `55119${String(i + 1).padStart(8, "0")}`,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(contactListItems).values(rows.slice(i, i + 500));
    }
    return list;
  });
}

/** Campaign settings through the API (fractions of a second allowed for tests). */
export async function setCampaignSettings(t: TestApp, token: string, settings: Json) {
  return await expectOk<Json[]>(
    await t.request("/api/campaign-settings", { method: "POST", token, json: { settings } }),
  );
}

export async function createCampaign(t: TestApp, token: string, body: Json) {
  return await expectOk<Json & { id: number; status: string }>(
    await t.request("/api/campaigns", { method: "POST", token, json: body }),
    201,
  );
}

/** The body of a campaign that asks each contact first and starts at `at` ("The offer, {nome}"). */
export const confirmingCampaign = (o: { contactListId: number; whatsappId: number; at: Date }): Json => ({
  name: "Confirm",
  message1: "The offer, {nome}",
  confirmation: true,
  confirmationMessage1: "May we send you the offer, {nome}?",
  contactListId: o.contactListId,
  whatsappId: o.whatsappId,
  scheduledAt: o.at.toISOString(),
});
