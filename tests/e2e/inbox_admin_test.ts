import { Buffer } from "node:buffer";
import { expect } from "expect";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { browserTest, expectToast, screenshot, signIn } from "./_browser.ts";

browserTest("[e2e] contacts: add, edit, search, block and delete", async ({ server, newPage }) => {
  const { admin } = await createCompany(server, { name: "Northwind Support" });
  const { page } = await newPage();
  await signIn(page, admin);
  await page.goto("/contacts");
  await page.getByTestId("contacts-page").waitFor();
  await page.getByText("No contacts yet").waitFor();

  await page.getByTestId("contact-add").click();
  await page.getByTestId("contact-save").click();
  await page.getByText("Required").first().waitFor();
  await page.locator("#contact-name").fill("Maria Souza");
  await page.locator("#contact-number").fill("+55 (11) 98765-4321");
  await page.locator("#contact-email").fill("maria@example.com");
  await page.getByTestId("contact-save").click();
  await expectToast(page, "Contact saved successfully.");
  const row = page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: "Maria Souza" });
  // Numbers are shown formatted for their country.
  await row.filter({ hasText: "+55 11 98765 4321" }).waitFor();

  await row.locator('[data-testid^="contact-edit-"]').click();
  await page.locator("#contact-name").waitFor();
  await expect(page.locator("#contact-name").inputValue()).resolves.toBe("Maria Souza");
  await page.locator("#contact-name").fill("Maria Souza Lima");
  await page.getByTestId("contact-save").click();
  await expectToast(page, "Contact saved successfully.");
  await page.locator("tr").filter({ hasText: "Maria Souza Lima" }).waitFor();

  await page.locator("tr").filter({ hasText: "Maria Souza Lima" }).locator('[data-testid^="contact-block-"]')
    .click();
  await expectToast(page, "Contact blocked");
  await page.locator("tr").filter({ hasText: "Maria Souza Lima" }).getByText("Blocked").waitFor();
  await screenshot(page, "contacts");

  await page.getByTestId("contacts-search").fill("nobody-here");
  await page.getByText("No contacts found").waitFor();
  await page.getByTestId("contacts-search").fill("");
  await page.locator("tr").filter({ hasText: "Maria Souza Lima" }).locator('[data-testid^="contact-delete-"]')
    .click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expectToast(page, "Contact deleted successfully.");
  await page.locator("tr").filter({ hasText: "Maria Souza Lima" }).waitFor({ state: "detached" });
});

browserTest("[e2e] quick replies: create with a file, edit, delete", async ({ server, newPage }) => {
  const { admin } = await createCompany(server);
  const { page } = await newPage();
  await signIn(page, admin);
  await page.goto("/quick-messages");
  await page.getByTestId("quick-messages-page").waitFor();

  await page.getByTestId("qm-add").click();
  await page.getByTestId("qm-save").click();
  await page.getByText("Required").waitFor();
  await page.locator("#qm-shortcode").fill("hours");
  await page.locator("#qm-message").fill("We are open from 8am to 6pm.");
  await page.getByTestId("qm-file").setInputFiles({
    name: "opening hours.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Mon-Fri 8-18"),
  });
  await page.getByTestId("qm-geral").click();
  await page.getByTestId("qm-save").click();
  await expectToast(page, "Quick reply saved.");
  const row = page.locator('tr[data-testid^="qm-row-"]').filter({ hasText: "/hours" });
  await row.getByText("opening_hours.txt").waitFor();
  await row.getByTestId("qm-shared").waitFor();

  await page.getByTestId("qm-add").click();
  await page.locator("#qm-shortcode").fill("thanks");
  await page.locator("#qm-message").fill("Thank you for your message!");
  await page.getByTestId("qm-save").click();
  await expectToast(page, "Quick reply saved.");
  const thanks = page.locator("tr").filter({ hasText: "/thanks" });
  await thanks.getByText("no attachment").waitFor();
  await screenshot(page, "quick_messages");

  await thanks.locator('[data-testid^="qm-edit-"]').click();
  await page.locator("#qm-shortcode").fill("thankyou");
  await page.getByTestId("qm-save").click();
  await expectToast(page, "Quick reply saved.");
  await page.locator("tr").filter({ hasText: "/thankyou" }).waitFor();

  await page.locator("tr").filter({ hasText: "/thankyou" }).locator('[data-testid^="qm-delete-"]').click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expectToast(page, "Quick reply deleted.");
  await page.locator("tr").filter({ hasText: "/thankyou" }).waitFor({ state: "detached" });
});

browserTest("[e2e] tags: create, validate, edit, contacts dialog, delete", async ({ server, newPage }) => {
  const { company, admin } = await createCompany(server);
  // API calls go through a second admin: logging the browser's user in again would revoke its session.
  const helper = await createUser(server, company.id, { profile: "admin" });
  const { token } = await login(server, helper);
  const contact = await server.request("/api/contacts", {
    method: "POST",
    token,
    json: { name: "Lucas Martins", number: "5541954321098" },
  }).then((r) => r.json());
  const { page } = await newPage();
  await signIn(page, admin);
  await page.goto("/tags");
  await page.getByTestId("tags-page").waitFor();

  await page.getByTestId("tag-add").click();
  await page.locator("#tag-name").fill("VI");
  await page.getByTestId("tag-save").click();
  await page.getByText("Message too short").waitFor();
  await page.locator("#tag-name").fill("VIP");
  await page.getByTestId("tag-save").click();
  await expectToast(page, "Tag saved successfully.");
  const row = page.locator('tr[data-testid^="tag-row-"]').filter({ hasText: "VIP" });
  await row.waitFor();
  const tagId = Number((await row.getAttribute("data-testid"))!.replace("tag-row-", ""));

  // A contact carries the tag (through the API the inbox uses); the dialog lists and removes it.
  const sync = await server.request("/api/tags/sync", {
    method: "POST",
    token,
    json: { contactId: contact.id, tags: [{ id: tagId }] },
  });
  expect(sync.status).toBe(200);
  await page.reload();
  await page.getByTestId(`tag-contacts-${tagId}`).filter({ hasText: "1" }).waitFor();
  await page.getByTestId(`tag-contacts-${tagId}`).click();
  await page.getByTestId("tag-contacts").getByText("Lucas Martins").waitFor();
  await screenshot(page, "tags_contacts");
  await page.getByTestId(`tag-contact-remove-${contact.id}`).click();
  await expectToast(page, "Tag removed from the contact.");
  await page.getByText("No contact carries this tag").waitFor();
  await page.keyboard.press("Escape");

  await page.getByTestId(`tag-edit-${tagId}`).click();
  await page.locator("#tag-name").fill("VIP customers");
  await page.getByTestId("tag-save").click();
  await expectToast(page, "Tag saved successfully.");
  await page.locator("tr").filter({ hasText: "VIP customers" }).waitFor();
  await screenshot(page, "tags");
  await page.getByTestId(`tag-delete-${tagId}`).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expectToast(page, "Tag deleted successfully.");
  await page.locator("tr").filter({ hasText: "VIP customers" }).waitFor({ state: "detached" });
});
