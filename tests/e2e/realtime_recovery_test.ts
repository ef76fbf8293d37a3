import { expect } from "expect";
import { waitUntil } from "../_helpers/watchdog.ts";
import { browserTest, LONG_WORK_MS, signIn } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";

browserTest(
  "[e2e] realtime: a page whose socket the server sheds reconnects by itself and shows what it missed",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const hub = server.deps.hub;
    const maria = { number: "5511987650001", name: "Maria Souza" };
    const { ticketId } = await customerWrites(server, inbox, maria, "Hello, is anyone there?");

    const { page } = await newPage();
    await signIn(page, inbox.admin);
    await page.getByTestId("page-tickets").waitFor();
    await page.getByTestId("tickets-tab-pending").click();
    await page.getByTestId(`ticket-item-${ticketId}`).click();
    await page.getByTestId("ticket-view").waitFor();
    const view = page.getByTestId("ticket-view");
    await view.getByText("Hello, is anyone there?").waitFor();
    // The page's socket is registered (the inbox is live).
    await waitUntil("the page opens its socket", () => hub.size > 0);

    // The server sheds the page's socket ("try again later") and, for now, refuses it back.
    hub.refuse(inbox.companyId, 120_000);
    expect(hub.shed(inbox.companyId, () => true)).toBe(1);
    expect(hub.size).toBe(0);

    // While it is away the customer writes again, and a new customer arrives.
    await customerWrites(server, inbox, maria, "I will wait for your answer");
    const joao = { number: "5511987650002", name: "João Pereira" };
    const second = await customerWrites(server, inbox, joao, "Good morning!");
    await server.deps.bus.drain();
    await hub.flushed();
    expect(hub.size).toBe(0); // nobody of the company heard those events

    // The server takes sockets again: the page comes back by itself and refetches what it shows.
    hub.refuse(inbox.companyId, 0);
    await view.getByText("I will wait for your answer").waitFor({ timeout: LONG_WORK_MS });
    await page.getByTestId(`ticket-item-${ticketId}`).getByTestId("ticket-last-message")
      .filter({ hasText: "I will wait for your answer" }).waitFor({ timeout: 30_000 });
    await page.getByTestId(`ticket-item-${second.ticketId}`).waitFor({ timeout: 30_000 });
    expect(hub.size).toBe(1);

    // And it is live again: the next message arrives over the socket.
    await customerWrites(server, inbox, maria, "Thanks!");
    await view.getByText("Thanks!").waitFor({ timeout: 30_000 });
  },
);
