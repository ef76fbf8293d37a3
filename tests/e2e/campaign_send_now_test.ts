/**
 * Campaigns at 1440: an empty Start says the campaign stays inactive; "Send now" on a campaign
 * whose list is empty explains why nothing starts; "Send now" on one with contacts starts it at
 * once, and the contacts it creates carry the list's names, not bare numbers.
 */
import { expect } from "expect";
import { contactListItems, contactLists } from "@db/schema.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { createCampaign, setCampaignSettings } from "../campaigns/_support.ts";
import { atWidth, browserTest, expectToast, screenshot, settled, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] campaigns: send now starts at once; nothing to send is explained; created contacts keep the list's names",
  async ({ server, newPage }) => {
    const sink = startWebhookSink();
    try {
      const a = await createTenant(server, { webhook: sink, user: false });
      await setCampaignSettings(server, a.adminToken, {
        messageInterval: 0.05,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: "00:00",
        endHour: "23:59",
        sabado: true,
        domingo: true,
      });
      const [full, empty] = await server.deps.database.write(async (tx) => {
        const [full] = await tx.insert(contactLists).values({ companyId: a.company.id, name: "VIPs" })
          .returning();
        const [empty] = await tx.insert(contactLists).values({ companyId: a.company.id, name: "Vazia" })
          .returning();
        await tx.insert(contactListItems).values([
          { companyId: a.company.id, contactListId: full.id, name: "Marta Souza", number: "5511977770001" },
          { companyId: a.company.id, contactListId: full.id, name: "João Lima", number: "5511977770002" },
        ]);
        return [full, empty];
      });
      const body = { message1: "Oi {nome}", whatsappId: a.conn.id };
      const idle = await createCampaign(server, a.adminToken, {
        name: "Sem ninguém",
        contactListId: empty.id,
        ...body,
      });
      const promo = await createCampaign(server, a.adminToken, {
        name: "Promo VIP",
        contactListId: full.id,
        ...body,
      });

      const { page } = await newPage();
      await signIn(page, a.admin);
      await page.goto("/campaigns");
      await page.getByTestId(`campaign-status-${promo.id}`).waitFor();

      // An empty Start says what it means.
      await page.getByTestId(`campaign-edit-${idle.id}`).click();
      await page.getByText("Empty: the campaign stays inactive until you use Send now.").waitFor();
      await settled(page);
      await screenshot(page, "campaign_start_hint_1440");
      for (const w of [1280, 390]) {
        await atWidth(page, w);
        await settled(page);
        await screenshot(page, `campaign_start_hint_${w}`);
      }
      await atWidth(page, 1440);
      await page.keyboard.press("Escape");

      // Nothing to send: the reason, and the campaign stays as it was.
      await page.getByTestId(`campaign-start-${idle.id}`).click();
      await expectToast(page, "the chosen list or tag has no contacts to write to");
      await settled(page);
      await screenshot(page, "campaign_nothing_to_send_1440");
      expect(await page.getByTestId(`campaign-status-${idle.id}`).innerText()).toBe("Inactive");

      // Send now: running at once, then finished once both are sent.
      await page.getByTestId(`campaign-start-${promo.id}`).click();
      await expectToast(page, "Campaign started.");
      await page.getByTestId(`campaign-status-${promo.id}`).filter({ hasText: /Running|Finished/ })
        .waitFor();
      await page.getByTestId(`campaign-status-${promo.id}`).filter({ hasText: "Finished" }).waitFor();
      // "Finished" means both shipments were handed over; the webhook deliveries are jobs of their own.
      for (const number of ["5511977770001", "5511977770002"]) {
        await sink.next((r) => JSON.stringify(r.json).includes(number));
      }
      expect(sink.received.length).toBe(2);
      for (const w of WIDTHS) {
        await atWidth(page, w);
        await settled(page);
        await screenshot(page, `campaigns_send_now_${w}`);
      }
      await atWidth(page, 1440);

      // The contacts the shipments created carry the list's names.
      await page.goto("/contacts");
      await page.getByTestId("contacts-page").getByText("Marta Souza").waitFor();
      await page.getByTestId("contacts-page").getByText("João Lima").waitFor();
      await screenshot(page, "campaign_contacts_named_1440");
    } finally {
      await sink.close();
    }
  },
);
