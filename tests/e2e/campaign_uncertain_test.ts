/**
 * A campaign report after a crash left a shipment uncertain (handed to the Cloud API just before the
 * server died, not resent — tests/crash/kill9_cloud_api_test.ts makes one for real): the "Uncertain" count,
 * the note that says what it means, the row's status, in the user's language; the message bubble in
 * the conversation says it may not have arrived. Screenshots at 1440, 1280 and 390 px go to
 * /tmp/shots.
 */
import {
  campaigns,
  campaignShippings,
  contactListItems,
  contactLists,
  contacts,
  messages,
  tickets,
} from "@db/schema.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { metaConnection } from "../channels/meta/_support.ts";
import { browserTest, shot, signIn, WIDTHS } from "./_browser.ts";

browserTest(
  "[e2e] campaigns: an uncertain shipment is counted and explained in the report",
  async ({ server, newPage }, t) => {
    const a = await createTenant(server, { user: false, plan: { useCampaigns: true } });
    const companyId = a.company.id;
    const conn = await metaConnection(server, companyId, "whatsappapi");
    const now = new Date().toISOString();
    const { campaignId, ticketUuid } = await server.deps.database.write(async (tx) => {
      const [list] = await tx.insert(contactLists).values({ companyId, name: "Clientes" }).returning();
      const items = await tx.insert(contactListItems).values([
        { companyId, contactListId: list.id, name: "Ana", number: "5511911110001" },
        { companyId, contactListId: list.id, name: "Bruno", number: "5511911110002" },
      ]).returning();
      const [c] = await tx.insert(campaigns).values({
        companyId,
        name: "Black Friday",
        message1: "Oferta de hoje",
        contactListId: list.id,
        whatsappId: conn.id,
        status: "FINALIZADA",
        scheduledAt: now,
        completedAt: now,
      }).returning();
      await tx.insert(campaignShippings).values([
        {
          companyId,
          campaignId: c.id,
          contactListItemId: items[0].id,
          number: items[0].number,
          message: "Oferta de hoje",
          status: "delivered",
          deliveredAt: now,
        },
        {
          companyId,
          campaignId: c.id,
          contactListItemId: items[1].id,
          number: items[1].number,
          message: "Oferta de hoje",
          status: "uncertain",
          lastError: "ERR_SEND_UNCERTAIN",
        },
      ]);
      // Bruno's conversation holds the campaign message that may not have arrived.
      const [bruno] = await tx.insert(contacts).values({
        companyId,
        name: "Bruno",
        number: items[1].number,
        channel: "whatsappapi",
      }).returning();
      const [tk] = await tx.insert(tickets).values({
        companyId,
        contactId: bruno.id,
        whatsappId: conn.id,
        status: "open",
        userId: a.admin.user.id,
        channel: "whatsappapi",
        lastMessage: "Oferta de hoje",
      }).returning();
      await tx.insert(messages).values({
        companyId,
        wid: "3EB0AAAAAAAAAAAAAAAAAA",
        ticketId: tk.id,
        contactId: bruno.id,
        body: "Oferta de hoje",
        fromMe: true,
        read: true,
        channel: "whatsappapi",
        sendError: "ERR_SEND_UNCERTAIN",
        handedAt: now,
        createdAt: now,
      });
      return { campaignId: c.id, ticketUuid: tk.uuid };
    });

    const { page } = await newPage({ locale: "pt-BR" });
    await signIn(page, a.admin);

    await t.step("the report counts it and says what it means", async () => {
      await page.goto(`/campaign/${campaignId}/report`);
      await page.getByTestId("count-uncertain").getByText("1", { exact: true }).waitFor();
      await page.getByTestId("count-delivered").getByText("1", { exact: true }).waitFor();
      await page.getByTestId("uncertain-note").getByText("ela não foi enviada de novo").waitFor();
      await page.getByTestId("shipment-5511911110002").getByText("Incerto").waitFor();
      await page.getByTestId("report-bar").and(page.locator('[style*="width: 100%"]')).waitFor();
      for (const w of WIDTHS) {
        await page.setViewportSize({ width: w, height: w === 390 ? 844 : 900 });
        await shot(page, `campaign_uncertain_report_${w}`);
      }
    });

    await t.step("the message bubble says it may not have arrived", async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/tickets/${ticketUuid}`);
      await page.getByText("Pode não ter chegado").waitFor();
      await shot(page, "campaign_uncertain_bubble_1440");
    });
  },
);
