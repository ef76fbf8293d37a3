/**
 * LGPD and the AI assistant: with number hiding on, neither the contact's number nor a number typed
 * in a message reaches the provider, in any of the six calls (a local chat-completions server
 * records every request body).
 */
import assert from "node:assert/strict";
import { contacts, messages, tickets } from "@db/schema.ts";
import { clearCaches } from "@/caches.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { createTenant, setCompanySetting } from "../_helpers/tenant.ts";
import { expectOk } from "../_helpers/http.ts";
import { startChatProvider } from "./_provider.ts";
import { readSse } from "./_sse.ts";

const NUMBER = "5511987654321";

Deno.test("[ai_assist] LGPD: with number hiding on, a masked number never reaches the provider", async () => {
  const provider = startChatProvider();
  const app = await createTestApp();
  try {
    const a = await createTenant(app, { plan: { aiMonthlyTokens: 100_000 } });
    const agent = await createUser(app, a.company.id, { profile: "user", allTicket: "disabled" });
    const agentToken = (await login(app, agent)).token;
    const req = (path: string, token: string, method = "GET", json?: unknown) =>
      app.request(`/api/ai-assist${path}`, { method, token, json });
    await expectOk(
      await req("/settings", a.adminToken, "PUT", {
        baseUrl: provider.url,
        apiKey: "sk-live-abcdef123456",
        model: "gpt-test",
      }),
    );
    await setCompanySetting(app, a.company.id, "lgpdHideNumber", "enabled");
    clearCaches(app.deps.caches);
    const masked = await app.deps.database.write(async (tx) => {
      const [c] = await tx.insert(contacts).values({
        companyId: a.company.id,
        name: `Cliente ${NUMBER}`,
        number: NUMBER,
      })
        .returning();
      const [tk] = await tx.insert(tickets).values({
        companyId: a.company.id,
        contactId: c.id,
        status: "open",
        userId: agent.user.id,
      })
        .returning();
      const [m] = await tx.insert(messages).values([
        {
          companyId: a.company.id,
          ticketId: tk.id,
          contactId: c.id,
          body: `Meu número é ${NUMBER}`,
          fromMe: false,
        },
        {
          companyId: a.company.id,
          ticketId: tk.id,
          contactId: c.id,
          body: "Ou liga no +55 (11) 91234-5678",
          fromMe: false,
        },
      ]).returning();
      return { ticket: tk, messageId: m.id };
    });
    const before = provider.hits.length;
    const id = masked.ticket.id;
    await readSse(await req(`/tickets/${id}/suggest`, agentToken, "POST"));
    await readSse(await req(`/tickets/${id}/summary`, agentToken, "POST", {}));
    await readSse(
      await req(`/tickets/${id}/rewrite`, agentToken, "POST", { text: `ligo no ${NUMBER}`, style: "fix" }),
    );
    await readSse(
      await req(`/tickets/${id}/translate`, agentToken, "POST", { messageId: masked.messageId, to: "en" }),
    );
    await readSse(await req(`/tickets/${id}/translate`, a.adminToken, "POST", { text: `call ${NUMBER}` }));
    await expectOk(await req(`/tickets/${id}/classify`, a.adminToken, "POST"));
    const sent = provider.hits.slice(before);
    assert.equal(sent.length, 6);
    for (const h of sent) {
      assert.doesNotMatch(h.raw, /987654321|5511987654321/, "the contact's number is masked");
      assert.doesNotMatch(h.raw, /91234-?5678/, "a number in a message is masked");
      assert.match(h.raw, /\*{6,}21|\*{6,}78/);
    }
  } finally {
    await app.close();
    await provider.close();
  }
});
