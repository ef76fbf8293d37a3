import { expect } from "expect";
import { login } from "../_helpers/factories.ts";
import type { TestServer } from "../_helpers/test_app.ts";
import { browserTest, shot, signIn } from "./_browser.ts";
import { attendant, customerWrites, type Inbox, setupInbox } from "./_inbox.ts";

async function call(server: TestServer, token: string, method: string, path: string, json?: unknown) {
  const res = await server.request(path, { method, token, json });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A lived-in inbox: conversations in every state, tags, unread counts, a real back-and-forth. */
async function seed(server: TestServer, inbox: Inbox, adminId: number) {
  const [sales, support] = inbox.queues;
  const carla = await attendant(server, inbox, { name: "Carla Dias", queueIds: [sales.id, support.id] });
  const carlaToken = (await login(server, carla)).token;
  const token = inbox.adminToken;
  const vip = await call(server, token, "POST", "/api/tags", { name: "VIP", color: "#7c3aed" });
  const refund = await call(server, token, "POST", "/api/tags", { name: "Refund", color: "#dc2626" });
  const b2b = await call(server, token, "POST", "/api/tags", { name: "B2B", color: "#0891b2" });
  const people = [
    ["5511987654321", "Maria Souza", "Hi! My order #4521 arrived with a broken screen 😞"],
    ["5521976543210", "João Pereira", "Can I change the delivery address?"],
    ["5531965432109", "Fernanda Oliveira", "Do you have the blue model in size M?"],
    ["5541954321098", "Lucas Martins", "I'd like a quote for 50 units for my company"],
    ["5551943210987", "Patrícia Gomes", "Thanks, everything arrived fine!"],
    ["5561932109876", "Rafael Almeida", "Is the store open on Saturday?"],
    ["5571921098765", "Beatriz Rocha", "I still haven't received my refund"],
  ];
  const tickets: number[] = [];
  for (const [number, name, body] of people) {
    tickets.push((await customerWrites(server, inbox, { number, name }, body)).ticketId);
  }
  const accept = (tk: string, id: number, userId: number, queueId: number) =>
    call(server, tk, "PUT", `/api/tickets/${id}`, { status: "open", userId, queueId });
  const say = (tk: string, id: number, body: string) =>
    call(server, tk, "POST", `/api/messages/${id}`, { body });
  await accept(token, tickets[0], adminId, support.id);
  await say(token, tickets[0], "Hi Maria, I'm so sorry about that! Could you send me a photo of the screen?");
  await customerWrites(server, inbox, { number: "5511987654321", name: "Maria Souza" }, "Sure, one second");
  await customerWrites(
    server,
    inbox,
    { number: "5511987654321", name: "Maria Souza" },
    "Here it is. It cracked in the corner.",
  );
  await say(
    token,
    tickets[0],
    "Thank you. I've opened replacement request *RX-2291* — a new unit ships tomorrow.",
  );
  await call(server, token, "POST", `/api/messages/${tickets[0]}`, {
    body: "Customer prefers a replacement over a refund.",
    isPrivate: true,
  });
  await customerWrites(
    server,
    inbox,
    { number: "5511987654321", name: "Maria Souza" },
    "Perfect, thank you so much!",
  );
  await accept(token, tickets[3], adminId, sales.id);
  await say(token, tickets[3], "Hi Lucas! For 50 units we have a 12% discount. Shall I send the proposal?");
  await customerWrites(
    server,
    inbox,
    { number: "5541954321098", name: "Lucas Martins" },
    "Yes please, to compras@martins.com.br",
  );
  await accept(carlaToken, tickets[1], carla.user.id, sales.id);
  await accept(token, tickets[4], adminId, support.id);
  await call(server, token, "PUT", `/api/tickets/${tickets[4]}`, {
    status: "closed",
    sendFarewellMessage: false,
  });
  for (
    const [id, tag] of [[tickets[0], vip], [tickets[0], refund], [tickets[0], b2b], [tickets[3], b2b], [
      tickets[6],
      refund,
    ]]
  ) {
    await call(server, token, "PUT", `/api/ticket-tags/${id}/${tag.id}`);
  }
  return { main: tickets[0] };
}

browserTest("[e2e] tickets: wide and narrow, light and dark", async ({ server, newPage }) => {
  const inbox = await setupInbox(server, {
    queues: [{ name: "Sales", color: "#2563eb" }, { name: "Support", color: "#16a34a" }],
  });
  const me = await server.request("/api/auth/me", { token: inbox.adminToken }).then((r) => r.json());
  await call(server, inbox.adminToken, "PUT", `/api/users/${me.id}`, {
    name: "Admin",
    email: inbox.admin.email,
    queueIds: inbox.queues.map((q) => q.id),
  });
  const { main } = await seed(server, inbox, me.id);
  try {
    const { page } = await newPage();
    await signIn(page, inbox.admin);
    await page.getByTestId("page-tickets").waitFor();
    await page.getByTestId(`ticket-item-${main}`).click();
    await page.getByTestId("ticket-view").getByText("Perfect, thank you so much!").waitFor();
    await shot(page, "tickets_wide_light");
    await page.getByTestId("tickets-tab-pending").click();
    await page.getByTestId("ticket-drawer-toggle").click();
    await page.getByTestId("contact-drawer").waitFor();
    await shot(page, "tickets_wide_light_pending_drawer");
    await page.getByTestId("theme-toggle").click();
    await page.getByTestId("ticket-drawer-toggle").click();
    await page.getByTestId("tickets-tab-open").click();
    await shot(page, "tickets_wide_dark");
    await page.goto("/tickets");
    await page.getByTestId("tickets-welcome").waitFor();
    await shot(page, "tickets_welcome_dark");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("tickets-narrow-list").waitFor();
    await shot(page, "tickets_narrow_dark_list");
    await page.getByTestId(`ticket-item-${main}`).click();
    await page.getByTestId("ticket-view").getByText("Perfect, thank you so much!").waitFor();
    await shot(page, "tickets_narrow_dark_ticket");
    // On a phone the theme switch lives in the top bar's "more" popover.
    await page.getByTestId("topbar-more").click();
    await page.getByTestId("theme-toggle").click();
    await page.keyboard.press("Escape");
    await shot(page, "tickets_narrow_light_ticket");
    await page.getByTestId("tickets-narrow-list").click();
    await shot(page, "tickets_narrow_light_list");
    expect(await page.getByTestId("tickets-narrow-ticket").getAttribute("aria-selected")).toBe("false");
  } finally {
    await inbox.sink.close();
  }
});
