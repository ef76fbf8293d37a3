/**
 * A connection token is resolved through a cache (token → connection, company, plan), and the
 * automation reads the connection and its queues through another (server/caches.ts). Changes
 * made through the API must apply to the very next request: each step first makes the app use
 * (and cache) the current row, then changes it.
 */
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, inboundRaw, nextExternalId, outbound } from "../_helpers/inbox.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";

const sendApi = (t: TestApp, token: string, json: unknown) =>
  t.request("/api/messages/send", { method: "POST", token, json });

Deno.test("[connections] a deleted connection's token is refused at once (api channel and send API)", async () => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, { webhook: sink, user: false, plan: { useExternalApi: true } });
    await customerSays(t, w.conn, "5511911112222", "primeira");
    await customerSays(t, w.conn, "5511911112222", "segunda"); // the token is cached now
    await expectOk(await sendApi(t, w.conn.token, { number: "5511911112222", body: "resposta" }));

    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, { method: "DELETE", token: w.adminToken }),
      204,
    );

    await expectError(
      await inboundRaw(t, w.conn.token, {
        externalId: nextExternalId(),
        from: { number: "5511911112222" },
        body: "depois",
      }),
      401,
      "ERR_UNAUTHENTICATED",
    );
    await expectError(
      await sendApi(t, w.conn.token, { number: "5511911112222", body: "x" }),
      401,
      "ERR_UNAUTHENTICATED",
    );
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[connections] greeting, queues and queue names changed through the API shape the next bot answer", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "Vendas" }, { name: "Suporte" }],
      conn: { greetingMessage: "Primeira saudação" },
    });
    const [vendas, suporte] = w.queues;
    let n = 0;
    const botAnswer = async () => {
      const r = await customerSays(t, w.conn, `55119000010${String(++n).padStart(2, "0")}`, "Olá");
      return (await outbound(t, r.ticketId)).map((m) => m.body);
    };
    const put = async (path: string, json: unknown) =>
      await expectOk(await t.request(path, { method: "PUT", token: w.adminToken, json }));

    await tt.step("the menu names both queues under the first greeting", async () => {
      const [menu] = await botAnswer();
      assert.match(menu, /^Primeira saudação\n/);
      assert.match(menu, /\*\[ 1 \]\* - Vendas\n\*\[ 2 \]\* - Suporte/);
    });

    await tt.step("a new greeting (PUT /whatsapp/:id) is used from the next customer on", async () => {
      await put(`/api/whatsapp/${w.conn.id}`, { greetingMessage: "Segunda saudação" });
      const [menu] = await botAnswer();
      assert.match(menu, /^Segunda saudação\n/);
    });

    await tt.step("a renamed queue (PUT /queue/:id) shows in the next menu", async () => {
      await put(`/api/queue/${suporte.id}`, { name: "Atendimento" });
      const [menu] = await botAnswer();
      assert.match(menu, /\*\[ 2 \]\* - Atendimento/);
    });

    await tt.step("with its queues narrowed to one, the connection assigns it without a menu", async () => {
      await put(`/api/whatsapp/${w.conn.id}`, { queueIds: [vendas.id] });
      const r = await customerSays(t, w.conn, "5511900002000", "Olá");
      const answers = (await outbound(t, r.ticketId)).map((m) => m.body);
      assert.ok(!answers.some((b) => b.includes("*[ 1 ]*")), `no menu: ${answers.join(" | ")}`);
      const [ticket] = await t.deps.db.query.tickets.findMany({ where: (x, { eq }) => eq(x.id, r.ticketId) });
      assert.equal(ticket.queueId, vendas.id);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});
