/**
 * A long customer message arrives live in the open conversation: its socket frame carries only a
 * preview, and the bubble fetches and shows the whole text (its last words are on screen).
 */
import { expect } from "expect";
import { browserTest, shot, signIn, WIDTHS } from "./_browser.ts";
import { attendant, setupInbox } from "./_inbox.ts";

browserTest(
  "[e2e] a long message that arrives live shows its whole text, not the socket's preview",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [inbox.queues[0].id] });
    try {
      const write = async (externalId: string, body: string) => {
        const res = await server.request("/api/channels/api/messages", {
          method: "POST",
          headers: { authorization: `Bearer ${inbox.connToken}` },
          json: { externalId, from: { number: "5511987654321", name: "Maria" }, body },
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { ticketId: number; messageId: number };
      };
      const first = await write("e2e-long-1", "Hello, a question about my order");

      const { page } = await newPage();
      await signIn(page, ana);
      await page.getByTestId("page-tickets").waitFor();
      await page.goto(`/tickets/${first.ticketId}`);
      await page.getByTestId("ticket-view").waitFor();
      const list = page.getByTestId("message-list");
      await list.getByText("Hello, a question about my order").waitFor();

      // 60 KB of text while the conversation is open: the frame brings the first 2,000 characters.
      const long = "Order details: " + "lorem ipsum dolor sit amet ".repeat(2300) + "THE END OF THE LETTER";
      const sent = await write("e2e-long-2", long);
      const bubble = list.getByTestId(`message-${sent.messageId}`);
      await bubble.getByText("THE END OF THE LETTER").waitFor();
      await expect(bubble.getByTestId("message-preview").count()).resolves.toBe(0);

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `long_message_${width}`);
      }
    } finally {
      await inbox.sink.close();
    }
  },
);
