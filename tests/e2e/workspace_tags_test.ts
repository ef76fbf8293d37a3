/** Tagging from the conversation: a ticket tag picked in the header filters the list; a contact tag created in the drawer. */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { tags } from "@db/schema.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";
import { customerWrites, setupInbox } from "./_inbox.ts";

browserTest(
  "[e2e] tags: tag a ticket from the conversation and filter the list by it",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [{ name: "Sales", color: "#2563eb" }] });
    const { ticketId: tagged } = await customerWrites(server, inbox, {
      number: "5511911110001",
      name: "Ana Tagged",
    }, "hi");
    const { ticketId: other } = await customerWrites(server, inbox, {
      number: "5511911110002",
      name: "Bruno Other",
    }, "hello");
    const res = await server.request("/api/tags", {
      method: "POST",
      token: inbox.adminToken,
      json: { name: "Priority", color: "#dc2626" },
    });
    const tag = await res.json();
    expect(res.status).toBe(201);

    const { page } = await newPage();
    await signIn(page, inbox.admin);
    await page.goto(`/tickets/${tagged}`);
    await page.getByTestId("ticket-header").waitFor();
    await page.getByTestId("ticket-tags").click();
    await page.getByTestId(`ticket-tags-option-${tag.id}`).click();
    await page.keyboard.press("Escape");
    await page.getByTestId("tickets-tab-pending").click();
    const item = page.getByTestId(`ticket-item-${tagged}`);
    await item.getByText("Priority").waitFor();
    await page.getByTestId(`ticket-item-${other}`).waitFor();

    // The list's tag filter.
    await page.getByTestId("tickets-filters").click();
    await page.getByRole("dialog").getByText("Priority", { exact: true }).click();
    await page.keyboard.press("Escape");
    await page.getByTestId(`ticket-item-${other}`).waitFor({ state: "detached" });
    await item.waitFor();
    await screenshot(page, "tags_ticket_filtered");

    // The contact's tags: a new one typed in the drawer's picker.
    await page.getByTestId("ticket-drawer-toggle").click();
    await page.getByTestId("contact-tags-picker").click();
    await page.getByTestId("contact-tags-picker-search").fill("Wholesale");
    await page.getByTestId("contact-tags-picker-create").click();
    await page.getByTestId("contact-tags").getByText("Wholesale").waitFor();
    await page.keyboard.press("Escape");
    await screenshot(page, "tags_contact_drawer");
    // (The browser's login revoked the set-up token: read the rows.)
    const rows = await server.deps.db.select().from(tags).where(eq(tags.companyId, inbox.companyId));
    expect(rows.map((x) => x.name).sort()).toEqual(["Priority", "Wholesale"]);
  },
);
