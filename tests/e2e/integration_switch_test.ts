/**
 * The conversation's integration switch in the browser: a connection's bot (a local n8n-style
 * webhook) answers a customer; the admin turns the bot off in the conversation's menu, the
 * customer writes and gets no bot reply; turned on again, the bot answers the next message. The
 * menu with the switch is looked at in 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { atWidth, browserTest, expectToast, screenshot, settled, signIn, WIDTHS } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";
import { type Providers, startProviders } from "../integrations/_providers.ts";

let providers: Providers | null = null;

browserTest(
  "[e2e] integration switch: off, the customer gets no bot reply; on, the bot answers",
  async ({ server, newPage }) => {
    const p = providers!;
    const inbox = await setupInbox(server, { queues: [] });
    const sink = inbox.sink;
    const to = (number: string, pred: (b: string) => boolean) =>
      sink.next(
        (r) => (r.json.to as { number?: string })?.number === number && pred(String(r.json.body)),
        30_000,
      );
    try {
      // Set up through the API before the browser signs in (a login ends the older session).
      const bot = await server.request("/api/queueIntegration", {
        method: "POST",
        token: inbox.adminToken,
        json: { type: "n8n", name: "Robô", urlN8N: `${p.url}/n8n/x` },
      });
      expect(bot.status).toBe(201);
      const put = await server.request(`/api/whatsapp/${inbox.connId}`, {
        method: "PUT",
        token: inbox.adminToken,
        json: { integrationId: (await bot.json()).id },
      });
      expect(put.status).toBe(200);

      const customer = { number: "5511988880001", name: "Maria" };
      const first = await customerWrites(server, inbox, customer, "oi");
      await to(customer.number, (b) => b === "n8n recebeu: oi");

      const { page } = await newPage();
      await signIn(page, inbox.admin);
      await page.goto(`/tickets/${first.ticketId}`);
      await page.getByTestId("ticket-view").waitFor();

      const openMenu = async () => {
        await page.getByTestId("ticket-more").click();
        await page.getByTestId("ticket-integration-switch").waitFor();
      };
      await openMenu();
      expect(await page.getByTestId("ticket-integration-switch").getAttribute("aria-checked")).toBe("true");
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await settled(page);
        await screenshot(page, `integration_switch_on_${w}`);
      }
      await atWidth(page, 1440);

      // Off: the customer's next message reaches no bot.
      await page.getByTestId("ticket-integration-switch").click();
      await expectToast(page, "Bot turned off for this conversation.");
      await customerWrites(server, inbox, customer, "ainda aí?");
      await page.getByTestId("ticket-view").getByText("ainda aí?").waitFor();
      expect(p.hitsTo("/n8n/x").length).toBe(1);
      await openMenu();
      expect(await page.getByTestId("ticket-integration-switch").getAttribute("aria-checked")).toBe("false");
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await settled(page);
        await screenshot(page, `integration_switch_off_${w}`);
      }
      await atWidth(page, 1440);

      // On: the bot answers the next message.
      await page.getByTestId("ticket-integration-switch").click();
      await expectToast(page, "Bot turned on: it answers the customer's next message.");
      await customerWrites(server, inbox, customer, "voltei");
      await to(customer.number, (b) => b === "n8n recebeu: voltei");
      await page.getByTestId("ticket-view").getByText("n8n recebeu: voltei").waitFor();
      expect(p.hitsTo("/n8n/x").length).toBe(2);
      await screenshot(page, "integration_switch_bot_back_1440");
    } finally {
      await sink.close();
      await p.close();
      providers = null;
    }
  },
  () => {
    providers = startProviders();
    return {};
  },
);
