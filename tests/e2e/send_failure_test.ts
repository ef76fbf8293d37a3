import { expect } from "expect";
import { eq, like } from "drizzle-orm";
import { jobs, messages } from "@db/schema.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { waitUntil } from "../_helpers/watchdog.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";
import { attendant, customerWrites, setupInbox } from "./_inbox.ts";
import { acceptOpenTicket } from "./_tickets.ts";

browserTest(
  "[e2e] a message the provider did not deliver shows why, live, and is sent again from the bubble",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [inbox.queues[0].id] });
    try {
      const { ticketId } = await customerWrites(
        server,
        inbox,
        { number: "5511987654321", name: "Maria" },
        "Hi!",
      );
      const { page } = await newPage();
      await signIn(page, ana);
      await page.getByTestId("page-tickets").waitFor();
      await page.goto(`/tickets/${ticketId}`);
      await page.getByTestId("ticket-view").waitFor();
      await acceptOpenTicket(page);

      // The integrator's endpoint refuses every delivery: the job gives up.
      inbox.sink.status = 503;
      await page.getByTestId("composer-input").fill("Your order ships today");
      await page.keyboard.press("Enter");
      // The message list, not the composer (it may still hold the text for a moment).
      await page.getByTestId("message-list").getByText("Your order ships today").waitFor();
      // The attendant's signature is on by default: "*Ana Lima:*\nYour order ships today".
      const row = await waitUntil("the message is stored", async () => {
        const [row] = await server.deps.db.select().from(messages).where(
          like(messages.body, "%Your order ships today"),
        );
        return row;
      });
      await server.deps.database.write((tx) =>
        tx.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.name, "channels.api.deliver"))
      );
      await runDueJobs(server.deps);

      // The bubble says so without a reload, with the reason.
      const failure = page.getByTestId(`message-failed-${row.id}`);
      await failure.waitFor();
      await failure.getByText("Not delivered").waitFor();
      await failure.getByText(/webhook answered 503/).waitFor();
      for (const width of [1440, 1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshot(page, `send_failure_${width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // Send again: the failure goes away and the customer gets it.
      inbox.sink.status = 200;
      await failure.getByRole("button", { name: "Send again" }).click();
      await failure.waitFor({ state: "detached" });
      await runDueJobs(server.deps);
      const got = await inbox.sink.next((r) => String(r.json.body).endsWith("Your order ships today"));
      expect(got.json.messageId).not.toBe(row.wid);
    } finally {
      await inbox.sink.close();
    }
  },
);
