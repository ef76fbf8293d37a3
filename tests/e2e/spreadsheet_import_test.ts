/**
 * Spreadsheet imports in the browser: a legacy .xls imported into a contact list with
 * the progress visible, then its numbers checked on the company's WhatsApp line in the background
 * (the fake Baileys socket says two have no account) with the list updating live; a company with
 * no such line is told its numbers stay unchecked; /contacts/import with its progress and row
 * report. Screens at 1440, 1280 and 390 px.
 */
import { Buffer } from "node:buffer";
import { expect } from "expect";
import { createTenant } from "../_helpers/tenant.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { connectedWhatsapp } from "../campaigns/_whatsapp.ts";
import { browserTest, LONG_WORK_MS, screenshot, signIn } from "./_browser.ts";

const XLS = Buffer.from(Deno.readFileSync(new URL("../spreadsheet/fixtures/contacts.xls", import.meta.url)));
const xls = (name: string) => ({ name, mimeType: "application/vnd.ms-excel", buffer: XLS });

browserTest(
  "[e2e] spreadsheet import: .xls into a list with progress and a live number check; /contacts/import",
  async ({ server, newPage }, t) => {
    try {
      const a = await createTenant(server, { plan: { useWhatsapp: true } });
      const { sock } = await connectedWhatsapp(server, a.company.id);
      sock.unknownNumbers.add("5511988000004").add("5511988000009");
      const list = await expectOk<Json>(
        await server.request("/api/contact-lists", {
          method: "POST",
          token: a.adminToken,
          json: { name: "Feira" },
        }),
        201,
      );
      const { page } = await newPage();
      await signIn(page, a.admin);

      await t.step(
        "an .xls of 200 contacts imported into the list, with progress and a row report",
        async () => {
          await page.goto(`/contact-lists/${list.id}/contacts`);
          await page.getByTestId("contact-list-items-page").waitFor();
          await page.getByTestId("number-check").getByText("through “Celular”").waitFor();
          await page.getByTestId("items-import").click();
          await page.getByTestId("import-file").setInputFiles(xls("contatos.xls"));
          await page.getByTestId("import-progress").waitFor();
          await page.getByTestId("import-report").getByText("200 added, 0 updated, 2 rows rejected").waitFor({
            timeout: LONG_WORK_MS,
          });
          await expect(page.getByTestId("import-progress-text").textContent()).resolves.toBe(
            "202 of 202 rows",
          );
          await page.getByTestId("import-report").getByText("Row 202").waitFor();
          await page.getByTestId("import-report").getByText("invalid e-mail").waitFor();
          await page.getByTestId("import-number-check").getByText("checked on WhatsApp in the background")
            .waitFor();
          await screenshot(page, "h17b_list_import_1440");
          await page.getByRole("button", { name: "Close" }).first().click();
        },
      );

      await t.step(
        "the numbers are checked on WhatsApp in the background; the list follows live",
        async () => {
          await page.getByTestId("number-check-counts").getByText(
            "198 valid · 2 without WhatsApp · 0 to check",
          )
            .waitFor({ timeout: LONG_WORK_MS });
          await page.getByTestId("items-search").fill("5511988000004");
          await page.locator('tr[data-testid^="item-row-"]').filter({ hasText: "Şule Yıldız 5" })
            .getByLabel("Not on WhatsApp", { exact: true }).waitFor();
          await page.getByTestId("items-search").fill("");
          await page.locator('tr[data-testid^="item-row-"]').filter({
            has: page.getByText("Ana Peña 3", { exact: true }),
          })
            .getByLabel("On WhatsApp", { exact: true }).waitFor();
          for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
            await page.setViewportSize({ width: w, height: h });
            await page.getByTestId("number-check").waitFor();
            await screenshot(page, `h17b_list_checked_${w}`);
          }
          await page.setViewportSize({ width: 1440, height: 900 });
        },
      );

      await t.step("a company with no line that can tell is told the numbers stay unchecked", async () => {
        const b = await createTenant(server);
        const l = await expectOk<Json>(
          await server.request("/api/contact-lists", {
            method: "POST",
            token: b.adminToken,
            json: { name: "Sem canal" },
          }),
          201,
        );
        const { page: p2 } = await newPage({ locale: "pt-BR" });
        await signIn(p2, b.admin);
        await p2.goto(`/contact-lists/${l.id}/contacts`);
        await p2.getByTestId("number-check-unavailable").getByText("Nenhum canal conectado").waitFor();
        await screenshot(p2, "h17b_list_unavailable_pt_1440");
      });

      await t.step("/contacts/import: an .xls with live progress and the rejected rows", async () => {
        const { page: p3 } = await newPage();
        await signIn(p3, a.user);
        await p3.goto("/contacts");
        await p3.getByTestId("contacts-import").click();
        await p3.getByTestId("contacts-import-page").waitFor();
        await screenshot(p3, "h17b_contacts_import_empty_1440");
        await p3.getByTestId("import-file").setInputFiles(xls("contatos.xls"));
        await p3.getByTestId("import-progress").waitFor();
        await p3.getByTestId("import-result").waitFor({ timeout: LONG_WORK_MS });
        await p3.getByTestId("import-created").getByText("201").waitFor();
        await p3.getByTestId("import-rejected").getByText("1").waitFor();
        await p3.getByTestId("import-errors").getByText("Row 202").waitFor();
        await p3.getByTestId("import-errors").getByText("abc").waitFor();
        await p3.getByTestId("import-progress-text").getByText("202 of 202 rows").waitFor();
        for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
          await p3.setViewportSize({ width: w, height: h });
          await p3.getByTestId("import-result").waitFor();
          await screenshot(p3, `h17b_contacts_import_${w}`);
        }
        await p3.setViewportSize({ width: 1440, height: 900 });
        await p3.getByTestId("import-to-contacts").click();
        await p3.getByTestId("contacts-page").waitFor();
        await p3.getByTestId("contacts-search").fill("5511988000000");
        await p3.getByText("Maria Silva 1", { exact: true }).waitFor();
      });
    } finally {
      await stopWhatsappSessions(server.deps);
    }
  },
);
