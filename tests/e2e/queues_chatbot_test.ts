/**
 * The queues screen in the browser: an admin builds a queue with a three-level option tree and working
 * hours in the queues screen; a customer over the api channel walks the tree by number and lands in
 * an attendant's waiting list; once the hours exclude now, a customer gets the out-of-hours message
 * once.
 */
import { expect } from "expect";
import { and, eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { createQueue, createUser, login } from "../_helpers/factories.ts";
import { zonedParts } from "@/lib/time.ts";
import { browserTest, expectToast, screenshot, shot, signIn } from "./_browser.ts";
import { choose, customerWrites, setupInbox } from "./_inbox.ts";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

browserTest(
  "[e2e] queues: a three-level chatbot tree with working hours, walked by a customer",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [], settings: { scheduleType: "queue" } });
    const vendas = await createQueue(server, inbox.companyId, { name: "Vendas", color: "#16a34a" });
    const suporte = await createQueue(server, inbox.companyId, { name: "Suporte", color: "#dc2626" });
    const carla = await createUser(server, inbox.companyId, { name: "Carla Dias", queueIds: [vendas.id] });
    const sink = inbox.sink;
    const to = (number: string, pred: (b: string) => boolean) =>
      sink.next(
        (r) => (r.json.to as { number?: string })?.number === number && pred(String(r.json.body)),
      )
        .catch((err) => {
          throw new Error(
            `${err.message}; received: ${JSON.stringify(sink.received.map((r) => r.json.body))}`,
          );
        });

    try {
      const { page } = await newPage();
      await signIn(page, inbox.admin);
      await page.goto("/queues");
      await page.getByTestId("queues-page").waitFor();
      await page.getByTestId("queues-table").getByText("Vendas").waitFor();
      await screenshot(page, "queues_1440");

      // The queue and its tree.
      await page.getByTestId("queue-add").click();
      await page.locator("#queue-name").fill("Atendimento");
      await page.locator("#queue-color").fill("#2563eb");
      await page.locator("#queue-greeting").fill("Olá {{firstName}}! Escolha uma opção:");
      await page.getByTestId("chatbot-add-root").click();
      await page.getByTestId("chatbot-name-0").fill("Comercial");
      await page.getByTestId("chatbot-greeting-0").fill("Escolha o assunto:");
      await page.getByTestId("chatbot-add-0").click();
      await page.getByTestId("chatbot-name-0-0").fill("Planos e preços");
      await page.getByTestId("chatbot-greeting-0-0").fill("Qual plano?");
      await page.getByTestId("chatbot-add-0-0").click();
      await page.getByTestId("chatbot-name-0-0-0").fill("Plano Empresa");
      await choose(page, "chatbot-type-0-0-0", "Attendant");
      await choose(page, "chatbot-queue-0-0-0", "Vendas");
      await choose(page, "chatbot-user-0-0-0", "Carla Dias");
      await page.getByTestId("chatbot-greeting-0-0-0").fill("Um momento, a Carla já vai atender.");
      // Two options per level: a single one would be chosen without asking (spec 2 §4).
      await page.getByTestId("chatbot-add-0-0").click();
      await page.getByTestId("chatbot-name-0-0-1").fill("Plano Pessoal");
      await choose(page, "chatbot-type-0-0-1", "Queue");
      await choose(page, "chatbot-queue-0-0-1", "Suporte");
      await page.getByTestId("chatbot-add-0").click();
      await page.getByTestId("chatbot-name-0-1").fill("Outra dúvida");
      await page.getByTestId("chatbot-greeting-0-1").fill("Escreva sua dúvida, por favor.");
      await page.getByTestId("chatbot-add-root").click();
      await page.getByTestId("chatbot-name-1").fill("Suporte técnico");
      await choose(page, "chatbot-type-1", "Queue");
      await choose(page, "chatbot-queue-1", "Suporte");
      await screenshot(page, "queue_dialog_tree");

      // Working hours: open all day, every day; the out-of-hours message.
      await page.getByTestId("queue-tab-hours").click();
      for (const d of DAYS) {
        await page.getByTestId(`queue-hours-${d}-startTimeA`).fill("00:00");
        await page.getByTestId(`queue-hours-${d}-endTimeA`).fill("23:59");
        await page.getByTestId(`queue-hours-${d}-startTimeB`).fill("23:59");
        await page.getByTestId(`queue-hours-${d}-endTimeB`).fill("00:00");
      }
      await page.locator("#queue-out-of-hours").fill("Estamos fechados agora. Voltamos amanhã!");
      await screenshot(page, "queue_dialog_hours");
      await page.getByTestId("queue-save").click();
      await expectToast(page, "Queue saved successfully.");
      const row = page.locator('tr[data-testid^="queue-row-"]').filter({ hasText: "Atendimento" });
      await row.waitFor();
      const queueId = Number((await row.getAttribute("data-testid"))!.replace("queue-row-", ""));

      // The line offers this queue (set by a second admin: a login revokes the user's other sessions).
      const ops = await createUser(server, inbox.companyId, { profile: "admin" });
      const put = await server.request(`/api/whatsapp/${inbox.connId}`, {
        method: "PUT",
        token: (await login(server, ops)).token,
        json: { queueIds: [queueId] },
      });
      expect(`${put.status} ${await put.text()}`).toMatch(/^200 /);

      // Carla watches her waiting list.
      const carlaPage = (await newPage()).page;
      await signIn(carlaPage, carla);
      await carlaPage.getByTestId("page-tickets").waitFor();
      await carlaPage.getByTestId("tickets-tab-pending").click();

      // The customer walks the tree by number.
      const ana = { number: "5511977776666", name: "Ana Lima" };
      const { ticketId } = await customerWrites(server, inbox, ana, "oi");
      await to(
        ana.number,
        (b) => b.startsWith("Olá Ana! Escolha uma opção:\n\n*[ 1 ]* - Comercial\n*[ 2 ]* - Suporte técnico"),
      );
      await customerWrites(server, inbox, ana, "1");
      await to(ana.number, (b) => b.startsWith("Escolha o assunto:\n\n*[ 1 ]* - Planos e preços"));
      await customerWrites(server, inbox, ana, "1");
      await to(ana.number, (b) => b.startsWith("Qual plano?\n\n*[ 1 ]* - Plano Empresa"));
      await customerWrites(server, inbox, ana, "1");
      await to(ana.number, (b) => b === "Um momento, a Carla já vai atender.");
      const item = carlaPage.getByTestId(`ticket-item-${ticketId}`);
      await item.waitFor();
      await item.getByText("Ana Lima").waitFor();

      // Close today's hours in the screen: now is out of hours.
      const today = zonedParts(new Date(), "America/Sao_Paulo").weekdayEn;
      await page.getByTestId(`queue-edit-${queueId}`).click();
      await page.getByTestId("chatbot-name-0").waitFor();
      expect(await page.getByTestId("chatbot-name-0-0-0").inputValue()).toBe("Plano Empresa");
      await page.getByTestId("queue-tab-hours").click();
      for (const slot of ["startTimeA", "endTimeA", "startTimeB", "endTimeB"]) {
        await page.getByTestId(`queue-hours-${today}-${slot}`).fill("");
      }
      await page.getByTestId("queue-save").click();
      await expectToast(page, "Queue saved successfully.");

      const bia = { number: "5511966665555", name: "Bia Reis" };
      const second = await customerWrites(server, inbox, bia, "oi, tem alguém?");
      await to(bia.number, (b) => b === "Estamos fechados agora. Voltamos amanhã!");
      await customerWrites(server, inbox, bia, "alô?");
      await server.deps.bus.drain();
      const sent = await server.deps.db.select({ body: messages.body }).from(messages)
        .where(and(eq(messages.ticketId, second.ticketId), eq(messages.fromMe, true)));
      // The line's greeting, then the out-of-hours message for each message while the connection's
      // maxUseBotQueues (3 by default, no cooldown) allows; no option menu out of hours.
      expect(sent.map((m) => m.body)).toEqual([
        "Hello! Choose a department:",
        "Estamos fechados agora. Voltamos amanhã!",
        "Estamos fechados agora. Voltamos amanhã!",
      ]);
      expect(suporte.id).toBeGreaterThan(0);

      // The screen at the other widths.
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, "queues_1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "queues_390");
      await page.getByTestId(`queue-edit-${queueId}`).click();
      await page.getByTestId("chatbot-name-0").waitFor();
      await shot(page, "queue_dialog_390"); // after the dialog's opening animation
    } finally {
      await sink.close();
    }
  },
);

