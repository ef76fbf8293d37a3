/**
 * What a company sees of this round's Telegram rules: a plan without useTelegram offers no Telegram
 * connection; a contact who blocked the bot (Telegram's 403) wears an "Unreachable" badge in the
 * conversation header. Screenshots of the header at 1440, 1280 and 390 px.
 */
import { eq } from "drizzle-orm";
import { contacts, plans } from "@db/schema.ts";
import { createCompany } from "../_helpers/factories.ts";
import { startTelegramServer } from "../_helpers/telegram_server.ts";
import { browserTest, screenshot, settled, signIn } from "./_browser.ts";

const TOKEN = "7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0";
const tg = startTelegramServer();
tg.bots.set(TOKEN, { id: 7012345678, first_name: "Northwind Coffee", username: "northwind_coffee_bot" });

browserTest(
  "[e2e] telegram: the plan flag hides the channel; a contact who blocked the bot shows as unreachable",
  async ({ server, newPage }, t) => {
    try {
      const { company, admin } = await createCompany(server, { name: "Northwind Coffee" });
      // The connection is made through the API before the browser signs in (a login elsewhere
      // ends the user's older sessions).
      const login = await server.request("/api/auth/login", {
        method: "POST",
        json: { email: admin.email, password: admin.password },
      });
      const { token } = await login.json();
      const made = await server.request("/api/whatsapp", {
        method: "POST",
        token,
        json: { name: "Telegram", channel: "telegram", telegramToken: TOKEN },
      });
      const conn = await made.json();
      const { page } = await newPage();
      await signIn(page, admin);

      await t.step("without useTelegram the new-connection menu has no Telegram", async () => {
        await server.deps.database.write((tx) =>
          tx.update(plans).set({ useTelegram: false }).where(eq(plans.id, company.planId))
        );
        await page.goto("/connections");
        await page.getByTestId("connections-page").waitFor();
        await page.getByTestId("conn-add").click();
        await page.getByTestId("conn-add-api").waitFor();
        if (await page.getByTestId("conn-add-telegram").count()) throw new Error("Telegram offered");
        await page.keyboard.press("Escape");
        await server.deps.database.write((tx) =>
          tx.update(plans).set({ useTelegram: true }).where(eq(plans.id, company.planId))
        );
      });

      await t.step("a contact who blocked the bot wears the Unreachable badge", async () => {
        const secret = tg.webhooks.get(TOKEN)?.secret_token ?? "";
        const res = await fetch(`${server.url}/api/webhooks/telegram/${conn.id}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
          body: JSON.stringify({
            update_id: 800001,
            message: {
              message_id: 7,
              from: { id: 55502, is_bot: false, first_name: "Joana", last_name: "Lima" },
              chat: { id: 55502, first_name: "Joana", last_name: "Lima", type: "private" },
              date: Math.floor(Date.now() / 1000),
              text: "Vocês entregam no sábado?",
            },
          }),
        });
        await res.body?.cancel();
        await server.deps.database.write((tx) =>
          tx.update(contacts).set({ unreachableAt: new Date().toISOString() }).where(
            eq(contacts.number, "tg-55502"),
          )
        );
        await page.goto("/tickets");
        await page.getByTestId("page-tickets").waitFor();
        await page.getByTestId("tickets-tab-pending").click();
        const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Joana Lima" });
        await item.waitFor();
        await item.click();
        await page.getByTestId("ticket-contact-unreachable").getByText("Unreachable").waitFor();
        for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]] as const) {
          await page.setViewportSize({ width: w, height: h });
          await page.getByTestId("ticket-contact-unreachable").waitFor();
          await settled(page);
          await screenshot(page, `telegram_unreachable_${w}`);
        }
      });
    } finally {
      await tg.close();
    }
  },
  () => ({ env: { TELEGRAM_API_URL: tg.url } }),
);
