/**
 * Issue 21 in the browser, at 1440, 1280 and 390 px: an empty company's first steps, the token of
 * a new api connection (shown once, copy, rotate), WhatsApp formatting without HTML injection, the
 * preview's tick following the ack live, no bot icon without a bot, the accepted/resolved lines,
 * message search by default with the match highlighted and the conversation scrolled to it, and
 * the drawer's bot switch.
 */
import { expect } from "expect";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { atWidth, browserTest, expectToast, screenshot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] inbox polish: from an empty company to a searched, resolved conversation",
  async ({ server, newPage }) => {
    const sink = startWebhookSink();
    try {
      const { company, admin } = await createCompany(server, { name: "Polish Co" });
      const { page } = await newPage();
      await signIn(page, admin);

      // An empty company: the inbox shows the three first steps; /connections guides to a first one.
      await page.goto("/tickets");
      for (const w of WIDTHS) {
        await atWidth(page, w);
        if (w === 390) await page.getByTestId("first-steps").first().waitFor();
        else await page.getByTestId("tickets-welcome").getByTestId("first-steps").waitFor();
        await screenshot(page, `polish_first_steps_${w}`);
      }
      await atWidth(page, 1440);
      await page.getByRole("link", { name: /Go to connections/ }).first().click();
      await page.getByTestId("connections-empty").waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await page.getByTestId("connections-empty").waitFor();
        await screenshot(page, `polish_connections_empty_${w}`);
      }

      // A new api connection: its token is shown once, with a copy button.
      await atWidth(page, 1440);
      await page.getByTestId("connections-empty").getByTestId("conn-add-empty").click();
      await page.getByTestId("conn-add-api").click();
      await page.getByTestId("conn-name").fill("Site chat");
      await page.getByTestId("conn-webhook").fill(sink.url);
      await page.getByTestId("connection-save").click();
      await page.getByTestId("token-reveal").waitFor();
      const first = await page.getByTestId("token-reveal-value").inputValue();
      expect(first).toMatch(/^[A-Za-z0-9]{30}$/);
      await page.getByTestId("token-reveal-copy").waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await screenshot(page, `polish_token_reveal_${w}`);
      }
      await atWidth(page, 1440);
      await page.getByTestId("token-reveal-done").click();
      await page.getByTestId("token-reveal").waitFor({ state: "detached" });

      // Rotate it from the edit dialog: the old token stops working.
      const row = page.locator('tr[data-testid^="conn-row-"]').filter({ hasText: "Site chat" });
      await row.locator('[data-testid^="conn-edit-"]').click();
      expect(await page.getByTestId("conn-token").inputValue()).toBe(first);
      await page.getByTestId("conn-token-rotate").click();
      await page.getByTestId("confirm-dialog-confirm").click();
      await expectToast(page, "New token generated");
      await page.waitForFunction(
        (old) => (document.querySelector('[data-testid="conn-token"]') as HTMLInputElement)?.value !== old,
        first,
      );
      const token = await page.getByTestId("conn-token").inputValue();
      expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
      await screenshot(page, "polish_token_rotated_1440");
      await page.getByRole("button", { name: "Cancel" }).click();
      const stale = await server.request("/api/channels/api/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${first}` },
        json: { externalId: "stale-1", from: { number: "5511955550000" }, body: "oi" },
      });
      expect(stale.status).toBe(401);
      await stale.body?.cancel();

      // One queue, so the conversation needs no menu (and no bot handles it).
      const queue = await createQueue(server, company.id, { name: "Support", color: "#16a34a" });
      // Another admin for the API calls: a login of the same user would end the browser's session.
      const adminToken =
        (await login(server, await createUser(server, company.id, { profile: "admin" }))).token;
      const conns = await (await server.request("/api/whatsapp", { token: adminToken })).json();
      const put = await server.request(`/api/whatsapp/${conns[0].id}`, {
        method: "PUT",
        token: adminToken,
        json: { queueIds: [queue.id] },
      });
      expect(put.status).toBe(200);
      await put.body?.cancel();

      let n = 0;
      const says = async (body: string) => {
        const res = await server.request("/api/channels/api/messages", {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          json: { externalId: `polish-${++n}`, from: { number: "5511987650000", name: "Ana Ribeiro" }, body },
        });
        expect(res.status).toBe(200);
        return await res.json() as { ticketId: number; messageId: number };
      };
      const match = await says(
        "Meu *pedido* 4471 está _atrasado_ ~ontem~ ```cod-99``` <img src=x onerror=alert(1)>",
      );
      for (let i = 0; i < 30; i++) await says(`Mensagem de teste número ${i}`);
      const ticketId = match.ticketId;

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
      await page.getByTestId("ticket-accept").click();
      const confirm = page.getByTestId("accept-confirm");
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
      await page.getByTestId("composer-input").waitFor();
      await page.getByTestId("event-line-open").waitFor();
      await page.getByTestId("composer-input").fill("Olá Ana, vou *verificar* agora.");
      await page.keyboard.press("Enter");
      const hook = await sink.next((r) => String(r.json.body ?? "").includes("verificar"));
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
        await screenshot(page, `polish_list_preview_${w}`);
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
      await screenshot(page, "polish_drawer_bot_1440");
      await page.getByRole("button", { name: "Contact details" }).click();

      // Resolve: a "resolved by" line closes the conversation.
      await page.getByTestId("ticket-resolve").click();
      await page.getByTestId("close-without-farewell").click();
      await expectToast(page, "Conversation resolved.");

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
      await screenshot(page, "polish_search_opened_1440");
      await page.getByTestId("event-line-closed").scrollIntoViewIfNeeded();
      await screenshot(page, "polish_event_lines_1440");
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
          await screenshot(page, "polish_search_opened_390");
          await narrowList.click();
        } else await opened();
        expect(await page.getByTestId("tickets-search").inputValue()).toBe("4471");
        await result.locator("mark", { hasText: "4471" }).waitFor();
        await screenshot(page, `polish_search_results_${w}`);
      }
      // After the tour a result opens again, at 1440 and on a phone.
      await result.click();
      await opened();
      await screenshot(page, "polish_search_reopened_1440");
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
      await screenshot(page, "polish_search_opened_1280");
    } finally {
      await sink.close();
    }
  },
);

