/**
 * The schedules calendar, with the server's clock injected and the browser's set to it: a weekly
 * schedule of four sends shows on its four days, a sent schedule and a pending one look different
 * (colour, icon and words, with a legend), and clicking a day lists its schedules and starts a new
 * one on that day. Screenshots of the month and of a day at 1440, 1280 and 390.
 */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { contacts } from "@db/schema.ts";
import { schedulesTick } from "@/schedules/dispatcher.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { atWidth, browserTest, expectCount, shot, signIn, WIDTHS } from "./_browser.ts";

const clock = new ManualClock("2026-12-01T12:00:00Z"); // a Tuesday
const sink = startWebhookSink();

/** The browser's calendar day (YYYY-MM-DD) of a moment: the grid is drawn in the browser's zone. */
const localDay = (page: Page, iso: string) =>
  page.evaluate((iso) => {
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, iso);

browserTest(
  "[e2e] schedules calendar: a weekly ×4 on its four days, sent and pending apart, a day opens",
  async ({ server, newPage }) => {
    try {
      const a = await createTenant(server, { webhook: sink, user: false });
      const [bea] = await server.deps.database.write((tx) =>
        tx.insert(contacts).values({
          companyId: a.company.id,
          name: "Beatriz Souza",
          number: "5511944443333",
        })
          .returning()
      );
      const create = async (json: Json) =>
        await expectOk<Json>(
          await server.request("/api/schedules", {
            method: "POST",
            token: a.adminToken,
            json: { contactId: bea.id, whatsappId: a.conn.id, ...json },
          }),
          201,
        );
      const weekly = await create({
        body: "Lembrete semanal da aula de pilates",
        sendAt: "2026-12-03T15:00:00Z",
        intervalo: 2,
        valorIntervalo: 1,
        enviarQuantasVezes: 4,
      });
      const once = await create({ body: "Seu pedido saiu para entrega", sendAt: "2026-12-01T12:30:00Z" });
      // The dispatcher sends the one-off when its time comes.
      clock.set("2026-12-01T12:31:00Z");
      expect(await schedulesTick(server.deps)).toBe(1);

      const { context, page } = await newPage();
      await context.clock.install({ time: clock.now() });
      await signIn(page, a.admin);
      await page.getByTestId("nav-schedules").click();
      await page.getByTestId("schedules-view-calendar").click();
      await page.getByTestId("calendar-month").filter({ hasText: "December 2026" }).waitFor();

      // Four dates, one per Thursday, each the right send of four.
      const series = page.locator(`[data-testid^="calendar-entry-${weekly.id}-"]`);
      await expectCount(series, 4);
      const thursdays = ["2026-12-03", "2026-12-10", "2026-12-17", "2026-12-24"];
      for (const [i, day] of thursdays.entries()) {
        const key = await localDay(page, `${day}T15:00:00Z`);
        await page.getByTestId(`calendar-day-${key}`).getByTestId(`calendar-entry-${weekly.id}-${i + 1}`)
          .waitFor();
      }

      // Sent and pending differ by words, icon and colour; the legend names all three states.
      const sent = page.getByTestId(`calendar-entry-${once.id}-1`);
      const pending = page.getByTestId(`calendar-entry-${weekly.id}-1`);
      const look = async (l: typeof sent) =>
        await l.evaluate((e) => ({
          state: e.getAttribute("data-state"),
          words: e.querySelector(".sr-only")?.textContent,
          icon: e.querySelector("svg")?.getAttribute("class")?.match(/lucide-[a-z-]+/g)?.join(" "),
          background: getComputedStyle(e).backgroundColor,
        }));
      const [s, p] = [await look(sent), await look(pending)];
      expect(s.state).toBe("sent");
      expect(s.words).toBe("Sent");
      expect(p.state).toBe("pending");
      expect(p.words).toBe("Pending");
      expect(s.icon).not.toBe(p.icon);
      expect(s.background).not.toBe(p.background);
      const legend = await page.getByTestId("calendar-legend").innerText();
      for (const word of ["Sent", "Pending", "Failed"]) expect(legend).toContain(word);
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await shot(page, `schedules_calendar_${width}`);
      }
      await atWidth(page, 1440);

      // Clicking a day opens it: its schedule, in words, and a new schedule on that day.
      const tenth = await localDay(page, "2026-12-10T15:00:00Z");
      await page.getByTestId(`calendar-day-${tenth}`).click();
      const item = page.getByTestId(`calendar-day-item-${weekly.id}`);
      await item.waitFor();
      expect(await item.getByTestId("calendar-day-item-state").innerText()).toBe("Pending");
      expect(await item.innerText()).toContain("Send 2 of 4");
      expect(await item.innerText()).toContain("Beatriz Souza");
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await shot(page, `schedules_calendar_day_${width}`);
      }
      await atWidth(page, 1440);
      await page.getByTestId("calendar-day-add").click();
      await expect(page.locator("#sc-at").inputValue()).resolves.toBe(`${tenth}T09:00`);
      await page.keyboard.press("Escape");

      // The day of the sent one lists it as sent.
      await page.getByTestId(`calendar-day-${await localDay(page, "2026-12-01T12:31:00Z")}`).click();
      const sentItem = page.getByTestId(`calendar-day-item-${once.id}`);
      await sentItem.waitFor();
      expect(await sentItem.getByTestId("calendar-day-item-state").innerText()).toBe("Sent");
    } finally {
      await sink.close();
    }
  },
  () => ({ clock, scheduler: false }),
);
