/**
 * Ticket tags and contact tags read as two things: on a phone (390 px) an attendant tags a ticket
 * from the header's ⋮ menu and creates a tag while tagging (a refused name shows the server's
 * reason); at 1440 the drawer shows the ticket's tags and the contact's under their own headings;
 * the Tags page counts tickets and contacts apart.
 */
import { expect } from "expect";
import { and, eq } from "drizzle-orm";
import { tags, tickets, ticketTags } from "@db/schema.ts";
import { atWidth, browserTest, shot, signIn } from "./_browser.ts";
import { customerWrites } from "./_inbox.ts";
import { openAndAccept, salesWithAna } from "./_tickets.ts";
import type { TestServer } from "../_helpers/test_app.ts";

async function call(server: TestServer, token: string, method: string, path: string, json?: unknown) {
  const res = await server.request(path, { method, token, json });
  const body = res.status === 204 ? null : await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

browserTest(
  "[e2e] tags apart: tag a ticket on a phone and create a tag while tagging; the drawer and the Tags page tell ticket and contact tags apart",
  async ({ server, newPage }, t) => {
    const { inbox, ana } = await salesWithAna(server);
    try {
      const { ticketId } = await customerWrites(
        server,
        inbox,
        { number: "5511987651234", name: "Marta Souza" },
        "Oi, preciso de ajuda",
      );
      const tag = (name: string, color: string) =>
        call(server, inbox.adminToken, "POST", "/api/tags", { name, color, kanban: 0 });
      const vip = await tag("VIP", "#7c3aed");
      const wholesale = await tag("Atacado", "#0891b2");
      const [ticket] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
      await call(server, inbox.adminToken, "POST", "/api/tags/sync", {
        contactId: ticket.contactId,
        tags: [{ id: wholesale.id }],
      });

      const { page } = await newPage();
      await signIn(page, ana);
      await t.step("the list: a contact tag is an outlined chip, apart from ticket tags", async () => {
        await page.goto("/tickets");
        await page.getByTestId("tickets-tab-pending").click();
        const item = page.getByTestId(`ticket-item-${ticketId}`);
        await item.locator('[data-kind="contact"]').getByText("Atacado", { exact: true }).waitFor();
        await shot(page, "tags_apart_1440_list_contact_tag");
      });
      await atWidth(page, 390);
      await openAndAccept(page, ticketId);

      await t.step("390: the ⋮ menu tags the ticket; a tag is created while tagging", async () => {
        await page.getByTestId("ticket-more").click();
        await page.getByTestId("ticket-menu-tags").click();
        const dialog = page.getByTestId("ticket-tags-dialog");
        await dialog.waitFor();
        await page.getByTestId(`ticket-tags-dialog-option-${vip.id}`).click();
        await dialog.getByTestId(`ticket-tag-${vip.id}`).waitFor();
        // A name the server refuses (over 60 characters): its reason, in the picker.
        await page.getByTestId("ticket-tags-dialog-search").fill("X".repeat(61));
        await page.getByTestId("ticket-tags-dialog-create").click();
        await page.getByTestId("ticket-tags-dialog-error").getByText("at most 60").waitFor();
        await shot(page, "tags_apart_390_error");
        await page.getByTestId("ticket-tags-dialog-search").fill("Urgente");
        const create = page.getByTestId("ticket-tags-dialog-create");
        await create.getByText("Create tag “Urgente”").waitFor();
        await shot(page, "tags_apart_390_create");
        await create.click();
        await dialog.getByText("Urgente", { exact: true }).first().waitFor();
        await expect(page.getByTestId("ticket-tags-dialog-error").count()).resolves.toBe(0);
        await shot(page, "tags_apart_390_dialog");
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });

        const [urgent] = await server.deps.db.select().from(tags)
          .where(and(eq(tags.companyId, inbox.companyId), eq(tags.name, "Urgente")));
        expect(urgent.kanban).toBe(0);
        expect(urgent.userId).toBe(ana.user.id);
        const links = await server.deps.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId));
        expect(links.map((l) => l.tagId).sort()).toEqual([vip.id, urgent.id].sort());

        // The drawer, over the conversation: the two kinds under their own headings.
        await page.getByTestId("ticket-contact-name").click();
        const drawer = page.getByTestId("contact-drawer");
        await drawer.getByTestId("drawer-ticket-tags").getByText("Urgente").waitFor();
        await drawer.getByTestId("contact-tags").getByText("Atacado").waitFor();
        await shot(page, "tags_apart_390_drawer");
      });

      await t.step("1440: the drawer shows ticket tags and contact tags apart", async () => {
        await atWidth(page, 1440);
        await page.goto(`/tickets/${ticketId}`);
        await page.getByTestId("ticket-header").waitFor();
        // The list: the ticket's own tags solid, first; the contact's (outlined) behind "+1".
        const item = page.getByTestId(`ticket-item-${ticketId}`);
        await item.getByText("VIP", { exact: true }).waitFor();
        await item.getByText("+1", { exact: true }).waitFor();
        await shot(page, "tags_apart_1440_list");
        await page.getByTestId("ticket-drawer-toggle").click();
        const drawer = page.getByTestId("contact-drawer");
        const ticketBox = drawer.getByTestId("drawer-ticket-tags");
        const contactBox = drawer.getByTestId("contact-tags");
        await drawer.getByText("Ticket tags", { exact: true }).waitFor();
        await drawer.getByText("Contact tags", { exact: true }).waitFor();
        await ticketBox.getByText("VIP", { exact: true }).waitFor();
        await ticketBox.getByText("Urgente", { exact: true }).waitFor();
        expect(await ticketBox.getByText("Atacado").count()).toBe(0);
        await contactBox.getByText("Atacado", { exact: true }).waitFor();
        expect(await contactBox.getByText("VIP").count()).toBe(0);
        expect(await drawer.getByText("No tags on this contact").count()).toBe(0);
        await shot(page, "tags_apart_1440_drawer");
        // The header's tag button (wide screens) opens the same panel in a popover.
        await page.getByTestId("ticket-tags").click();
        await page.getByTestId("ticket-tags-search").fill("Retorno");
        await page.getByTestId("ticket-tags-create").getByText("Create tag “Retorno”").waitFor();
        await shot(page, "tags_apart_1440_header_picker");
        await page.keyboard.press("Escape");
        await atWidth(page, 1280);
        await shot(page, "tags_apart_1280_drawer");
      });

      await t.step("the contact page: contact tags, and each conversation's ticket tags", async () => {
        await page.goto(`/contacts/${ticket.contactId}`);
        const card = page.getByTestId("contact-page");
        await card.getByText("Contact tags", { exact: true }).waitFor();
        await page.getByTestId("contact-tags").getByText("Atacado").waitFor();
        const row = page.getByTestId(`contact-ticket-tags-${ticketId}`);
        await row.getByText("VIP", { exact: true }).waitFor();
        await row.getByText("Urgente", { exact: true }).waitFor();
        await shot(page, "tags_apart_1440_contact_page");
        await atWidth(page, 1280);
        await shot(page, "tags_apart_1280_contact_page");
        await atWidth(page, 390);
        await row.waitFor();
        await shot(page, "tags_apart_390_contact_page");
      });

      await t.step("the Tags page counts tickets and contacts apart", async () => {
        await atWidth(page, 1440);
        await page.goto("/tags");
        await page.getByTestId("tags-table").waitFor();
        await expect(page.getByTestId(`tag-tickets-${vip.id}`).textContent()).resolves.toBe("1");
        await expect(page.getByTestId(`tag-contacts-${vip.id}`).textContent()).resolves.toBe("0");
        await expect(page.getByTestId(`tag-tickets-${wholesale.id}`).textContent()).resolves.toBe("0");
        await expect(page.getByTestId(`tag-contacts-${wholesale.id}`).textContent()).resolves.toBe("1");
        await page.getByTestId("tags-table").getByText("Tickets", { exact: true }).waitFor();
        await page.getByTestId("tags-table").getByText("Contacts", { exact: true }).waitFor();
        await shot(page, "tags_apart_1440_tags_page");
        await atWidth(page, 1280);
        await shot(page, "tags_apart_1280_tags_page");
        await atWidth(page, 390);
        await page.getByTestId(`tag-tickets-${vip.id}`).waitFor();
        await shot(page, "tags_apart_390_tags_page");
      });
    } finally {
      await inbox.sink.close();
    }
  },
);
