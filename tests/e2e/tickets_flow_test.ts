import { expect } from "expect";
import { login } from "../_helpers/factories.ts";
import { browserTest, expectToast, screenshot, signIn } from "./_browser.ts";
import { attendant, choose, customerWrites, PNG, setupInbox } from "./_inbox.ts";

browserTest(
  "[e2e] tickets: a customer's conversation from arrival to farewell",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, {
      queues: [{ name: "Sales", color: "#2563eb" }, { name: "Support", color: "#16a34a" }],
      complationMessage: "Thank you for contacting Northwind!",
    });
    const [sales, support] = inbox.queues;
    const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [sales.id, support.id] });
    const bruno = await attendant(server, inbox, {
      name: "Bruno Costa",
      queueIds: [support.id],
      allTicket: "disabled",
    });
    const qm = await server.request("/api/quick-messages", {
      method: "POST",
      token: inbox.adminToken,
      json: { shortcode: "hours", message: "We are open from 8am to 6pm, Monday to Friday.", geral: true },
    });
    expect(qm.status).toBe(201);
    const sink = inbox.sink;
    const toCustomer = (text: string) => (r: { json: Record<string, unknown> }) =>
      String(r.json.body ?? "").includes(text);

    try {
      const { page } = await newPage();
      await signIn(page, ana);
      await page.getByTestId("page-tickets").waitFor();
      await page.getByTestId("tickets-tab-pending").click();

      // A customer writes: the ticket arrives in the pending tab without a reload.
      const maria = { number: "5511987654321", name: "Maria Souza" };
      const { ticketId } = await customerWrites(
        server,
        inbox,
        maria,
        "Hello, I need help with my order #4521",
      );
      const item = page.getByTestId(`ticket-item-${ticketId}`);
      await item.waitFor();
      await item.getByText("Maria Souza").waitFor();
      // The notification chime plays (at the top bar's volume) for a new waiting ticket.
      await page.waitForFunction(() => Number(document.documentElement.dataset.notificationSounds ?? 0) > 0);

      // Accept: the ticket has no queue yet, so the dialog asks for one.
      await item.click();
      await page.getByTestId("ticket-view").waitFor();
      await page.getByText("Hello, I need help with my order #4521").waitFor();
      await page.getByTestId("ticket-accept").click();
      await page.getByTestId("accept-confirm").click();
      await page.getByText("Select a queue").waitFor();
      await choose(page, "accept-queue", "Sales");
      await page.getByTestId("accept-confirm").click();
      await page.getByTestId("composer-input").waitFor();
      await page.getByTestId("ticket-queue").filter({ hasText: "Sales" }).waitFor();

      // Reply with text.
      await page.getByTestId("composer-input").fill("Hi Maria, happy to help! Let me check order #4521.");
      await page.keyboard.press("Enter");
      await sink.next(toCustomer("happy to help"));

      // Reply with an image chosen in the file chooser, with a caption.
      const chooser = page.waitForEvent("filechooser");
      await page.getByTestId("composer-attach").click();
      await (await chooser).setFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
      await page.getByTestId("attachment-preview").waitFor();
      await page.getByTestId("attachment-caption").fill("Here is your receipt");
      await page.getByTestId("attachment-send").click();
      const image = await sink.next((r) =>
        (r.json.media as { mimetype?: string } | null)?.mimetype === "image/png"
      );
      expect(String(image.json.body)).toContain("Here is your receipt");
      await page.getByTestId("message-image").waitFor();

      // A quick answer through '/'.
      await page.getByTestId("composer-input").fill("/hou");
      await page.getByTestId("quick-answer-hours").click();
      await expect(page.getByTestId("composer-input").inputValue()).resolves.toBe(
        "We are open from 8am to 6pm, Monday to Friday.",
      );
      await page.getByTestId("composer-send").click();
      await sink.next(toCustomer("open from 8am to 6pm"));

      // A private note stays inside the team.
      await page.getByTestId("composer-private").click();
      await page.getByTestId("composer-input").fill("VIP customer, handle with care");
      await page.keyboard.press("Enter");
      await page.locator("[data-private]").filter({ hasText: "VIP customer, handle with care" }).waitFor();
      await page.getByTestId("composer-private").click();
      await screenshot(page, "tickets_conversation");

      // Bruno (Support only, no queue-less tickets) has nothing waiting yet.
      const { page: other } = await newPage();
      await signIn(other, bruno);
      await other.getByTestId("page-tickets").waitFor();
      await other.getByTestId("tickets-tab-pending").click();
      await other.getByText("Nobody is waiting").waitFor();

      // Ana transfers to Support: it arrives in Bruno's pending tab live.
      await page.getByTestId("ticket-more").click();
      await page.getByTestId("ticket-transfer").click();
      await choose(page, "transfer-queue", "Support");
      await page.getByTestId("transfer-confirm").click();
      await expectToast(page, "Conversation transferred.");
      const brunoItem = other.getByTestId(`ticket-item-${ticketId}`);
      await brunoItem.waitFor();
      await brunoItem.getByText("Support").waitFor();

      // Bruno accepts and resolves with the farewell, which the customer receives.
      await other.getByTestId(`ticket-accept-${ticketId}`).click();
      await other.getByTestId("ticket-resolve").waitFor();
      await other.getByTestId("ticket-resolve").click();
      await other.getByTestId("close-with-farewell").click();
      await expectToast(other, "Conversation resolved.");
      await sink.next(toCustomer("Thank you for contacting Northwind!"));

      // Nothing the customer received carries the private note.
      expect(sink.received.some(toCustomer("VIP customer"))).toBe(false);

      // Search covers message text by default: the (now resolved) ticket is found.
      await page.getByTestId("tickets-search").fill("receipt");
      await page.getByTestId("ticket-list-search").getByTestId(`ticket-item-${ticketId}`).waitFor();
    } finally {
      await sink.close();
    }
  },
);

