/**
 * The AI assistant beside the attendant, in a browser, against a local chat-completions server
 * that streams: suggest → edit → send; the Spanish customer's message translated for a Portuguese
 * attendant and her reply sent translated (the original kept as a note); an older message
 * translated from its own bubble, under the original; the summary left on a transfer and read
 * by the second attendant; tags and a queue suggested for a waiting ticket and
 * applied one click at a time; the month's budget spent shows its message; the admin's settings
 * and usage. Screenshots at 1440, 1280 and 390.
 */
import { expect } from "expect";
import { eq } from "drizzle-orm";
import { companies, plans, tags, tickets, ticketTags } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { type ChatProvider, defaultReply, startChatProvider } from "../ai_assist/_provider.ts";
import { atWidth, browserTest, shot, signIn, WIDTHS } from "./_browser.ts";
import { attendant, customerWrites, setupInbox } from "./_inbox.ts";

let provider: ChatProvider | null = null;

browserTest(
  "[e2e] AI assistant: suggest, edit, send; translate both ways; summary on transfer; budget spent",
  async ({ server, newPage }, t) => {
    const inbox = await setupInbox(server, {
      queues: [{ name: "Vendas", color: "#2563eb" }, { name: "Suporte", color: "#16a34a" }],
    });
    const [vendas, suporte] = inbox.queues;
    const ana = await attendant(server, inbox, { name: "Ana Lima", queueIds: [vendas.id] });
    const bruno = await attendant(server, inbox, { name: "Bruno Reis", queueIds: [suporte.id] });
    const toCustomer = (text: string) => (r: { json: Record<string, unknown> }) =>
      String(r.json.body ?? "").includes(text);
    try {
      const { ticketId, messageId: firstMessageId } = await customerWrites(
        server,
        inbox,
        { number: "5511987650000", name: "Lucía" },
        "Hola, quiero cambiar mi pedido 123",
      );
      await server.deps.database.write((tx) =>
        tx.update(tickets).set({ status: "open", userId: ana.user.id, queueId: vendas.id })
          .where(eq(tickets.id, ticketId))
      );
      const saved = await server.request("/api/ai-assist/settings", {
        method: "PUT",
        token: inbox.adminToken,
        json: { baseUrl: provider!.url, apiKey: "sk-e2e-ai", model: "gpt-e2e" },
      });
      expect(saved.status).toBe(200);

      const { page } = await newPage({ locale: "pt-BR" });
      await signIn(page, ana);
      await page.goto(`/tickets/${ticketId}`);
      const input = page.getByTestId("composer-input");
      await input.waitFor();

      await t.step("suggest → edit → send", async () => {
        await page.getByTestId("ai-menu").click();
        await page.getByTestId("ai-suggest").click();
        await page.getByTestId("ai-use-2").waitFor();
        await page.getByTestId("ai-draft-0").getByText("Claro, posso ajudar com a troca.").waitFor();
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `ai_assist_suggest_${width}`);
        }
        await atWidth(page, 1440);
        await page.getByTestId("ai-use-1").click();
        expect(await input.inputValue()).toBe("Olá! Vou verificar seu pedido agora.");
        await input.fill(`${await input.inputValue()} Um instante, por favor.`);
        await page.keyboard.press("Enter");
        await inbox.sink.next(toCustomer("Olá! Vou verificar seu pedido agora. Um instante, por favor."));
      });

      await t.step("a Spanish message read in Portuguese; the reply sent in Spanish", async () => {
        await page.getByTestId("ai-menu").click();
        await page.getByTestId("ai-translate-last").click();
        await page.getByTestId("ai-draft-0").getByText("Olá, quero trocar meu pedido.").waitFor();
        await shot(page, "ai_assist_translate_1440");
        expect(provider!.hits.at(-1)!.raw).toContain("Hola, quiero cambiar mi pedido 123");
        await page.getByTestId("ai-close").click();
        await input.fill("Vou revisar seu pedido");
        await page.getByTestId("ai-menu").click();
        await page.getByTestId("ai-translate-reply").click();
        await page.getByTestId("ai-use-0").click();
        // The original is kept as a note first, then the translation fills the composer.
        await page.getByTestId("ai-panel").waitFor({ state: "detached" });
        expect(await input.inputValue()).toBe("Hola, voy a revisar su pedido.");
        await page.keyboard.press("Enter");
        await inbox.sink.next(toCustomer("Hola, voy a revisar su pedido."));
        const notes = await server.request(`/api/ticket-notes/list?ticketId=${ticketId}`, {
          token: inbox.adminToken,
        });
        expect((await notes.json()).map((n: { note: string }) => n.note)).toContain(
          "Original antes da tradução: Vou revisar seu pedido",
        );
      });

      await t.step("any customer message translated from its bubble, under the original", async () => {
        const later = await customerWrites(
          server,
          inbox,
          { number: "5511987650000", name: "Lucía" },
          "¿Cuánto tarda el envío?",
        );
        await page.getByTestId(`message-${later.messageId}`).waitFor();
        const calls = provider!.hits.length;
        await page.getByTestId(`message-${firstMessageId}`).hover();
        await page.getByTestId(`message-actions-${firstMessageId}`).click();
        await page.getByTestId(`message-translate-${firstMessageId}`).click();
        const shown = page.locator(`[data-testid="message-translation-${firstMessageId}"][data-done]`);
        await shown.getByText("Olá, quero trocar meu pedido.").waitFor();
        // That message, not the last one, went to the provider, into the UI's language.
        const hit = provider!.hits.at(-1)!.raw;
        expect(hit).toContain("Hola, quiero cambiar mi pedido 123");
        expect(hit).not.toContain("Cuánto tarda");
        expect(hit).toContain("Portuguese");
        // The original stays in the bubble, above its translation.
        await page.getByTestId(`message-${firstMessageId}`).getByText("Hola, quiero cambiar mi pedido 123")
          .waitFor();
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `ai_assist_bubble_translate_${width}`);
        }
        await atWidth(page, 1440);
        await page.getByTestId(`message-original-${firstMessageId}`).click();
        await shown.waitFor({ state: "detached" });
        // Shown again from the bubble's menu: kept, no second call.
        await page.getByTestId(`message-${firstMessageId}`).hover();
        await page.getByTestId(`message-actions-${firstMessageId}`).click();
        await page.getByTestId(`message-translate-${firstMessageId}`).click();
        await shown.waitFor();
        expect(provider!.hits.length).toBe(calls + 1);
      });

      await t.step("transfer with the summary; the second attendant reads it", async () => {
        await page.getByTestId("ticket-more").click();
        await page.getByTestId("ticket-transfer").click();
        await page.getByTestId("transfer-queue").click();
        await page.getByRole("option", { name: "Suporte", exact: true }).click();
        await page.getByTestId("transfer-ai-summary").waitFor();
        expect(await page.getByTestId("transfer-ai-summary").getAttribute("data-state")).toBe("checked");
        await shot(page, "ai_assist_transfer_1440");
        await page.getByTestId("transfer-confirm").click();
        await page.getByTestId("transfer-confirm").waitFor({ state: "detached" });

        const { page: other } = await newPage({ locale: "pt-BR" });
        await signIn(other, bruno);
        await other.goto(`/tickets/${ticketId}`);
        await other.getByTestId("ticket-contact-name").click();
        await other.getByTestId("notes-list").getByText(/Cliente quer trocar o pedido 123/).waitFor();
        await other.getByTestId("notes-list").scrollIntoViewIfNeeded();
        await shot(other, "ai_assist_summary_seen_1440");
      });

      await t.step("a waiting ticket: tags and a queue suggested, applied one click at a time", async () => {
        const [troca, urgente] = await server.deps.database.write((tx) =>
          tx.insert(tags).values([
            { companyId: inbox.companyId, name: "Troca", color: "#7c3aed" },
            { companyId: inbox.companyId, name: "Urgente", color: "#dc2626" },
          ]).returning()
        );
        provider!.reply = (body) =>
          body.messages[0].content.startsWith("Classify")
            ? JSON.stringify({ tagIds: [troca.id, urgente.id], queueId: suporte.id })
            : defaultReply(body);
        const waiting = await customerWrites(
          server,
          inbox,
          { number: "5511987650002", name: "Marta" },
          "Quiero devolver un producto urgente",
        );
        await server.deps.database.write((tx) =>
          tx.update(tickets).set({ status: "pending", userId: null, queueId: vendas.id })
            .where(eq(tickets.id, waiting.ticketId))
        );
        await page.goto(`/tickets/${waiting.ticketId}`);
        await page.getByTestId("ticket-accept").waitFor();
        await page.getByTestId("ticket-more").click();
        await page.getByTestId("ticket-ai-classify").click();
        await page.getByTestId(`ai-classify-tag-${troca.id}`).waitFor();
        await page.getByTestId("ai-classify-queue").getByText("Suporte").waitFor();
        // Shown, not applied: the ticket has no tag and is still in Vendas.
        const tagsOf = async () =>
          (await server.deps.db.select({ id: ticketTags.tagId }).from(ticketTags)
            .where(eq(ticketTags.ticketId, waiting.ticketId))).map((r) => r.id);
        expect(await tagsOf()).toEqual([]);
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `ai_assist_classify_${width}`);
        }
        await atWidth(page, 1440);
        await page.getByTestId(`ai-classify-tag-${troca.id}`).click();
        await page.locator(`[data-testid="ai-classify-tag-${troca.id}"][data-applied]`).waitFor();
        expect(await tagsOf()).toEqual([troca.id]);
        await page.getByTestId("ai-classify-move").click();
        await page.getByTestId("ai-classify").waitFor({ state: "detached" });
        const [moved] = await server.deps.db.select().from(tickets).where(eq(tickets.id, waiting.ticketId));
        expect([moved.queueId, moved.status]).toEqual([suporte.id, "pending"]);
        expect(await tagsOf()).toEqual([troca.id]);
        provider!.reply = defaultReply;
      });

      await t.step("the month's budget spent: its message, no call", async () => {
        const [{ planId }] = await server.deps.db.select({ planId: companies.planId }).from(companies)
          .where(eq(companies.id, inbox.companyId));
        await server.deps.database.write((tx) =>
          tx.update(plans).set({ aiMonthlyTokens: 1 }).where(eq(plans.id, planId))
        );
        clearCaches(server.deps.caches);
        // Ana's ticket went to Suporte: she opens a new conversation of her own.
        const next = await customerWrites(server, inbox, { number: "5511987650001", name: "Pedro" }, "Oi");
        await server.deps.database.write((tx) =>
          tx.update(tickets).set({ status: "open", userId: ana.user.id, queueId: vendas.id })
            .where(eq(tickets.id, next.ticketId))
        );
        const calls = provider!.hits.length;
        await page.goto(`/tickets/${next.ticketId}`);
        await page.getByTestId("ai-menu").click();
        await page.getByTestId("ai-budget-note").getByText("O orçamento de IA deste mês acabou.", {
          exact: false,
        })
          .waitFor();
        await page.getByTestId("ai-suggest").click();
        await page.getByTestId("ai-error").getByText("O orçamento de IA deste mês acabou.", { exact: false })
          .waitFor();
        expect(provider!.hits.length).toBe(calls);
        for (const width of WIDTHS) {
          await atWidth(page, width);
          await shot(page, `ai_assist_budget_${width}`);
        }
      });

      await t.step("the admin's settings and usage", async () => {
        const { page: admin } = await newPage({ locale: "pt-BR" });
        await signIn(admin, inbox.admin);
        await admin.goto("/settings");
        await admin.getByTestId("tab-ai").click();
        await admin.getByTestId("ai-usage").waitFor();
        expect(await admin.getByTestId("ai-api-key").inputValue()).toBe("••••e-ai");
        for (const width of WIDTHS) {
          await atWidth(admin, width);
          await shot(admin, `ai_assist_settings_${width}`);
        }
        await admin.getByTestId("ai-usage").scrollIntoViewIfNeeded();
        await shot(admin, "ai_assist_usage_390");
      });
    } finally {
      await inbox.sink.close();
      await provider?.close();
    }
  },
  () => {
    provider = startChatProvider();
    return {};
  },
);
