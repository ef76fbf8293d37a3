/** Internal chat: two users chat, with the menu's unread dot, the top bar's count and live delivery. */
import { expect } from "expect";
import { createCompany, createUser } from "../_helpers/factories.ts";
import { browserTest, screenshot, signIn } from "./_browser.ts";

browserTest("[e2e] chats: two users chat with unread dots and live delivery", async ({ server, newPage }) => {
  const { company, admin } = await createCompany(server, { name: "Team Co" });
  const bruna = await createUser(server, company.id, { name: "Bruna" });

  const a = await newPage();
  await signIn(a.page, admin);
  const b = await newPage();
  await signIn(b.page, bruna);
  expect(await b.page.getByTestId("nav-chats-dot").count()).toBe(0);

  // The admin starts a chat with Bruna.
  await a.page.goto("/chats");
  await a.page.getByTestId("chat-new").click();
  await a.page.locator("#chat-title").fill("Weekend shift");
  await a.page.getByTestId("chat-users").getByText("Bruna").click();
  await a.page.getByTestId("chat-save").click();
  await a.page.getByTestId("chat-title").filter({ hasText: "Weekend shift" }).waitFor();
  await a.page.getByTestId("chat-input").fill("Can you cover Saturday?");
  await a.page.getByTestId("chat-send").click();
  await a.page.getByTestId("chat-messages").getByText("Can you cover Saturday?").waitFor();

  // Bruna, elsewhere in the app: the dot and the top bar count arrive live.
  await b.page.getByTestId("nav-chats-dot").waitFor();
  await b.page.getByTestId("chats-button").getByTestId("unread-count").filter({ hasText: "1" }).waitFor();
  await screenshot(b.page, "chats_unread_topbar");
  await b.page.getByTestId("chats-button").click();
  await b.page.getByTestId("chats-button-list").getByText("Weekend shift").click();
  await b.page.getByTestId("chat-messages").getByText("Can you cover Saturday?").waitFor();
  // Opened: read, so the dot goes away.
  await b.page.getByTestId("nav-chats-dot").waitFor({ state: "detached" });

  // Bruna answers; the admin's open conversation shows it live.
  await b.page.getByTestId("chat-input").fill("Sure, I will.");
  await b.page.getByTestId("chat-send").click();
  await a.page.getByTestId("chat-messages").getByText("Sure, I will.").waitFor();
  await screenshot(a.page, "chats_1440");
  await a.page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(a.page, "chats_1280");
  // Only the owner edits or deletes.
  expect(await b.page.getByTestId("chat-edit").count()).toBe(0);
  await a.page.getByTestId("chat-edit").waitFor();
  await b.page.setViewportSize({ width: 390, height: 844 });
  await b.page.getByTestId("chat-tab-messages").waitFor();
  await screenshot(b.page, "chats_390");
});
