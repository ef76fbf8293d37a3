/**
 * The composer's richer messages: a list and a PIX charge from the rich-message form, a photo from
 * the (fake) camera, and a contact card, each checked in the conversation and at the customer's
 * webhook. Screenshots at 1440, 1280 and 390 px.
 */
import { expect } from "expect";
import { atWidth, browserTest, shot, signIn, WIDTHS } from "./_browser.ts";
import { choose, customerWrites } from "./_inbox.ts";
import { openAndAccept, salesWithAna } from "./_tickets.ts";

browserTest(
  "[e2e] tickets composer: a list, a PIX charge, a camera photo and a contact card",
  async ({ server, newPage }) => {
    const { inbox, ana } = await salesWithAna(server);
    try {
      await customerWrites(server, inbox, { number: "5511987650009", name: "Joana Prado" }, "oi");
      const { ticketId } = await customerWrites(
        server,
        inbox,
        { number: "5511987650003", name: "Carlos Dias" },
        "Quero pedir",
      );
      const { page } = await newPage({ permissions: ["camera"] });
      await signIn(page, ana);
      await openAndAccept(page, ticketId);
      const list = page.getByTestId("message-list");

      // A list message.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-rich").click();
      await page.getByTestId("rich-form").waitFor();
      await page.getByTestId("rich-title").fill("Cardápio");
      await page.getByTestId("rich-text").fill("Escolha sua pizza");
      await page.getByTestId("rich-buttonText").fill("Ver opções");
      await page.getByTestId("rich-sectionTitle").fill("Pizzas");
      await page.getByTestId("rich-row-title-0").fill("Calabresa");
      await page.getByTestId("rich-add-row").click();
      await page.getByTestId("rich-row-title-1").fill("Mussarela");
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await shot(page, `tickets_composer_rich_list_${width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId("rich-send").click();
      await page.getByTestId("rich-form").waitFor({ state: "detached" });
      await list.getByText("Calabresa", { exact: false }).waitFor();
      const listHook = await inbox.sink.next(
        (r) => (r.json.rich as { kind?: string } | null)?.kind === "lista",
      );
      expect(String(listHook.json.body)).toContain("1. Calabresa");

      // A PIX charge: a PHONE key gets +55.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-rich").click();
      await choose(page, "rich-kind", "PIX");
      await page.getByTestId("rich-sendvalue").fill("49,90");
      await page.getByTestId("rich-sendmerchant_name").fill("Pizzaria Roma");
      await choose(page, "rich-keytype", "Phone");
      await page.getByTestId("rich-sendKey").fill("11999998888");
      await shot(page, "tickets_composer_rich_pix_1440");
      await page.getByTestId("rich-send").click();
      const pix = await inbox.sink.next(
        (r) => (r.json.rich as { kind?: string } | null)?.kind === "PIX",
      );
      expect((pix.json.rich as { data: { sendKey: string } }).data.sendKey).toBe("+5511999998888");
      await list.getByText("Pizzaria Roma").waitFor();

      // A photo from the (fake) camera, sent as an image.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-camera").click();
      const capture = page.getByTestId("camera-capture");
      await expect(capture.isEnabled()).resolves.toBeDefined();
      await page.waitForFunction(() => {
        const v = document.querySelector('[data-testid="camera-video"]') as HTMLVideoElement | null;
        return !!v && v.videoWidth > 0;
      });
      await shot(page, "tickets_composer_camera_live_1440");
      await capture.click();
      await page.getByTestId("camera-photo").waitFor();
      await page.getByTestId("camera-send").click();
      const photo = await inbox.sink.next((r) => {
        const m = r.json.media as { mimetype?: string } | null;
        return !!m && m.mimetype === "image/jpeg";
      });
      // No signature-only caption on a photo sent without one.
      expect(photo.json.body).toBe("");

      // A contact card.
      await page.getByTestId("composer-more").click();
      await page.getByTestId("composer-menu-contact").click();
      await page.getByTestId("contact-share-search").fill("Joana");
      await page.getByTestId("contact-share-search-results").getByText("Joana Prado").click();
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, "tickets_composer_contact_share_390");
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId("contact-share-send").click();
      await list.getByTestId("message-vcard").getByText("Joana Prado").waitFor();
      const card = await inbox.sink.next((r) => String(r.json.body).startsWith("BEGIN:VCARD"));
      expect(String(card.json.body)).toContain("TEL;type=CELL;waid=5511987650009:+5511987650009");
      await shot(page, "tickets_composer_composer_sent_1440");
    } finally {
      await inbox.sink.close();
    }
  },
  {},
  { args: ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"] },
);
