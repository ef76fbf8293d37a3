/**
 * /contacts/import for an admin: "Import from the phone" brings in the address book the linked
 * WhatsApp line learnt from the phone (stored as the session stores it), shows the report and the
 * new contacts on /contacts; importing again creates nothing.
 */
import { expect } from "expect";
import { whatsapps } from "@db/schema.ts";
import { savePhonebook } from "@/channels/whatsapp/phonebook.ts";
import { createCompany } from "../_helpers/factories.ts";
import { atWidth, browserTest, shot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] import the phone's WhatsApp contacts from /contacts/import",
  async ({ server, newPage }) => {
    const { company, admin } = await createCompany(server, { name: "Northwind Support" });
    const [conn] = await server.deps.database.write((tx) =>
      tx.insert(whatsapps).values({
        companyId: company.id,
        name: "Celular",
        channel: "whatsapp",
        isDefault: true,
      })
        .returning()
    );
    // What a linked phone sends after the QR is read (Baileys' contacts.upsert).
    await savePhonebook(server.deps.database, company.id, conn.id, [
      { id: "5511911110000@s.whatsapp.net", name: "Bruno Costa" },
      { id: "5511933330000@s.whatsapp.net", notify: "Carla" },
      { id: "123456789012345@lid", phoneNumber: "5511944440000@s.whatsapp.net", name: "Dora Lima" },
    ]);
    const { page } = await newPage();
    await signIn(page, admin);
    await page.goto("/contacts/import");
    const card = page.getByTestId("phone-import");
    await card.waitFor();
    await page.getByTestId("phone-import-run").click();
    await page.getByTestId("import-result").waitFor();
    expect(await page.getByTestId("import-created").textContent()).toContain("3");
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await shot(page, `phone_import_${width}`);
    }
    await atWidth(page, 1440);
    await page.getByTestId("phone-import-run").click();
    await page.getByTestId("import-skipped").getByText("3").waitFor();
    expect(await page.getByTestId("import-created").textContent()).toContain("0");
    await page.goto("/contacts");
    await page.getByText("Dora Lima").waitFor();
    await page.getByText("Carla").first().waitFor();
  },
  { scheduler: false },
);
