/**
 * Kanban lanes in the funnel's order at 1440: lanes made "Novo pedido", "Em produção", "Entregue"
 * show in that order (not alphabetically), the admin reorders them by dragging a column's header
 * or with the arrow keys on its handle, and on /TagsKanban with up/down; the cards' ←/→ follow the
 * same order; a click on a card opens its ticket.
 */
import { expect } from "expect";
import type { Page } from "playwright-core";
import { atWidth, browserTest, screenshot, settled, signIn, WIDTHS } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";

const laneNames = (page: Page) => page.locator('[data-testid^="kanban-lane-"] > header h2').allInnerTexts();

browserTest(
  "[e2e] kanban: lanes keep the admin's order (drag, keys, up/down); ←/→ follow it; a card opens its ticket",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Vendas", color: "#2563eb" }] });
    const lanes: Record<string, number> = {};
    for (const name of ["Novo pedido", "Em produção", "Entregue"]) {
      const res = await server.request("/api/tags", {
        method: "POST",
        token: inbox.adminToken,
        json: { name, kanban: 1 },
      });
      expect(res.status).toBe(201);
      lanes[name] = (await res.json()).id;
    }
    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511933330001", name: "Olga Order" },
      "quero um orçamento",
    );
    const { page } = await newPage();
    await signIn(page, inbox.admin);
    await page.goto("/kanban");
    const card = (lane: number | "default") =>
      page.getByTestId(`kanban-lane-${lane}`).getByTestId(`kanban-card-${ticketId}`);
    await card("default").waitFor();
    // The funnel's order, first stage first (alphabetically it would be Em produção, Entregue, Novo pedido).
    await page.waitForFunction(() =>
      document.querySelectorAll('[data-testid^="kanban-lane-grip-"]').length === 3
    );
    expect(await laneNames(page)).toEqual(["Open", "Novo pedido", "Em produção", "Entregue"]);

    // → moves the card along that order.
    await card("default").focus();
    await page.keyboard.press("ArrowRight");
    await card(lanes["Novo pedido"]).waitFor();
    await card(lanes["Novo pedido"]).focus();
    await page.keyboard.press("ArrowRight");
    await card(lanes["Em produção"]).waitFor();

    // Drag "Entregue" onto the first lane: it becomes first, for everyone (the server keeps it).
    await page.getByTestId(`kanban-lane-head-${lanes["Entregue"]}`).dragTo(
      page.getByTestId(`kanban-lane-head-${lanes["Novo pedido"]}`),
    );
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid^="kanban-lane-"] > header h2')].map((h) => h.textContent)
        .join("|") === "Open|Entregue|Novo pedido|Em produção"
    );
    await page.reload();
    await card(lanes["Em produção"]).waitFor();
    expect(await laneNames(page)).toEqual(["Open", "Entregue", "Novo pedido", "Em produção"]);
    // ← from "Em produção" now goes to "Novo pedido", the lane before it on this board.
    await card(lanes["Em produção"]).focus();
    await page.keyboard.press("ArrowLeft");
    await card(lanes["Novo pedido"]).waitFor();

    // The keyboard on a column's handle: → moves "Entregue" one place later.
    await page.getByTestId(`kanban-lane-grip-${lanes["Entregue"]}`).focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid^="kanban-lane-"] > header h2')].map((h) => h.textContent)
        .join("|") === "Open|Novo pedido|Entregue|Em produção"
    );
    await settled(page);
    for (const w of WIDTHS) {
      await atWidth(page, w);
      await settled(page);
      await screenshot(page, `kanban_order_${w}`);
    }
    await atWidth(page, 1440);

    // /TagsKanban lists the lanes in the board's order; "down" on the first moves it after the second.
    await page.goto("/TagsKanban");
    await page.getByTestId(`lane-down-${lanes["Novo pedido"]}`).click();
    await page.waitForFunction(
      ([a, b]) => {
        const rows = [...document.querySelectorAll('[data-testid^="lane-row-"]')].map((r) =>
          r.getAttribute("data-testid")
        );
        return rows.indexOf(`lane-row-${a}`) > rows.indexOf(`lane-row-${b}`);
      },
      [lanes["Novo pedido"], lanes["Entregue"]],
    );
    for (const w of WIDTHS) {
      await atWidth(page, w);
      await settled(page);
      await screenshot(page, `lanes_order_${w}`);
    }
    await atWidth(page, 1440);
    await page.goto("/kanban");
    await card(lanes["Novo pedido"]).waitFor();
    expect(await laneNames(page)).toEqual(["Open", "Entregue", "Novo pedido", "Em produção"]);

    // A click on the card (not only on the name) opens its ticket.
    await card(lanes["Novo pedido"]).locator("p").first().click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByText("quero um orçamento").first().waitFor();
  },
);
