/**
 * Kanban: a card dragged between lanes moves live in a second browser; the keyboard moves it too;
 * a lane made in /TagsKanban with a timer moves a card once when its time is up.
 */
import { expect } from "expect";
import { and, eq } from "drizzle-orm";
import { jobs, tags, ticketTags } from "@db/schema.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { LANE_TIMER_JOB } from "@/kanban/lanes.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { waitUntil } from "../_helpers/watchdog.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";

async function lane(server: Parameters<typeof setupInbox>[0], token: string, json: Record<string, unknown>) {
  const res = await server.request("/api/tags", { method: "POST", token, json: { kanban: 1, ...json } });
  const body = await res.json();
  expect(res.status).toBe(201);
  return body as { id: number; name: string };
}

browserTest(
  "[e2e] kanban: drag a card between lanes and see it move live elsewhere",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const agent = await createUser(server, inbox.companyId, {
      name: "Carla",
      queueIds: [inbox.queues[0].id],
    });
    const lead = await lane(server, inbox.adminToken, { name: "Lead", color: "#0891b2" });
    const proposal = await lane(server, inbox.adminToken, { name: "Proposal", color: "#7c3aed" });
    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511922220001", name: "Dora Deal" },
      "price?",
    );

    const a = await newPage();
    await signIn(a.page, inbox.admin);
    await a.page.goto("/kanban");
    const b = await newPage();
    await signIn(b.page, agent);
    await b.page.goto("/kanban");
    const card = (p: typeof a.page, laneId: number | "default") =>
      p.getByTestId(`kanban-lane-${laneId}`).getByTestId(`kanban-card-${ticketId}`);
    await card(a.page, "default").waitFor();
    await card(b.page, "default").waitFor();

    await card(a.page, "default").dragTo(a.page.getByTestId(`kanban-lane-${lead.id}`));
    await card(a.page, lead.id).waitFor();
    await card(b.page, lead.id).waitFor();

    // The keyboard: focus the card, → moves it to the next lane.
    await card(a.page, lead.id).focus();
    await a.page.keyboard.press("ArrowRight");
    await card(a.page, proposal.id).waitFor();
    await card(b.page, proposal.id).waitFor();
    const links = await server.deps.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId));
    expect(links.map((l) => l.tagId)).toEqual([proposal.id]);

    await screenshot(a.page, "kanban_1440");
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(a.page, "kanban_1280");
    await a.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(a.page, "kanban_390");
  },
);

browserTest(
  "[e2e] kanban: a lane made on /TagsKanban moves a card once when its timer is up",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    await lane(server, inbox.adminToken, {
      name: "Follow-up",
      color: "#d97706",
      greetingMessageLane: "Any questions about our offer?",
    });
    const { ticketId } = await customerWrites(
      server,
      inbox,
      { number: "5511922220002", name: "Eva Timer" },
      "hello",
    );
    const { page } = await newPage();
    await signIn(page, inbox.admin);
    await page.goto("/TagsKanban");
    await page.getByTestId("lane-add").click();
    await page.locator("#tag-name").fill("Offer sent");
    await page.getByTestId("lane-time").fill("2");
    await page.getByTestId("lane-next").selectOption({ label: "Follow-up" });
    await page.getByTestId("tag-save").click();
    await page.getByTestId("lanes-table").getByText("Offer sent").waitFor();
    await screenshot(page, "lanes_1440");
    await page.getByTestId(
      `lane-edit-${(await server.deps.db.select().from(tags).where(eq(tags.name, "Offer sent")))[0].id}`,
    )
      .click();
    await page.getByTestId("lane-next").waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "lanes_dialog_390");
    await page.keyboard.press("Escape");
    await screenshot(page, "lanes_390");
    await page.setViewportSize({ width: 1440, height: 900 });
    const [offer] = await server.deps.db.select().from(tags).where(
      and(eq(tags.companyId, inbox.companyId), eq(tags.name, "Offer sent")),
    );
    expect(offer.timeLane).toBe(2);

    // Our reply is the last message; the ticket enters the lane from the conversation's drawer.
    const token =
      (await login(server, await createUser(server, inbox.companyId, { profile: "admin" }))).token;
    await server.request(`/api/tickets/${ticketId}`, { method: "PUT", token, json: { status: "open" } });
    const sent = await server.request(`/api/messages/${ticketId}`, {
      method: "POST",
      token,
      json: { body: "Offer attached" },
    });
    expect(sent.status).toBe(201);
    await page.goto("/kanban");
    await page.getByTestId(`kanban-lane-default`).getByTestId(`kanban-card-${ticketId}`).dragTo(
      page.getByTestId(`kanban-lane-${offer.id}`),
    );
    await page.getByTestId(`kanban-lane-${offer.id}`).getByTestId(`kanban-card-${ticketId}`).waitFor();

    // Two hours later: the link and its job are dated back (the handler re-checks the lane's time
    // against the link), then the job queue runs.
    // The card moves on drop, before the server's answer: wait for the move's timer job itself.
    const job = await waitUntil(
      "the lane's timer job",
      async () => (await server.deps.db.select().from(jobs).where(eq(jobs.name, LANE_TIMER_JOB)))[0],
    );
    const since = new Date(Date.now() - 2 * 3600_000 - 1000).toISOString();
    await server.deps.database.write(async (tx) => {
      await tx.update(ticketTags).set({ createdAt: since }).where(
        and(eq(ticketTags.ticketId, ticketId), eq(ticketTags.tagId, offer.id)),
      );
      await tx.update(jobs).set({
        runAt: new Date(0).toISOString(),
        payload: { ...(job.payload as object), since },
      }).where(eq(jobs.id, job.id));
    });
    await runDueJobs(server.deps);
    await runDueJobs(server.deps);
    const followUpId = (await server.deps.db.select().from(tags).where(
      and(eq(tags.companyId, inbox.companyId), eq(tags.name, "Follow-up")),
    ))[0].id;
    await page.getByTestId(`kanban-lane-${followUpId}`).getByTestId(`kanban-card-${ticketId}`).waitFor();
    const greeting = () =>
      inbox.sink.received.filter((r) => r.json.body === "Any questions about our offer?").length;
    await inbox.sink.next((r) => r.json.body === "Any questions about our offer?", 30_000);
    expect(greeting()).toBe(1);
    const [after] = await server.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after.status).toBe("done");
  },
);
