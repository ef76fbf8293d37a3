/**
 * The first-ready race of a full page load: the lists and the open conversation are read over HTTP
 * while the page's socket is still connecting, so an event published in that window reaches nobody.
 * The page's socket is held back (routed, not yet connected to the server) while a customer writes
 * and another one arrives; once it connects, the screen shows both with no further event — and the
 * open conversation stays where it was (same element, the search result still in view, same tab).
 */
import { expect } from "expect";
import type { Page, WebSocketRoute } from "playwright-core";
import { waitUntil } from "../_helpers/watchdog.ts";
import { atWidth, browserTest, screenshot, signIn } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";
import type { TestServer } from "../_helpers/test_app.ts";

/** Waits (bounded) until the server holds `n` sockets. */
async function socketsAre(server: TestServer, n: number) {
  await waitUntil(`the hub holds ${n} sockets`, () => server.deps.hub.size === n);
}

/** Whether the element is inside its scrolling list's visible box. */
function inView(page: Page, testId: string) {
  return page.waitForFunction((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    const list = el?.closest('[data-testid="message-list"]');
    if (!el || !list) return false;
    const a = el.getBoundingClientRect(), b = list.getBoundingClientRect();
    return a.height > 0 && a.top >= b.top && a.bottom <= b.bottom;
  }, testId);
}

browserTest(
  "[e2e] realtime: what happens while a loading page's socket connects is on screen once it is ready",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const ana = { number: "5511987650010", name: "Ana Ribeiro" };
    const match = await customerWrites(server, inbox, ana, "Meu pedido 4471 está atrasado");
    for (let i = 0; i < 30; i++) await customerWrites(server, inbox, ana, `Mensagem número ${i}`);
    const { uuid } =
      await (await server.request(`/api/tickets/${match.ticketId}`, { token: inbox.adminToken }))
        .json();

    const { page } = await newPage();
    await signIn(page, inbox.admin);
    // From now on every socket the page opens is held back until `connect()`.
    const held: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws\?/, (ws) => void held.push(ws));
    const connect = () => {
      for (const ws of held.splice(0)) ws.connectToServer();
    };

    let n = 0;
    for (const width of [390, 1440]) {
      await atWidth(page, width);
      // A full page load of a search result: the conversation scrolled to the match, 30 newer below.
      await page.goto(`/tickets/${uuid}?msg=${match.messageId}&q=4471`);
      const hit = page.locator(`[data-testid="message-${match.messageId}"] [data-search-match="true"]`);
      await hit.waitFor();
      await inView(page, `message-${match.messageId}`);
      // The list shows the waiting tickets (on a phone: its tab, then back to the conversation).
      if (width === 390) await page.getByTestId("tickets-narrow-list").click();
      await page.getByTestId("tickets-tab-pending").click();
      await page.getByTestId(`ticket-item-${match.ticketId}`).waitFor();
      if (width === 390) {
        await page.getByTestId("tickets-narrow-ticket").click();
        await hit.waitFor();
        await inView(page, `message-${match.messageId}`);
      }
      await socketsAre(server, 0);
      expect(held.length).toBe(1);
      // The element on screen now: a refetch that remounted the conversation would lose the mark.
      await page.getByTestId("message-list").evaluate((el) => el.setAttribute("data-probe", "kept"));

      // Nobody of the company is listening: the customer writes, a new customer arrives.
      n++;
      const late = `Ainda estou esperando (${n})`;
      await customerWrites(server, inbox, ana, late);
      const newcomer = await customerWrites(
        server,
        inbox,
        { number: `55119876501${20 + n}`, name: `Bruno ${n}` },
        "Bom dia!",
      );
      await server.deps.bus.drain();
      await server.deps.hub.flushed();

      // The socket connects: the page refetches what it read before, with no further event.
      connect();
      await socketsAre(server, 1);
      const view = page.getByTestId("ticket-view");
      await view.getByText(late).waitFor({ state: "attached", timeout: 30_000 });
      await page.getByTestId(`ticket-item-${newcomer.ticketId}`).waitFor({
        state: "attached",
        timeout: 30_000,
      });
      await page.getByTestId(`ticket-item-${match.ticketId}`).getByTestId("ticket-last-message")
        .filter({ hasText: late }).waitFor({ state: "attached", timeout: 30_000 });
      // What the user was looking at is still there: same list element, the match in view.
      expect(await page.locator('[data-testid="message-list"][data-probe="kept"]').count()).toBe(1);
      await inView(page, `message-${match.messageId}`);
      await hit.waitFor();
      if (width === 390) {
        expect(await page.getByTestId("tickets-narrow-ticket").getAttribute("aria-selected")).toBe("true");
        await screenshot(page, "first_ready_conversation_390");
        await page.getByTestId("tickets-narrow-list").click();
      }
      await page.getByTestId(`ticket-item-${newcomer.ticketId}`).waitFor();
      await screenshot(page, `first_ready_list_${width}`);
    }

    // A read still under way when the socket becomes ready: the server answered it before the
    // customer wrote, the page receives that answer only after `ready` — it is read again.
    let answered!: () => void;
    const served = new Promise<void>((r) => (answered = r));
    let deliver!: () => void;
    const delivered = new Promise<void>((r) => (deliver = r));
    let reads = 0;
    await page.route((url) => url.pathname === `/api/messages/${uuid}`, async (route) => {
      if (reads++) return await route.continue();
      const response = await route.fetch();
      answered();
      await delivered;
      await route.fulfill({ response });
    });
    const frames: string[] = [];
    page.on("websocket", (ws) => ws.on("framereceived", (f) => void frames.push(String(f.payload))));
    await page.goto(`/tickets/${uuid}`);
    await served;
    await socketsAre(server, 0);
    const later = "Alguém aí?";
    await customerWrites(server, inbox, ana, later);
    await server.deps.bus.drain();
    await server.deps.hub.flushed();
    connect();
    await socketsAre(server, 1);
    // The page has its `ready` (its first on this load) before the old answer is handed to it.
    await waitUntil("the page receives its ready frame", () => frames.some((f) => f.includes('"ready"')));
    deliver();
    await page.getByTestId("ticket-view").getByText(later).waitFor({ timeout: 30_000 });
    expect(reads).toBe(2);
  },
);
