/**
 * One clock: a browser in Tokyo looks at a São Paulo company. A customer writes at a known instant
 * (the server's injected clock, the browser's clock and the conversation's rows all read it): 01:36 UTC on 10 March
 * 2026, which is 22:36 on the 9th in São Paulo and 10:36 on the 10th in Tokyo. The inbox list, the
 * conversation, the kanban card, the report row and the exported file all show the company's
 * 10:36 PM (en) / 22:36 (pt), never the browser's; a schedule typed for 09:00 means 09:00 there and
 * reads 09:00 again. A user who picks Tokyo in the profile then sees Tokyo's time everywhere.
 */
import { expect } from "expect";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { contacts, messages, schedules, tickets } from "@db/schema.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { xlsxRows } from "../_helpers/files.ts";
import { atWidth, browserTest, type E2E, expectToastThenReload, shot, signIn, WIDTHS } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";

const AT = "2026-03-10T01:36:00Z";
const clock = new ManualClock(AT);

/** A browser in Tokyo whose clock reads the server's injected time. */
async function tokyo(
  newPage: E2E["newPage"],
  locale: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage({ locale, timezoneId: "Asia/Tokyo" });
  await context.clock.install({ time: clock.now() });
  return { context, page };
}

/** The page at each width; `show` is scrolled into view first (a field low in a dialog). */
async function shots(page: Page, name: string, show?: Locator) {
  for (const w of WIDTHS) {
    await atWidth(page, w);
    await show?.scrollIntoViewIfNeeded();
    await shot(page, `one_clock_${name}_${w}`);
  }
  await atWidth(page, 1440);
}

async function exported(page: Page): Promise<unknown[][]> {
  const d = page.waitForEvent("download");
  await page.getByTestId("report-export-xlsx").click();
  return await xlsxRows(await Deno.readFile((await (await d).path())!), "RelatorioDeAtendimentos");
}

browserTest(
  "[e2e] one clock: the same ticket reads the same time on the inbox, kanban, report and export",
  async ({ server, newPage }, t) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Vendas", color: "#2563eb" }] });
    try {
      const { ticketId, messageId } = await customerWrites(
        server,
        inbox,
        { number: "5511933330042", name: "Clara Relógio" },
        "Bom dia, quero um orçamento",
      );
      // The rows take the database's clock; the conversation is moved to the known instant once the
      // connection's greeting has gone out (it touches the ticket too).
      await inbox.sink.next((r) => String(r.json.body).includes("Choose a department"), 30_000);
      await server.deps.database.write(async (tx) => {
        await tx.update(tickets).set({ createdAt: AT, updatedAt: AT }).where(eq(tickets.id, ticketId));
        await tx.update(messages).set({ createdAt: AT, updatedAt: AT }).where(
          eq(messages.ticketId, ticketId),
        );
      });
      const { context, page } = await tokyo(newPage, "en-US");
      // The browser really is in Tokyo: its own clock reads 10:36 AM.
      expect(await page.evaluate(() => new Date().getHours())).toBe(10);
      await signIn(page, inbox.admin);

      await t.step("en: inbox list and conversation", async () => {
        await page.goto("/tickets");
        await page.getByTestId("tickets-tab-pending").click();
        const item = page.getByTestId(`ticket-item-${ticketId}`);
        await item.getByText("10:36 PM", { exact: true }).waitFor();
        await item.click();
        const bubble = page.getByTestId(`message-${messageId}`);
        await bubble.getByText("10:36 PM").waitFor();
        // Still "today" in São Paulo (in Tokyo it is already the 10th).
        await page.getByTestId("ticket-view").getByText("Today", { exact: true }).first().waitFor();
        await shots(page, "ticket");
      });

      await t.step("en: kanban card", async () => {
        await page.goto("/kanban");
        await page.getByTestId(`kanban-card-${ticketId}`).getByText("10:36 PM").waitFor();
        await shots(page, "kanban");
      });

      await t.step("en: report row and its export", async () => {
        await page.goto("/reports");
        await page.getByTestId(`report-row-${ticketId}`).getByText("03/09/2026 10:36 PM").waitFor();
        await shots(page, "reports");
        const rows = await exported(page);
        expect(rows[0][7]).toBe("Opened at (America/Sao_Paulo)");
        expect(rows.find((r) => r[0] === ticketId)![7]).toBe("03/09/2026 10:36 PM");
      });

      await t.step("a schedule typed for 09:00 means 09:00 in São Paulo and reads 09:00", async () => {
        const [contact] = await server.deps.db.select({ id: contacts.id }).from(contacts).where(
          eq(contacts.number, "5511933330042"),
        );
        await page.goto("/contacts");
        await page.getByTestId(`contact-schedule-${contact.id}`).click();
        await page.getByTestId("sc-body").fill("Lembrete: orçamento pronto");
        await page.locator("#sc-at").fill("2026-03-12T09:00");
        await page.getByTestId("schedule-save").click();
        await page.locator("#sc-at").waitFor({ state: "detached" });
        const saved = await server.deps.db.select({ sendAt: schedules.sendAt }).from(schedules);
        expect(saved.map((s) => s.sendAt)).toEqual(["2026-03-12T12:00:00.000Z"]);
        await page.goto("/schedules");
        const row = page.locator('[data-testid^="schedule-row-"]').first();
        await row.getByText("03/12/2026 9:00 AM").waitFor();
        await shots(page, "schedules");
      });
      await context.close();

      await t.step("pt: the same instant in Portuguese formats", async () => {
        const pt = (await tokyo(newPage, "pt-BR")).page;
        await signIn(pt, inbox.admin);
        await pt.goto("/kanban");
        await pt.getByTestId(`kanban-card-${ticketId}`).getByText("22:36").waitFor();
        await pt.goto("/reports");
        await pt.getByTestId(`report-row-${ticketId}`).getByText("09/03/2026 22:36").waitFor();
        const rows = await exported(pt);
        expect(rows[0][7]).toBe("Aberto em (America/Sao_Paulo)");
        expect(rows.find((r) => r[0] === ticketId)![7]).toBe("09/03/2026 22:36");

        // The user's own zone, chosen once in the profile: every date follows it.
        await pt.getByTestId("user-menu-trigger").click();
        await pt.getByTestId("menu-profile").click();
        await pt.getByTestId("profile-time-zone").getByText("Fuso da empresa (America/Sao_Paulo)").waitFor();
        await pt.getByTestId("profile-time-zone").click();
        await pt.getByRole("option", { name: "Asia/Tokyo (UTC+09:00)" }).click();
        await shots(pt, "profile_zone", pt.getByTestId("profile-time-zone"));
        await expectToastThenReload(pt, "Usuário salvo", () => pt.getByTestId("profile-save").click());
        await pt.goto("/kanban");
        await pt.getByTestId(`kanban-card-${ticketId}`).getByText("10:36").waitFor();
        await pt.goto("/reports");
        await pt.getByTestId(`report-row-${ticketId}`).getByText("10/03/2026 10:36").waitFor();
        const mine = await exported(pt);
        expect(mine[0][7]).toBe("Aberto em (Asia/Tokyo)");
        expect(mine.find((r) => r[0] === ticketId)![7]).toBe("10/03/2026 10:36");
      });
    } finally {
      await inbox.sink.close();
    }
  },
  () => ({ clock }),
);