browserTest(
  "[e2e] tickets: new ticket, and the notice when the contact is already served",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const [sales] = inbox.queues;
    const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [sales.id] });
    const bruno = await attendant(server, inbox, { name: "Bruno Costa", queueIds: [sales.id] });
    const brunoToken = (await login(server, bruno)).token;
    try {
      const maria = { number: "5511987654321", name: "Maria Souza" };
      const { ticketId } = await customerWrites(server, inbox, maria, "Hello?");
      const taken = await server.request(`/api/tickets/${ticketId}`, {
        method: "PUT",
        token: brunoToken,
        json: { status: "open", userId: bruno.user.id, queueId: sales.id },
      });
      expect(taken.status).toBe(200);
      const lucas = await server.request("/api/contacts", {
        method: "POST",
        token: inbox.adminToken,
        json: { name: "Lucas Martins", number: "5541954321098" },
      });
      expect(lucas.status).toBe(201);

      const { page } = await newPage();
      await signIn(page, ana);
      await page.getByTestId("tickets-new").click();
      await page.getByTestId("new-ticket-submit").click();
      await page.getByText("Select a contact").waitFor();
      await page.getByTestId("new-ticket-contact").fill("Mar");
      await page.getByTestId("new-ticket-contact-results").getByText("Maria Souza").click();
      await choose(page, "new-ticket-queue", "Sales");
      await page.getByTestId("new-ticket-submit").click();
      await page.getByTestId("already-open").getByText(/Bruno Costa.*Sales/).waitFor();
      await page.getByRole("button", { name: "Close" }).first().click();

      await page.getByTestId("tickets-new").click();
      await page.getByTestId("new-ticket-contact").fill("Lucas");
      await page.getByTestId("new-ticket-contact-results").getByText("Lucas Martins").click();
      await choose(page, "new-ticket-queue", "Sales");
      await page.getByTestId("new-ticket-submit").click();
      await page.getByTestId("ticket-contact-name").filter({ hasText: "Lucas Martins" }).waitFor();
      await page.getByTestId("composer-input").fill("Hi Lucas, following up on your quote.");
      await page.keyboard.press("Enter");
      await inbox.sink.next((r) => String(r.json.body ?? "").includes("following up on your quote"));
    } finally {
      await inbox.sink.close();
    }
  },
);
