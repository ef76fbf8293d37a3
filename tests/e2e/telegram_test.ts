/**
 * Telegram as a company uses it: the admin adds the bot in the Connections dialog (only the
 * BotFather token; Atende checks it and registers the webhook with the local Bot API server), a
 * customer's photo arrives through the real webhook endpoint (over HTTP, with the registered
 * secret), the attendant accepts the ticket and replies, and the Bot API server receives the
 * sendMessage. Screenshots of the dialog and the conversation at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { createCompany, createQueue, createUser, login } from "../_helpers/factories.ts";
import { eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { startTelegramServer } from "../_helpers/telegram_server.ts";
import { browserTest, screenshot, settled, signIn } from "./_browser.ts";
import { choose, PNG } from "./_inbox.ts";

const TOKEN = "7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0";
const tg = startTelegramServer();
tg.bots.set(TOKEN, { id: 7012345678, first_name: "Northwind Coffee", username: "northwind_coffee_bot" });
// The customer's photo (a small image the browser can draw; Telegram names photos .jpg).
tg.files.set("AgACAgEAAxkBAAIBZ2d", { path: "photos/file_7.jpg", bytes: new Uint8Array(PNG) });

const SIZES = [[1440, 900], [1280, 800], [390, 844]] as const;

browserTest(
  "[e2e] telegram: connect a bot, a customer's photo arrives, the attendant's reply reaches the Bot API",
  async ({ server, newPage }, t) => {
    try {
      const { company, admin } = await createCompany(server, { name: "Northwind Coffee" });
      await createQueue(server, company.id, { name: "Pedidos", color: "#b45309" });
      const { page } = await newPage();
      await signIn(page, admin);
      let connId = 0;
      let secret = "";

      await t.step("the Connections dialog adds the bot by its token", async () => {
        await page.goto("/connections");
        await page.getByTestId("connections-page").waitFor();
        await page.getByTestId("conn-add").click();
        await page.getByTestId("conn-add-telegram").click();
        await page.getByTestId("conn-name").fill("Telegram");
        await page.getByTestId("conn-telegram-token").fill("not-a-token");
        await page.getByTestId("connection-save").click();
        await page.getByText("Not a BotFather token").waitFor();
        await page.getByTestId("conn-telegram-token").fill(TOKEN);
        for (const [w, h] of SIZES) {
          await page.setViewportSize({ width: w, height: h });
          await settled(page);
          await screenshot(page, `telegram_dialog_${w}`);
        }
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.getByTestId("connection-save").click();
        const row = page.locator('[data-testid^="conn-row-"]').filter({ hasText: "@northwind_coffee_bot" });
        await row.waitFor();
        connId = Number((await row.getAttribute("data-testid"))!.replace("conn-row-", ""));
        await page.locator(`[data-testid="conn-row-${connId}"][data-status="CONNECTED"]`).waitFor();
        secret = tg.webhooks.get(TOKEN)?.secret_token ?? "";
        expect(secret).not.toBe("");
        expect(tg.webhooks.get(TOKEN)?.url).toMatch(new RegExp(`/api/webhooks/telegram/${connId}$`));
        // The edit dialog shows the bot's name and t.me link.
        await page.getByTestId(`conn-edit-${connId}`).click();
        await page.getByTestId("conn-telegram-bot").getByText("t.me/northwind_coffee_bot").waitFor();
        for (const [w, h] of SIZES) {
          await page.setViewportSize({ width: w, height: h });
          await settled(page);
          await screenshot(page, `telegram_dialog_bot_${w}`);
        }
        await page.keyboard.press("Escape");
        await page.setViewportSize({ width: 1440, height: 900 });
      });

      await t.step("a customer's photo arrives through the webhook", async () => {
        await page.goto("/tickets");
        await page.getByTestId("page-tickets").waitFor();
        await page.getByTestId("tickets-tab-pending").click();
        const res = await fetch(`${server.url}/api/webhooks/telegram/${connId}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
          body: JSON.stringify({
            update_id: 700001,
            message: {
              message_id: 41,
              from: {
                id: 55501,
                is_bot: false,
                first_name: "Maria",
                last_name: "Souza",
                language_code: "pt-br",
              },
              chat: { id: 55501, first_name: "Maria", last_name: "Souza", type: "private" },
              date: Math.floor(Date.now() / 1000),
              photo: [
                {
                  file_id: "AgACAgEAAxkBAAIBZ2c",
                  file_unique_id: "AQADs",
                  file_size: 900,
                  width: 90,
                  height: 67,
                },
                {
                  file_id: "AgACAgEAAxkBAAIBZ2d",
                  file_unique_id: "AQADm",
                  file_size: 9000,
                  width: 320,
                  height: 240,
                },
              ],
              caption: "Meu pedido chegou assim",
            },
          }),
        });
        expect(res.status).toBe(200);
        await res.body?.cancel();
        const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Maria Souza" });
        await item.waitFor();
        await item.click();
        await page.getByTestId("ticket-view").waitFor();
        await page.getByTestId("message-image").waitFor();
      });

      await t.step("the attendant accepts and replies; the Bot API receives sendMessage", async () => {
        await page.getByTestId("ticket-accept").click();
        await page.getByTestId("accept-confirm").or(page.getByTestId("composer-input")).first().waitFor();
        if (await page.getByTestId("accept-confirm").isVisible()) {
          if (await page.getByTestId("accept-queue").isVisible()) {
            await choose(page, "accept-queue", "Pedidos");
          }
          await page.getByTestId("accept-confirm").click();
        }
        await page.getByTestId("composer-input").waitFor();
        const sent = tg.next("sendMessage");
        await page.getByTestId("composer-input").fill("Sinto muito, Maria! Vamos trocar hoje.");
        await page.keyboard.press("Enter");
        const call = await sent;
        expect(call.params.chat_id).toBe("55501");
        expect(String(call.params.text)).toContain("Sinto muito, Maria! Vamos trocar hoje.");
        await page.getByTestId("message-list").getByText("Sinto muito, Maria! Vamos trocar hoje.").waitFor();
      });

      await t.step(
        "a list goes out as an inline keyboard; Maria's tap comes back into the ticket",
        async () => {
          // Sent through the endpoint of the composer's buttons dialog.
          // A second admin (a login as the same user would end the browser's session).
          const { token } = await login(
            server,
            await createUser(server, company.id, { profile: "admin", name: "Bia" }),
          );
          const [ticket] = await server.deps.db.select().from(tickets).where(
            eq(tickets.companyId, company.id),
          );
          const ticketId = ticket.id;
          const sent = tg.next("sendMessage");
          const res = await server.request(`/api/messages/lista/${ticketId}`, {
            method: "POST",
            token,
            json: {
              title: "Troca",
              text: "Como prefere receber o novo pedido?",
              buttonText: "Escolher",
              sections: [{
                title: "",
                rows: [{ id: "motoboy", title: "Motoboy hoje" }, { id: "loja", title: "Retirar na loja" }],
              }],
            },
          });
          expect(res.status).toBeLessThan(300);
          await res.body?.cancel();
          const call = await sent;
          expect(call.params.reply_markup).toBeTruthy();
          const keyboardId = call.result!.message_id!;
          const tap = await fetch(`${server.url}/api/webhooks/telegram/${connId}`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
            body: JSON.stringify({
              update_id: 700002,
              callback_query: {
                id: "4382000000000000001",
                from: { id: 55501, is_bot: false, first_name: "Maria", last_name: "Souza" },
                message: {
                  message_id: keyboardId,
                  from: {
                    id: 7012345678,
                    is_bot: true,
                    first_name: "Northwind Coffee",
                    username: "northwind_coffee_bot",
                  },
                  chat: { id: 55501, first_name: "Maria", type: "private" },
                  date: Math.floor(Date.now() / 1000),
                  text: call.params.text,
                  reply_markup: call.params.reply_markup,
                },
                chat_instance: "-1200000000000000001",
                data: "loja",
              },
            }),
          });
          expect(tap.status).toBe(200);
          await tap.body?.cancel();
          // Maria's answer: a message of hers quoting the list.
          const answer = page.locator('[data-testid^="message-"]').filter({ hasText: "Retirar na loja" })
            .last();
          await answer.waitFor();
          for (const [w, h] of SIZES) {
            await page.setViewportSize({ width: w, height: h });
            await answer.scrollIntoViewIfNeeded();
            await settled(page);
            await screenshot(page, `telegram_ticket_${w}`);
          }
        },
      );
    } finally {
      await tg.close();
    }
  },
  () => ({ env: { TELEGRAM_API_URL: tg.url } }),
);
