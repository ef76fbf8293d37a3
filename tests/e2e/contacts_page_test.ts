/**
 * A contact's own page, at 1440, 1280 and 390 px: the number as its country writes it, the extra
 * info, the contact's conversations (with how each ended), and starting a new one from there.
 */
import { expect } from "expect";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { atWidth, browserTest, screenshot, signIn, WIDTHS } from "./_browser.ts";
import { waitUntil } from "../_helpers/watchdog.ts";

browserTest(
  "[e2e] contacts: a contact's page — its conversations, extra info, and starting one",
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
      const ticket = await waitUntil("the ticket enters the connection's only queue", async () => {
        const t = await (await server.request(`/api/tickets/${ticketId}`, { token })).json();
        return t.queueId === queue.id ? t : null;
      });
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
      await row.getByTestId("contact-ticket-closed").getByText(/Resolved by Carla Dias/).waitFor();
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await page.getByTestId("contact-page").waitFor();
        await screenshot(page, `contact_page_${w}`);
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
