/**
 * AI prompts and Typebot integrations in the browser: an admin creates an AI prompt and a Typebot
 * integration in their screens, attaches the Typebot to a queue in the queue editor and the prompt
 * to nothing (the prompt's list shows it); a customer over the api channel enters the queue and is
 * answered by the Typebot (a local server speaking Typebot's v1 chat API), which hands over to
 * people on request.
 */
import { expect } from "expect";
import { and, eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { browserTest, expectToast, screenshot, signIn } from "./_browser.ts";
import { choose, customerWrites, setupInbox } from "./_inbox.ts";
import { type Providers, startProviders } from "../integrations/_providers.ts";
import { waitUntil } from "../_helpers/watchdog.ts";

let providers: Providers | null = null;

browserTest(
  "[e2e] integrations: prompt and Typebot created in the browser, a queue's customer answered by the Typebot",
  async ({ server, newPage }) => {
    const p = providers!;
    const inbox = await setupInbox(server, { queues: [{ name: "Vendas", color: "#16a34a" }] });
    const sink = inbox.sink;
    const to = (number: string, pred: (b: string) => boolean) =>
      sink.next(
        (r) => (r.json.to as { number?: string })?.number === number && pred(String(r.json.body)),
        30_000,
      )
        .catch((err) => {
          throw new Error(
            `${err.message}; received: ${JSON.stringify(sink.received.map((r) => r.json.body))}`,
          );
        });
    try {
      const { page } = await newPage();
      await signIn(page, inbox.admin);

      // An AI prompt.
      await page.goto("/prompts");
      await page.getByTestId("page-prompts").waitFor();
      await page.getByTestId("prompt-add").click();
      await page.locator("#prompt-name").fill("Assistente de vendas");
      await page.locator("#prompt-text").fill("Você é a assistente da loja. Seja breve.");
      await page.locator("#prompt-key").fill("sk-test-e2e-0001");
      await choose(page, "prompt-queue", "Vendas");
      await screenshot(page, "integrations_prompt_dialog");
      await page.getByTestId("prompt-save").click();
      await expectToast(page, "Prompt saved.");
      await page.getByTestId("prompts-table").getByText("Assistente de vendas").waitFor();
      await page.getByTestId("prompts-table").getByRole("cell", { name: "Vendas", exact: true }).waitFor();
      for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await screenshot(page, `integrations_prompts_${w}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // A Typebot integration.
      await page.goto("/queue-integration");
      await page.getByTestId("page-queueIntegration").waitFor();
      await page.getByTestId("integration-add").click();
      await page.locator("#integration-name").fill("Qualificação");
      await page.locator("#integration-url").fill(p.url);
      await page.locator("#integration-slug").fill("vendas");
      await page.locator("#integration-delay").fill("0");
      await page.locator("#integration-finish").fill("sair");
      await screenshot(page, "integrations_typebot_dialog");
      await page.getByTestId("integration-save").click();
      await expectToast(page, "Integration saved.");
      await page.getByTestId("integrations-table").getByText("Qualificação").waitFor();
      for (const [w, h] of [[1440, 900], [1280, 800], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await screenshot(page, `integrations_list_${w}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // Attached to the queue in the queue editor.
      await page.goto("/queues");
      await page.getByTestId("queues-page").waitFor();
      await page.getByTestId(`queue-edit-${inbox.queues[0].id}`).click();
      await choose(page, "queue-integration", "Qualificação");
      await page.getByTestId("queue-save").click();
      await page.getByTestId("queue-form").waitFor({ state: "detached" });

      // The connection editor offers both in its integrations tab (left empty here).
      await page.goto("/connections");
      await page.getByTestId(`conn-edit-${inbox.connId}`).click();
      await page.getByTestId("conn-tab-integrations").click();
      await page.getByTestId("conn-prompt").click();
      await page.getByRole("option", { name: "Assistente de vendas", exact: true }).waitFor();
      await page.keyboard.press("Escape");
      await page.getByTestId("conn-integration").click();
      await page.getByRole("option", { name: /Qualificação/ }).waitFor();
      await page.keyboard.press("Escape");
      await screenshot(page, "integrations_connection_tab");
      await page.keyboard.press("Escape");

      // A customer: the single queue takes the ticket, then its Typebot answers.
      const customer = { number: "5511988887777", name: "Maria" };
      const first = await customerWrites(server, inbox, customer, "oi");
      await customerWrites(server, inbox, customer, "Maria");
      await to(customer.number, (b) => b === "Prazer, Maria!");
      await to(customer.number, (b) => b.includes("*[ 1 ]* - Vendas"));
      const startChat = p.hitsTo("/api/v1/typebots/vendas/startChat");
      expect(startChat.length).toBe(1);

      // "quero um humano": the Typebot hands over; the ticket waits for people in Vendas.
      p.handoverQueueId = inbox.queues[0].id;
      await customerWrites(server, inbox, customer, "quero um humano");
      await to(customer.number, (b) => b === "Vou te passar para um atendente.");
      const row = await waitUntil("the Typebot hands the ticket over", async () => {
        const [row] = await server.deps.db.select().from(tickets)
          .where(and(eq(tickets.id, first.ticketId), eq(tickets.companyId, inbox.companyId)));
        return !row.useIntegration && row;
      });
      expect(row.status).toBe("pending");
      expect(row.queueId).toBe(inbox.queues[0].id);
    } finally {
      await sink.close();
      await p.close();
      providers = null;
    }
  },
  () => {
    providers = startProviders();
    return { env: { TYPEBOT_API_URL: providers.url, OPENAI_API_URL: `${providers.url}/v1` } };
  },
);
