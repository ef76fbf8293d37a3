/**
 * A conversation on the tickets screen, from waiting to resolved: WhatsApp formatting renders
 * without HTML injection, no bot icon without a bot, the accepted line, the list preview's tick
 * following the ack live (at 1440, 1280 and 390 px), the drawer's bot switch, and resolving.
 */
import { expect } from "expect";
import { atWidth, browserTest, expectToast, screenshot, signIn, WIDTHS } from "./_browser.ts";
import { acceptOpenTicket, botlessInbox } from "./_tickets.ts";

browserTest(
  "[e2e] tickets conversation: formatting without HTML, the accepted line, the tick following the ack, the drawer's bot switch, resolving",
  async ({ server, newPage }) => {
    const { admin, adminToken, token, sink, says } = await botlessInbox(server);
    try {
      const match = await says(
        "Meu *pedido* 4471 está _atrasado_ ~ontem~ ```cod-99``` <img src=x onerror=alert(1)>",
      );
      const ticketId = match.ticketId;
      const { page } = await newPage();
      await signIn(page, admin);

      await page.goto("/tickets");
      await page.getByTestId("tickets-tab-pending").click();
      const item = page.getByTestId(`ticket-item-${ticketId}`);
      await item.waitFor();
      expect(await item.getByTestId("ticket-bot").count()).toBe(0);

      // Opening the waiting ticket keeps its unread count and its place.
      await item.click();
      await page.getByTestId("ticket-view").waitFor();
      await page.getByTestId("ticket-accept").waitFor();
      await item.getByTestId("ticket-unread").waitFor();

      // The formatting renders as elements; the HTML stays text.
      const bubble = page.getByTestId(`message-${match.messageId}`);
      await page.getByTestId("message-list").evaluate((el) => (el.scrollTop = 0));
      await bubble.locator("strong", { hasText: "pedido" }).waitFor();
      await bubble.locator("em", { hasText: "atrasado" }).waitFor();
      await bubble.locator("s", { hasText: "ontem" }).waitFor();
      await bubble.locator("code", { hasText: "cod-99" }).waitFor();
      expect(await page.locator('[data-testid="message-list"] img[src="x"]').count()).toBe(0);
      await bubble.getByText("<img src=x onerror=alert(1)>").waitFor();

      // Accept (the only queue is already set) and answer: an "accepted" line; the tick follows the ack.
      await acceptOpenTicket(page);
      await page.getByTestId("event-line-open").waitFor();
      await page.getByTestId("composer-input").fill("Olá Ana, vou *verificar* agora.");
      await page.keyboard.press("Enter");
      const hook = await sink.next((r) => String(r.json.body ?? "").includes("verificar"), 30_000);
      await page.getByTestId("tickets-tab-open").click();
      const openItem = page.getByTestId(`ticket-item-${ticketId}`);
      await openItem.locator("strong", { hasText: "verificar" }).waitFor();
      await openItem.locator('[data-ack="2"]').waitFor();
      const ack = await server.request("/api/channels/api/updates", {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        json: { externalId: String(hook.json.messageId), type: "ack", ack: 3 },
      });
      expect(ack.status).toBe(200);
      await ack.body?.cancel();
      await openItem.locator('[data-ack="3"]').waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        if (w === 390) await page.getByTestId("tickets-narrow-list").click();
        await openItem.locator('[data-ack="3"]').waitFor();
        await screenshot(page, `tickets_conversation_list_preview_${w}`);
      }
      await atWidth(page, 1440);

      // The drawer's bot switch.
      await openItem.click();
      await page.getByTestId("ticket-view").waitFor();
      await page.getByRole("button", { name: "Contact details" }).click();
      await page.getByTestId("drawer-disable-bot").click();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="drawer-disable-bot"]')?.getAttribute("data-state") === "checked"
      );
      const contact = await (await server.request(`/api/tickets/${ticketId}`, { token: adminToken })).json();
      expect(contact.contact.disableBot).toBe(true);
      await screenshot(page, "tickets_conversation_drawer_bot_1440");
      await page.getByRole("button", { name: "Contact details" }).click();

      // Resolve: a "resolved by" line closes the conversation.
      await page.getByTestId("ticket-resolve").click();
      await page.getByTestId("close-without-farewell").click();
      await expectToast(page, "Conversation resolved.");
    } finally {
      await sink.close();
    }
  },
);
