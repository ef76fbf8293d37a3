/**
 * POST /api/messages/{lista,copy,call,URL,PIX}/{ticketId} (the composer's buttons dialog): session,
 * tenancy, visibility, validation, the stored text rendering, the structured content handed to the
 * api channel's webhook, and the Cloud API's native interactive payloads.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createCompany, login } from "../_helpers/factories.ts";
import { assertAllNeedAuth, createTenant, userOf } from "../_helpers/tenant.ts";
import { customerSays } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";
import {
  cloudPayload,
  cloudText,
  deliverAndRun,
  metaConnection,
  startMeta,
} from "../channels/meta/_support.ts";

const KINDS = ["lista", "copy", "call", "URL", "PIX"] as const;
const BODIES: Record<(typeof KINDS)[number], Json> = {
  lista: {
    title: "Cardápio",
    text: "Escolha uma opção",
    buttonText: "Ver opções",
    sections: [{
      title: "Pizzas",
      rows: [{ title: "Calabresa", description: "Grande" }, { title: "Mussarela" }],
    }],
  },
  copy: { title: "Cupom", description: "Use no checkout", buttonText: "Copiar", copyText: "BEMVINDO10" },
  call: { title: "Suporte", description: "Fale conosco", buttonText: "Ligar", phone: "+55 11 4000-1234" },
  URL: {
    title: "Rastreio",
    description: "Acompanhe o pedido",
    buttonText: "Abrir",
    copyText: "https://example.com/p/42",
  },
  PIX: {
    title: "Pagamento",
    sendvalue: "49,90",
    sendkey_type: "PHONE",
    sendmerchant_name: "Loja X",
    sendKey: "11999998888",
  },
};
// The smallest valid PNG (1×1).
const PNG_B64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const post = (t: TestApp, token: string, kind: string, ticketId: number, json: Json) =>
  t.request(`/api/messages/${kind}/${ticketId}`, { method: "POST", token, json });

async function world(t: TestApp, sink: WebhookSink) {
  const a = await createTenant(t, { webhook: sink, user: false, queues: [{ name: "Vendas" }] });
  const carla = await userOf(t, a.company.id, { name: "Carla", queueIds: [a.queues[0].id] });
  const outsider = await userOf(t, a.company.id, { allTicket: "disabled" });
  const first = await customerSays(t, a.conn, { number: "5511988887777", name: "Maria" }, "Olá");
  await expectOk(
    await t.request(`/api/tickets/${first.ticketId}`, {
      method: "PUT",
      token: carla.token,
      json: { status: "open" },
    }),
  );
  const b = await createTenant(t, { webhook: null, user: false });
  const bIn = await customerSays(t, b.conn, "5521900000009", "oi B");
  return { a, carla, outsider, ticketId: first.ticketId, b, bIn };
}

Deno.test("[messages] rich messages: every route needs a session", async () => {
  const t = await createTestApp();
  try {
    await assertAllNeedAuth(t, KINDS.map((k) => ["POST", `/api/messages/${k}/1`] as [string, string]));
  } finally {
    await t.close();
  }
});

Deno.test("[messages] rich messages: tenancy, visibility, validation, text rendering, api webhook", async (tt) => {
  const t = await createTestApp();
  const sink = startWebhookSink();
  try {
    const { a, carla, outsider, ticketId, b, bIn } = await world(t, sink);

    await tt.step("another company's ticket answers 404 on every kind", async () => {
      for (const k of KINDS) {
        await expectError(
          await post(t, a.adminToken, k, bIn.ticketId, BODIES[k]),
          404,
          "ERR_NO_TICKET_FOUND",
        );
        await expectError(await post(t, b.adminToken, k, ticketId, BODIES[k]), 404, "ERR_NO_TICKET_FOUND");
      }
    });

    await tt.step(
      "a user who cannot see the ticket gets 403; a pending ticket cannot be answered",
      async () => {
        for (const k of KINDS) {
          await expectError(await post(t, outsider.token, k, ticketId, BODIES[k]), 403, "ERR_NO_PERMISSION");
        }
        const pending = await customerSays(t, a.conn, "5511911112222", "oi");
        await expectError(
          await post(t, carla.token, "copy", pending.ticketId, BODIES.copy),
          403,
          "ERR_NO_PERMISSION",
        );
      },
    );

    await tt.step(
      "malformed bodies answer 400 (ids, missing fields, bad url, key type, 11 rows)",
      async () => {
        await expectError(await post(t, carla.token, "copy", 0, BODIES.copy), 400, "ERR_VALIDATION");
        await expectError(await post(t, carla.token, "copy", ticketId, {}), 400, "ERR_VALIDATION");
        await expectError(
          await post(t, carla.token, "URL", ticketId, { ...BODIES.URL, copyText: "javascript:alert(1)" }),
          400,
          "ERR_VALIDATION",
        );
        await expectError(
          await post(t, carla.token, "PIX", ticketId, { ...BODIES.PIX, sendkey_type: "IBAN" }),
          400,
          "ERR_VALIDATION",
        );
        const rows = Array.from({ length: 11 }, (_, i) => ({ title: `r${i}` }));
        await expectError(
          await post(t, carla.token, "lista", ticketId, {
            ...BODIES.lista,
            sections: [{ title: "x", rows }],
          }),
          400,
          "ERR_VALIDATION",
        );
        await expectError(
          await post(t, carla.token, "URL", ticketId, { ...BODIES.URL, image: "bm90IGFuIGltYWdl" }),
          400,
          "ERR_VALIDATION",
        );
      },
    );

    await tt.step(
      "each kind is stored as its text and reaches the api webhook with its structure",
      async () => {
        const expected: Record<string, RegExp> = {
          lista: /\*Cardápio\*\nEscolha uma opção\n\n\*Pizzas\*\n1\. Calabresa — Grande\n2\. Mussarela/,
          copy: /\*Cupom\*\nUse no checkout\n```BEMVINDO10```/,
          call: /📞 \+55 11 4000-1234/,
          URL: /🔗 https:\/\/example\.com\/p\/42/,
          PIX: /Loja X\nR\$ 49,90\nPIX \(PHONE\): \+5511999998888/,
        };
        for (const k of KINDS) {
          const sent = await expectOk<Json & { id: number; body: string; fromMe: boolean; userId: number }>(
            await post(t, carla.token, k, ticketId, BODIES[k]),
            201,
          );
          assert.match(sent.body, expected[k]);
          assert.equal(sent.fromMe, true);
          assert.equal(sent.userId, carla.user.id);
          const hook = await sink.next((r) => r.json.body === sent.body);
          const rich = hook.json.rich as { kind: string; data: Json };
          assert.equal(rich.kind, k);
          if (k === "PIX") assert.equal(rich.data.sendKey, "+5511999998888");
          if (k === "PIX") assert.equal(rich.data.sendvalue, 49.9);
          if (k === "URL") assert.equal(rich.data.url, "https://example.com/p/42");
          if (k === "lista") assert.equal((rich.data.sections as Json[]).length, 1);
        }
      },
    );

    await tt.step("a URL message with a picture is sent as an image captioned with its text", async () => {
      const sent = await expectOk<Json & { id: number; mediaType: string; body: string }>(
        await post(t, carla.token, "URL", ticketId, {
          ...BODIES.URL,
          image: `data:image/png;base64,${PNG_B64}`,
        }),
        201,
      );
      assert.equal(sent.mediaType, "image");
      const hook = await sink.next((r) => r.json.body === sent.body && !!r.json.media);
      assert.match(String((hook.json.media as Json).mimetype), /^image\/png/);
    });
  } finally {
    await sink.close();
    await t.close();
  }
});

Deno.test("[messages] rich messages on the Cloud API: list and URL go out as interactive, the rest as text", async () => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company, admin } = await createCompany(t);
    const tok = (await login(t, admin)).token;
    await metaConnection(t, company.id, "whatsappapi");
    await deliverAndRun(t, cloudPayload({ messages: [cloudText("wamid.R", "5511977776666", "oi")] }));
    const [msg] = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.R"));
    await expectOk(
      await t.request(`/api/tickets/${msg.ticketId}`, {
        method: "PUT",
        token: tok,
        json: { status: "open" },
      }),
    );

    await expectOk(await post(t, tok, "lista", msg.ticketId, BODIES.lista), 201);
    const list = graph.sends().at(-1)!.json as Json & { interactive: Json };
    assert.equal(list.type, "interactive");
    assert.deepEqual(list.interactive, {
      type: "list",
      header: { type: "text", text: "Cardápio" },
      body: { text: "Escolha uma opção" },
      action: {
        button: "Ver opções",
        sections: [{
          title: "Pizzas",
          rows: [
            { id: "row-1", title: "Calabresa", description: "Grande" },
            { id: "row-2", title: "Mussarela" },
          ],
        }],
      },
    });

    await expectOk(await post(t, tok, "URL", msg.ticketId, BODIES.URL), 201);
    const url = graph.sends().at(-1)!.json as Json & { interactive: Json };
    assert.deepEqual(url.interactive, {
      type: "cta_url",
      header: { type: "text", text: "Rastreio" },
      body: { text: "Acompanhe o pedido" },
      action: { name: "cta_url", parameters: { display_text: "Abrir", url: "https://example.com/p/42" } },
    });

    await expectOk(await post(t, tok, "copy", msg.ticketId, BODIES.copy), 201);
    const copy = graph.sends().at(-1)!.json as Json & { text: Json };
    assert.equal(copy.type, "text");
    assert.equal(copy.text.body, "*Cupom*\nUse no checkout\n```BEMVINDO10```");
  } finally {
    await m.close();
  }
});
