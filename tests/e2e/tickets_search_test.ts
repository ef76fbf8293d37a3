/**
 * Message search on the tickets screen: searching messages is the default (no checkbox); a resolved
 * conversation is found by a message 30 others came after, highlighted, and opening it scrolls to
 * the match. A tour of 1440, 1280 and 390 px keeps the search and the match, and a change of the
 * ticket over the socket keeps the message the result was found by.
 */
import { expect } from "expect";
import { atWidth, browserTest, dismissToast, expectToast, screenshot, signIn } from "./_browser.ts";
import { acceptOpenTicket, botlessInbox } from "./_tickets.ts";

browserTest(
  "[e2e] tickets search: a resolved conversation found by a message, opened at the match, at every width",
  async ({ server, newPage }) => {
    const { admin, adminToken, sink, says } = await botlessInbox(server);
    try {
      const match = await says(
        "Meu *pedido* 4471 está _atrasado_ ~ontem~ ```cod-99``` <img src=x onerror=alert(1)>",
      );
      for (let i = 0; i < 30; i++) await says(`Mensagem de teste número ${i}`);
      const ticketId = match.ticketId;
      const { page } = await newPage();
      await signIn(page, admin);

      // The conversation is accepted and resolved (a "resolved by" line closes it).
      await page.goto("/tickets");
      await page.getByTestId("tickets-tab-pending").click();
      await page.getByTestId(`ticket-item-${ticketId}`).click();
      await page.getByTestId("ticket-view").waitFor();
      await acceptOpenTicket(page);
      await page.getByTestId("ticket-resolve").click();
      await page.getByTestId("close-without-farewell").click();
      await expectToast(page, "Conversation resolved.");
      // At 390 px the toast sits over the tab strip the tour below taps.
      await dismissToast(page, "Conversation resolved.");

      // Search: no checkbox; the result shows the matching message, highlighted, marked resolved.
      expect(await page.getByTestId("tickets-search-messages").count()).toBe(0);
      await page.getByTestId("tickets-search").fill("4471");
      const result = page.getByTestId("ticket-list-search").getByTestId(`ticket-item-${ticketId}`);
      await result.waitFor();
      await result.getByTestId("ticket-resolved").waitFor();
      await result.getByTestId("ticket-search-match").locator("mark", { hasText: "4471" }).waitFor();
      // Opening it scrolls to the match (30 newer messages below it) and marks it.
      const hit = page.locator(`[data-testid="message-${match.messageId}"] [data-search-match="true"]`);
      const matchInView = () =>
        page.waitForFunction((id) => {
          const el = document.querySelector(`[data-testid="message-${id}"]`);
          const list = document.querySelector('[data-testid="message-list"]');
          if (!el || !list) return false;
          const a = el.getBoundingClientRect(), b = list.getBoundingClientRect();
          return a.height > 0 && a.top >= b.top && a.bottom <= b.bottom;
        }, match.messageId);
      const opened = async () => {
        await hit.waitFor();
        await hit.locator("mark", { hasText: "4471" }).waitFor();
        await matchInView();
      };
      await result.click();
      await opened();
      await page.getByTestId("event-line-closed").waitFor();
      await screenshot(page, "tickets_search_opened_1440");
      await page.getByTestId("event-line-closed").scrollIntoViewIfNeeded();
      await screenshot(page, "tickets_search_event_lines_1440");
      await result.click(); // the same result again scrolls back to the match
      await matchInView();

      // With the result open, a tour of the widths only restyles the screen: the list keeps its
      // search and the conversation its match (it used to remount both at each layout switch, and
      // re-opening a result afterwards timed out on rows being replaced).
      const narrowList = page.getByTestId("tickets-narrow-list");
      for (const w of [1280, 390, 1440] as const) {
        await atWidth(page, w);
        await narrowList.waitFor({ state: w === 390 ? "visible" : "detached" });
        if (w === 390) {
          expect(await page.getByTestId("tickets-narrow-ticket").getAttribute("aria-selected")).toBe("true");
          await opened();
          await screenshot(page, "tickets_search_opened_390");
          await narrowList.click();
        } else await opened();
        expect(await page.getByTestId("tickets-search").inputValue()).toBe("4471");
        await result.locator("mark", { hasText: "4471" }).waitFor();
        await screenshot(page, `tickets_search_results_${w}`);
      }
      // After the tour a result opens again, at 1440 and on a phone.
      await result.click();
      await opened();
      await screenshot(page, "tickets_search_reopened_1440");
      // A change of the ticket arrives over the socket: the result row follows it and keeps the
      // message it was found by (an event's ticket has no searchMatch).
      const tag = await (await server.request("/api/tags", {
        method: "POST",
        token: adminToken,
        json: { name: "VIP", color: "#7c3aed" },
      })).json();
      const tagged = await server.request(`/api/ticket-tags/${ticketId}/${tag.id}`, {
        method: "PUT",
        token: adminToken,
      });
      expect(tagged.status).toBe(200);
      await tagged.body?.cancel();
      await result.getByText("VIP").waitFor();
      expect(await result.getByTestId("ticket-search-match").locator("mark", { hasText: "4471" }).count())
        .toBe(1);
      await atWidth(page, 390);
      await narrowList.click();
      await result.click();
      expect(await page.getByTestId("tickets-narrow-ticket").getAttribute("aria-selected")).toBe("true");
      await opened();
      await atWidth(page, 1280);
      await narrowList.waitFor({ state: "detached" });
      await opened();
      await screenshot(page, "tickets_search_opened_1280");
    } finally {
      await sink.close();
    }
  },
);
