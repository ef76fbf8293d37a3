/**
 * The tickets report fits the screen a manager uses: with the side menu open, every row's actions
 * (ticket log, open ticket) are inside the viewport and not clipped by the table's scroll box at
 * 1440 and 1280 px; at 390 px the date filters wrap without overlapping each other or the fields
 * around them. Screenshots at the three widths.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { contacts, queues, tickets, users } from "@db/schema.ts";
import { buildScenario } from "../dashboard/_scenario.ts";
import { atWidth, browserTest, shot, signIn, WIDTHS } from "./_browser.ts";

type Box = { left: number; right: number; top: number; bottom: number };

/** Each action cell's box, the box of the nearest ancestor that clips it, and the viewport's width. */
function actionBoxes(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return [...document.querySelectorAll('[data-testid^="report-log-"]')].map((button) => {
      let clip: Element | null = button.parentElement;
      while (clip && getComputedStyle(clip).overflowX === "visible") clip = clip.parentElement;
      return {
        id: button.getAttribute("data-testid"),
        cell: box(button.closest("td")!),
        buttons: [...button.closest("td")!.querySelectorAll("button")].map(box),
        clip: clip ? box(clip) : null,
        viewport: document.documentElement.clientWidth,
      };
    });
  });
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

browserTest(
  "[e2e] reports: the actions column is on screen at 1440 and 1280 with the menu open; dates wrap at 390",
  async ({ server, newPage }) => {
    const s = await buildScenario(server, { name: "Northwind Layout" });
    // Names as a real team has them: a contact saved with its shop, a full name, a precise queue.
    await server.deps.database.write(async (tx) => {
      const [t] = await tx.select().from(tickets).where(eq(tickets.id, s.ticketIds[0]));
      await tx.update(contacts).set({ name: "Maria Aparecida dos Santos Oliveira (Loja Centro)" })
        .where(eq(contacts.id, t.contactId));
      await tx.update(users).set({ name: "Ana Beatriz Lima Figueiredo" }).where(eq(users.id, s.ana.user.id));
      await tx.update(queues).set({ name: "Suporte técnico — segundo nível" })
        .where(eq(queues.id, s.queues.support.id));
    });
    /** Signs in with the browser in `locale` and shows every ticket of the report. */
    const open = async (locale: string) => {
      const { page } = await newPage({ locale });
      await signIn(page, s.admin);
      await page.getByTestId("nav-reports").click();
      await page.getByTestId("report-from").fill("");
      await page.getByTestId("report-to").fill("");
      await page.getByTestId("report-apply").click();
      await page.getByTestId("report-table").waitFor();
      return page;
    };
    const actionsOnScreen = async (page: Page, label: string) => {
      for (const width of [1440, 1280]) {
        await atWidth(page, width);
        await page.getByTestId("side-nav").locator("nav").waitFor(); // the menu is open, not an overlay
        const boxes = await actionBoxes(page);
        expect(boxes.length).toBeGreaterThan(0);
        for (const b of boxes) {
          for (const button of b.buttons) {
            const where = `${label} ${b.id} at ${width}: ${JSON.stringify(button)} in ${
              JSON.stringify(b.clip)
            }`;
            expect([where, button.right <= b.viewport]).toEqual([where, true]);
            expect([where, button.left >= 0]).toEqual([where, true]);
            if (b.clip) {
              expect([where, button.left >= b.clip.left - 0.5 && button.right <= b.clip.right + 0.5])
                .toEqual([where, true]);
            }
          }
        }
      }
    };
    // Portuguese headers are longer ("Tempo de atendimento"): the same holds.
    const pt = await open("pt-BR");
    await actionsOnScreen(pt, "pt");
    await atWidth(pt, 1440);
    await shot(pt, "reports_layout_pt_1440");
    const page = await open("en-US");
    await actionsOnScreen(page, "en");

    await atWidth(page, 390);
    const fields = await page.getByTestId("report-filters").evaluate((root) =>
      [...root.querySelectorAll("input, button, label")].map((e) => {
        const r = e.getBoundingClientRect();
        return {
          what: e.getAttribute("data-testid") ?? e.tagName,
          box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
          inputs: [...e.querySelectorAll("input")].length,
        };
      })
    );
    const from = fields.find((f) => f.what === "report-from")!;
    const to = fields.find((f) => f.what === "report-to")!;
    expect(overlaps(from.box, to.box)).toBe(false);
    const viewport = await page.evaluate(() => document.documentElement.clientWidth);
    for (const date of [from, to]) {
      expect([date.what, date.box.left >= 0 && date.box.right <= viewport]).toEqual([date.what, true]);
      // Each date input keeps a readable width (a full dd/mm/yyyy), not a sliver beside its label.
      expect([date.what, date.box.right - date.box.left >= 150]).toEqual([date.what, true]);
      for (const other of fields) {
        if (other === date || other.inputs > 0 || other.what === "LABEL") continue;
        const where = `${date.what} × ${other.what}`;
        expect([where, overlaps(date.box, other.box)]).toEqual([where, false]);
      }
    }

    for (const width of WIDTHS) {
      await atWidth(page, width);
      await shot(page, `reports_layout_${width}`);
    }
  },
);
