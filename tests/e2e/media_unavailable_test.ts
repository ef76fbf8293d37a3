/**
 * The bubble of a customer's message whose media could not be fetched on arrival: a placeholder
 * while the media job retries, "Media unavailable" with the provider's link once it gives up, and
 * the picture itself when a later try gets it — each live, without a reload. The job queue is
 * driven by the test (no scheduler), so nothing waits on time.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { jobs } from "@db/schema.ts";
import { MEDIA_FETCH_JOB } from "@/inbox/media_job.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import type { TestServer } from "../_helpers/test_app.ts";
import { browserTest, expectCount, shot, signIn, WIDTHS } from "./_browser.ts";
import { attendant, PNG, setupInbox } from "./_inbox.ts";

/** The customer's file host: every path answers 404 until the test makes it available. */
function fileHost() {
  const ready = new Set<string>();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (!ready.has(path)) return new Response("gone", { status: 404 });
    return new Response(PNG, { headers: { "content-type": "image/png" } });
  });
  return { base: `http://127.0.0.1:${server.addr.port}`, ready, close: () => server.shutdown() };
}

/** Runs the media job of one message now; `last` makes this try its final one. */
async function retryNow(server: TestServer, messageId: number, o: { last?: boolean } = {}) {
  const job = (await server.deps.db.select().from(jobs).where(eq(jobs.name, MEDIA_FETCH_JOB)))
    .find((j) => (j.payload as { messageId: number }).messageId === messageId)!;
  await server.deps.database.write((tx) =>
    tx.update(jobs).set({
      runAt: new Date(Date.now() - 1000).toISOString(),
      ...(o.last ? { maxAttempts: job.attempts + 1 } : {}),
    }).where(eq(jobs.id, job.id))
  );
  await runDueJobs(server.deps);
}

browserTest(
  "[e2e] a message whose media cannot be fetched: placeholder, then 'Media unavailable' with its link, or the picture when it arrives",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [inbox.queues[0].id] });
    const files = fileHost();
    try {
      const write = async (externalId: string, body: string, path: string) => {
        const res = await server.request("/api/channels/api/messages", {
          method: "POST",
          headers: { authorization: `Bearer ${inbox.connToken}` },
          json: {
            externalId,
            from: { number: "5511987654321", name: "Maria" },
            body,
            media: { url: `${files.base}${path}`, mimetype: "image/png", filename: "receipt.png" },
          },
        });
        expect(res.status).toBe(200);
        const r = await res.json();
        expect(r.mediaStatus).toBe("pending");
        return r as { ticketId: number; messageId: number };
      };
      const late = await write("e2e-media-late", "Here is the receipt", "/late.png");
      const gone = await write("e2e-media-gone", "And my story", "/story.png");
      expect(gone.ticketId).toBe(late.ticketId);

      const { page } = await newPage();
      await signIn(page, ana);
      await page.getByTestId("page-tickets").waitFor();
      await page.goto(`/tickets/${late.ticketId}`);
      await page.getByTestId("ticket-view").waitFor();
      const list = page.getByTestId("message-list");
      await list.getByText("Here is the receipt").waitFor();
      await expectCount(list.getByTestId("message-media-pending"), 2);
      await list.getByText("Loading media…").first().waitFor();
      await shot(page, "media_pending_1440");

      // The story's link never answers: after its last try the bubble says so, live, with the link.
      await retryNow(server, gone.messageId, { last: true });
      const unavailable = list.getByTestId("message-media-unavailable");
      await unavailable.waitFor();
      await unavailable.getByText("Media unavailable").waitFor();
      const link = unavailable.getByTestId("message-media-link");
      expect(await link.getAttribute("href")).toBe(`${files.base}/story.png`);
      expect(await link.getAttribute("target")).toBe("_blank");
      await list.getByText("And my story").waitFor();

      // The receipt's host answers again: the next try fills the bubble in with the picture.
      files.ready.add("/late.png");
      await retryNow(server, late.messageId);
      await list.getByTestId("message-image").waitFor();
      await expectCount(list.getByTestId("message-media-pending"), 0);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>("[data-testid=message-image]")]
          .every((img) => img.complete && img.naturalWidth > 0)
      );

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await unavailable.scrollIntoViewIfNeeded();
        await shot(page, `media_unavailable_${width}`);
      }
    } finally {
      await files.close();
      await inbox.sink.close();
    }
  },
  { scheduler: false },
);
