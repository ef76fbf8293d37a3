/**
 * Scheduled messages in the browser (spec 1 §2): the schedule dialog from a contact (then the
 * user lands on /schedules) and from a ticket; the scheduler sends the due message to the api
 * channel's webhook and the list shows it sent; the calendar view; screens at three widths.
 */
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { atWidth, browserTest, expectToast, LONG_WORK_MS, screenshot, signIn } from "./_browser.ts";
import { wallInputValue } from "@contract/dates.ts";

browserTest(
  "[e2e] schedules: from a contact and a ticket, sent by the scheduler, list and calendar",
  async ({ server, newPage }, t) => {
    const sink = startWebhookSink();
    try {
      const inbox = await createTenant(server, {
        webhook: sink,
        user: false,
        conn: { name: "Integration API", isDefault: true },
      });
      const { ticketId } = await customerSays(server, inbox.conn, {
        number: "5511944443333",
        name: "Beatriz",
      }, "Olá");
      const { page } = await newPage();
      await signIn(page, inbox.admin);

      await t.step("from a contact: a due schedule is saved, listed, and sent", async () => {
        await page.goto("/contacts");
        await page.locator('[data-testid^="contact-schedule-"]').first().click();
        await page.locator("#sc-contact").waitFor();
        await page.getByTestId("schedule-save").click();
        await page.getByText("Message too short").or(page.getByText("Required", { exact: true })).first()
          .waitFor();
        await page.getByTestId("sc-body").fill("Lembrete: sua consulta é amanhã");
        // A minute ago on the company's wall clock: the picker reads the display zone, not the browser's.
        const due = wallInputValue(Date.now() - 60_000, "America/Sao_Paulo");
        await page.locator("#sc-at").fill(due);
        await screenshot(page, "h17_schedule_dialog_1440");
        await page.getByTestId("schedule-save").click();
        await expectToast(page, "Schedule saved.");
        await page.getByTestId("schedules-page").waitFor();
        const row = page.locator('tr[data-testid^="schedule-row-"]').filter({ hasText: "Beatriz" });
        await row.waitFor();
        await row.getByText("Sent").waitFor({ timeout: LONG_WORK_MS });
        await sink.next((r) => r.json.body === "Lembrete: sua consulta é amanhã", 30_000);
      });

      await t.step("from a ticket: the dialog has the ticket's contact", async () => {
        await page.goto("/tickets");
        await page.getByTestId("tickets-tab-pending").click();
        await page.getByTestId(`ticket-item-${ticketId}`).click();
        await page.getByTestId("ticket-header").waitFor();
        await page.getByTestId("ticket-more").click();
        await page.getByTestId("ticket-schedule").click();
        await page.locator("#sc-contact").waitFor();
        const value = await page.locator("#sc-contact").inputValue();
        if (value !== "Beatriz") throw new Error(`dialog contact: ${value}`);
        await page.getByTestId("sc-body").fill("Volto a falar com você na semana que vem");
        await page.getByTestId("schedule-save").click();
        await expectToast(page, "Schedule saved.");
      });

      await t.step("list and calendar at 1440, 1280 and 390 px", async () => {
        for (const width of [1440, 1280, 390]) {
          await atWidth(page, width);
          await page.goto("/schedules");
          await page.locator('tr[data-testid^="schedule-row-"]').nth(1).waitFor();
          await screenshot(page, `h17_schedules_list_${width}`);
          await page.getByTestId("schedules-view-calendar").click();
          await page.getByTestId("schedules-calendar").waitFor();
          await screenshot(page, `h17_schedules_calendar_${width}`);
          await page.getByTestId("schedules-view-list").click();
          await page.locator('[data-testid^="schedule-edit-"]').first().click();
          await page.locator("#sc-body").waitFor();
          await screenshot(page, `h17_schedule_edit_${width}`);
          await page.keyboard.press("Escape");
        }
      });
    } finally {
      await sink.close();
    }
  },
);
