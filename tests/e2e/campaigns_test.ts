/**
 * Campaigns end to end in the browser: a 200-contact spreadsheet imported into a list
 * with its progress shown; a campaign with two variants (and two confirmation variants) and media
 * to the api channel; the report filling live while the webhook receives 200 distinct, paced
 * messages; a customer's reply counted as a confirmation, after which the media message follows.
 * Then every screen of the feature at 1440, 1280 and 390 px.
 */
import { Buffer } from "node:buffer";
import { expect } from "expect";
import ExcelJS from "exceljs";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { setCampaignSettings } from "../campaigns/_support.ts";
import { atWidth, browserTest, expectToast, LONG_WORK_MS, screenshot, signIn } from "./_browser.ts";
import { wallInputValue } from "@contract/dates.ts";

const N = 200;

async function sheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Contatos");
  ws.addRow(["nome", "numero", "email"]);
  for (let i = 1; i <= N; i++) {
    ws.addRow([`Cliente ${i}`, `+55 11 9${String(i).padStart(8, "0")}`, `c${i}@ex.com`]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer() as ArrayBuffer);
}

async function pick(page: import("playwright-core").Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

browserTest(
  "[e2e] campaigns: import 200 contacts, run a paced campaign, live report, confirmation",
  async ({ server, newPage }, t) => {
    const sink = startWebhookSink();
    try {
      const inbox = await createTenant(server, {
        webhook: sink,
        user: false,
        conn: { name: "Integration API" },
      });
      // A small pace for the test (the screen offers the spec's options; the API takes fractions).
      await setCampaignSettings(server, inbox.adminToken, {
        messageInterval: 0.05,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: "00:00",
        endHour: "23:59",
        sabado: true,
        domingo: true,
      });
      const { page } = await newPage();
      await signIn(page, inbox.admin);
      let listUrl = "";

      await t.step("a spreadsheet of 200 contacts is imported into a new list, with progress", async () => {
        await page.goto("/contact-lists");
        await page.getByTestId("contact-lists-page").waitFor();
        await page.getByTestId("list-add").click();
        await page.locator("#list-name").fill("Clientes VIP");
        await page.getByTestId("list-save").click();
        await page.locator('tr[data-testid^="list-row-"]').filter({ hasText: "Clientes VIP" }).waitFor();
        await page.locator('[data-testid^="list-open-"]').first().click();
        await page.getByTestId("contact-list-items-page").waitFor();
        listUrl = page.url();
        await page.getByTestId("items-import").click();
        await page.getByTestId("import-file").setInputFiles({
          name: "clientes.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: await sheet(),
        });
        await page.getByTestId("import-progress").waitFor();
        await page.getByTestId("import-report").getByText(`${N} added, 0 updated, 0 rows rejected`).waitFor({
          timeout: LONG_WORK_MS,
        });
        await expect(page.getByTestId("import-progress-text").textContent()).resolves.toBe(
          `${N} of ${N} rows`,
        );
        await screenshot(page, "h17_import_1440");
        await page.getByRole("button", { name: "Close" }).first().click();
        await page.locator('tr[data-testid^="item-row-"]').first().waitFor();
        await page.getByText("Cliente 1", { exact: true }).waitFor();
      });

      await t.step("a campaign with two variants, two confirmation variants and media", async () => {
        await page.goto("/campaigns");
        await page.getByTestId("campaigns-page").waitFor();
        await page.getByTestId("campaign-add").click();
        await page.locator("#c-name").fill("Black Friday");
        await pick(page, "c-conn", "Integration API");
        await pick(page, "c-list", "Clientes VIP");
        // A minute ago on the company's wall clock: the picker reads the display zone, not the browser's.
        const start = wallInputValue(Date.now() - 60_000, "America/Sao_Paulo");
        await page.locator("#c-at").fill(start);
        await page.getByRole("switch").first().click(); // confirmation
        await page.getByTestId("c-message1").fill("Oferta A para {nome}");
        await page.getByTestId("c-confirmation1").fill("Posso enviar a oferta, {nome}? (A)");
        await page.getByRole("tab", { name: "Message 2" }).click();
        await page.getByTestId("c-message2").fill("Oferta B para {nome}");
        await page.getByTestId("c-confirmation2").fill("Posso enviar a oferta, {nome}? (B)");
        await page.getByTestId("c-media").setInputFiles({
          name: "promo.png",
          mimeType: "image/png",
          buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        });
        await page.getByTestId("c-media-name").getByText("promo.png").waitFor();
        await page.getByTestId("campaign-save").click();
        await expectToast(page, "Saved.");
        await page.locator('tr[data-testid^="campaign-row-"]').filter({ hasText: "Black Friday" }).waitFor();
      });

      await t.step(
        "the report fills live while the webhook receives 200 distinct, paced messages",
        async () => {
          await page.locator('[data-testid^="campaign-report-"]').first().click();
          await page.getByTestId("campaign-report-page").waitFor();
          const asked = page.getByTestId("count-confirmationRequested");
          // Every value the counter shows is recorded as the page renders it (no sampling to miss one).
          await page.evaluate(() => {
            const w = globalThis as unknown as { __asked: string[] };
            const read = () => {
              const v = document.querySelector('[data-testid="count-confirmationRequested"]')?.textContent;
              if (v != null && w.__asked.at(-1) !== v) w.__asked.push(v);
            };
            w.__asked = [];
            read();
            new MutationObserver(read).observe(document.body, {
              childList: true,
              subtree: true,
              characterData: true,
            });
          });
          await page.waitForFunction(
            (n) => document.querySelector('[data-testid="count-confirmationRequested"]')?.textContent === n,
            String(N),
            { timeout: 180_000 },
          );
          const seen = new Set(
            await page.evaluate(() => (globalThis as unknown as { __asked: string[] }).__asked),
          );
          await expect(asked.textContent()).resolves.toBe(String(N));
          // Several intermediate values were shown on the same page, without a reload.
          expect(seen.size).toBeGreaterThanOrEqual(3);
          await page.getByTestId("report-status").getByText("Running").waitFor();
          await screenshot(page, "h17_report_1440");
          await sink.next(
            () => new Set(sink.received.map((r) => (r.json.to as { number: string }).number)).size === N,
            60_000,
          )
            .catch(() => undefined);
          const bodies = sink.received.map((r) => String(r.json.body));
          const numbers = new Set(sink.received.map((r) => (r.json.to as { number: string }).number));
          expect(numbers.size).toBe(N);
          expect(new Set(bodies).size).toBe(N);
          expect(bodies.some((b) => b.endsWith("(A)"))).toBe(true);
          expect(bodies.some((b) => b.endsWith("(B)"))).toBe(true);
          expect(bodies.every((b) => /^Posso enviar a oferta, Cliente \d+\? \([AB]\)$/.test(b))).toBe(true);
        },
      );

      await t.step("a reply is counted as a confirmation and the offer with media follows", async () => {
        await customerSays(server, inbox.conn, "5511900000007", "Sim, pode enviar");
        await page.getByTestId("count-confirmed").getByText("1", { exact: true }).waitFor({
          timeout: 30_000,
        });
        const offer = await sink.next((r) =>
          (r.json.to as { number: string }).number === "5511900000007" &&
          String(r.json.body).startsWith("Oferta"), 30_000);
        expect(String(offer.json.body)).toMatch(/^Oferta [AB] para Cliente 7$/);
        expect((offer.json.media as { mimetype: string }).mimetype).toBe("image/png");
        await page.getByTestId("count-delivered").getByText("1", { exact: true }).waitFor({
          timeout: 30_000,
        });
      });

      await t.step("screens at 1440, 1280 and 390 px", async () => {
        const shots: [string, string][] = [
          ["contact_lists", "/contact-lists"],
          ["contact_list_items", new URL(listUrl).pathname],
          ["campaigns", "/campaigns"],
          ["report", page.url().replace(/^https?:\/\/[^/]+/, "")],
          ["campaigns_config", "/campaigns-config"],
          ["schedules", "/schedules"],
        ];
        for (const width of [1440, 1280, 390]) {
          await atWidth(page, width);
          for (const [name, path] of shots) {
            await page.goto(path);
            await page.locator("main").waitFor();
            await page.waitForLoadState("networkidle").catch(() => undefined);
            await screenshot(page, `h17_${name}_${width}`);
          }
          await page.goto("/campaigns");
          await page.locator('[data-testid^="campaign-edit-"]').first().click();
          await page.locator("#c-name").waitFor();
          await screenshot(page, `h17_campaign_dialog_${width}`);
        }
      });
    } finally {
      await sink.close();
    }
  },
);