browserTest(
  "[e2e] inbox polish: a new user's permission tab starts from the least",
  async ({ server, newPage }) => {
    const { company, admin } = await createCompany(server, { name: "Perm Co" });
    await createQueue(server, company.id, { name: "Sales", color: "#2563eb" });
    const { page } = await newPage();
    await signIn(page, admin);
    await page.goto("/users");
    for (const w of WIDTHS) {
      await atWidth(page, w);
      await page.getByTestId("user-add").click();
      await page.getByTestId("tab-permissions").click();
      for (
        const off of ["perm-allTicket", "perm-showDashboard", "perm-allowRealTime", "perm-allowConnections"]
      ) {
        expect(await page.getByTestId(off).getAttribute("data-state")).toBe("unchecked");
      }
      await screenshot(page, `polish_user_permissions_${w}`);
      await page.getByRole("button", { name: "Cancel" }).click();
    }
  },
);

browserTest(
  "[e2e] inbox polish: a contact's page — its conversations, tags, extra info, and starting one",
  async ({ server, newPage }) => {
    const sink = startWebhookSink();
    try {
      const { company, admin } = await createCompany(server, { name: "Contact Co" });
      const queue = await createQueue(server, company.id, { name: "Sales", color: "#2563eb" });
      const apiAdmin = await createUser(server, company.id, { profile: "admin", name: "Carla Dias" });
      const token = (await login(server, apiAdmin)).token;
      const conn = await (await server.request("/api/whatsapp", {
        method: "POST",
        token,
        json: { name: "Site chat", channel: "api", webhookUrl: sink.url, queueIds: [queue.id] },
      })).json();
      const says = async (externalId: string, body: string) => {
        const res = await server.request("/api/channels/api/messages", {
          method: "POST",
          headers: { authorization: `Bearer ${conn.token}` },
          json: { externalId, from: { number: "5511987654321", name: "Maria Souza" }, body },
        });
        expect(res.status).toBe(200);
        return await res.json() as { ticketId: number };
      };
      const { ticketId } = await says("c-1", "Preciso da *segunda via* do boleto");
      // The automation (the connection's only queue) runs after the answer: let it finish first, so
      // that the close below is the ticket's last word.
      let ticket = await (await server.request(`/api/tickets/${ticketId}`, { token })).json();
      for (let i = 0; i < 150 && ticket.queueId !== queue.id; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ticket = await (await server.request(`/api/tickets/${ticketId}`, { token })).json();
      }
      expect(ticket.queueId).toBe(queue.id);
      const contactId = ticket.contactId as number;
      const close = await server.request(`/api/tickets/${ticketId}`, {
        method: "PUT",
        token,
        json: { status: "closed" },
      });
      expect(close.status).toBe(200);
      await close.body?.cancel();
      const put = await server.request(`/api/contacts/${contactId}`, {
        method: "PUT",
        token,
        json: {
          name: "Maria Souza",
          number: "5511987654321",
          extraInfo: [{ name: "CPF", value: "123.456.789-00" }],
        },
      });
      expect(put.status).toBe(200);
      await put.body?.cancel();

      const { page } = await newPage();
      await signIn(page, admin);
      await page.goto("/contacts");
      await page.getByTestId(`contact-link-${contactId}`).click();
      await page.getByTestId("contact-page").waitFor();
      expect(await page.getByTestId("contact-number").textContent()).toBe("+55 11 98765 4321");
      await page.getByTestId("contact-extra").getByText("123.456.789-00").waitFor();
      const row = page.getByTestId(`contact-ticket-${ticketId}`);
      await row.locator("strong", { hasText: "segunda via" }).waitFor();
      await row.getByTestId("contact-ticket-closed").getByText(/Resolved by Carla Dias/).waitFor({
        timeout: 30_000,
      });
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await page.getByTestId("contact-page").waitFor();
        await screenshot(page, `polish_contact_page_${w}`);
      }

      // Start a conversation: the contact is already chosen; the only queue and connection too.
      await atWidth(page, 1440);
      await page.getByTestId("contact-start").click();
      await page.getByTestId("new-ticket-submit").click();
      await page.getByTestId("ticket-view").waitFor();
      await page.getByTestId("composer-input").waitFor();
      expect(page.url()).toMatch(/\/tickets\/[0-9a-f-]{36}$/);
    } finally {
      await sink.close();
    }
  },
);