browserTest(
  "[e2e] working hours: the settings schedules tab and the connection's schedules tab",
  async ({ server, newPage }) => {
    const inbox = await setupInbox(server, { queues: [], settings: { scheduleType: "company" } });
    try {
      const { page } = await newPage();
      await signIn(page, inbox.admin);
      await page.goto("/settings");
      await page.getByTestId("tab-schedules").click();
      await page.getByTestId("company-hours").first().waitFor();
      await page.getByTestId("company-hours-monday-startTimeA").fill("07:30");
      await page.getByTestId("company-hours-sunday-startTimeA").fill("");
      await page.getByTestId("company-hours-sunday-endTimeA").fill("");
      await page.getByText("Click Save to record the changes").waitFor();
      await screenshot(page, "settings_hours_1440");
      await page.getByTestId("company-hours-save").click();
      await expectToast(page, "Hours updated successfully.");
      const ops = await createUser(server, inbox.companyId, { profile: "admin" });
      const token = (await login(server, ops)).token;
      const saved = await (await server.request(`/api/companies/${inbox.companyId}/schedules`, { token }))
        .json();
      expect(saved.schedules[0]).toMatchObject({
        weekdayEn: "monday",
        startTimeA: "07:30",
        endTimeA: "12:00",
      });
      expect(saved.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTimeA: "", endTimeA: "" });
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, "settings_hours_1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "settings_hours_390");

      // scheduleType connection: the connection modal has its own schedules tab.
      const put = await server.request("/api/settings/scheduleType", {
        method: "PUT",
        token,
        json: { value: "connection" },
      });
      expect(put.status).toBe(200);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto("/connections");
      await page.getByTestId(`conn-edit-${inbox.connId}`).click();
      await page.getByTestId("conn-tab-schedules").click();
      await page.getByTestId("conn-hours-friday-endTimeB").fill("17:00");
      await screenshot(page, "connection_hours_1440");
      await page.getByTestId("connection-save").click();
      await expectToast(page, /saved/i);
      const conn = await (await server.request(`/api/whatsapp/${inbox.connId}`, { token })).json();
      expect(conn.schedules[4]).toMatchObject({ weekdayEn: "friday", endTimeB: "17:00" });
    } finally {
      await inbox.sink.close();
    }
  },
);
