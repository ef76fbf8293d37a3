import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { apiUsages, contacts, messages, tickets, whatsapps } from "@db/schema.ts";
import { todayIn } from "@/lib/time.ts";
import type { TestApp } from "../_helpers/test_app.ts";
import { createCompany, createQueue, createUser } from "../_helpers/factories.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";
import { JPEG } from "../channels/meta/_graph_server.ts";
import {
  cloudPayload,
  cloudText,
  deliverAndRun,
  metaConnection,
  PHONE_ID,
  runJobs,
  startMeta,
} from "../channels/meta/_support.ts";
import { expectError, type Json } from "../_helpers/http.ts";

async function apiConnection(t: TestApp, companyId: number, webhookUrl: string) {
  return await t.deps.database.write(async (tx) =>
    (await tx.insert(whatsapps).values({
      companyId,
      name: "Integration",
      channel: "api",
      status: "CONNECTED",
      webhookUrl,
      token: crypto.randomUUID().replaceAll("-", "").slice(0, 30),
    }).returning())[0]
  );
}

const send = (t: TestApp, token: string | null, body: Json | FormData) =>
  t.request("/api/messages/send", {
    method: "POST",
    ...(token ? { token } : {}),
    ...(body instanceof FormData ? { body } : { json: body }),
  });

Deno.test("[external_api] auth, plan, subscription and validation", async (tt) => {
  const m = await startMeta();
  const { t } = m;
  const sink = startWebhookSink();
  try {
    const ok = { number: "5511933332222", body: "oi" };
    await tt.step("401 without a token or with an unknown one", async () => {
      await expectError(await send(t, null, ok), 401, "ERR_UNAUTHENTICATED");
      await expectError(await send(t, "x".repeat(30), ok), 401, "ERR_UNAUTHENTICATED");
    });
    await tt.step("403 ERR_PLAN_FEATURE when the plan lacks useExternalApi", async () => {
      const { company } = await createCompany(t, { plan: { useExternalApi: false } });
      const conn = await apiConnection(t, company.id, sink.url);
      const b = await expectError(await send(t, conn.token, ok), 403, "ERR_PLAN_FEATURE");
      assert.deepEqual(b.details, { feature: "useExternalApi" });
    });
    await tt.step("402 when the company's subscription has expired", async () => {
      const { company } = await createCompany(t, { dueDate: "2020-01-31" });
      const conn = await apiConnection(t, company.id, sink.url);
      await expectError(await send(t, conn.token, ok), 402, "ERR_SUBSCRIPTION_EXPIRED");
    });
    await tt.step("400 for a bad number or an empty message; 404 for another company's user", async () => {
      const { company } = await createCompany(t);
      const conn = await apiConnection(t, company.id, sink.url);
      const b = await expectError(
        await send(t, conn.token, { number: "+55 (11) 9", body: "x" }),
        400,
        "ERR_VALIDATION",
      );
      assert.equal((b.details as { path: string }[])[0].path, "number");
      await expectError(
        await send(t, conn.token, { number: "5511933332222", body: "  " }),
        400,
        "ERR_VALIDATION",
      );
      await expectError(await send(t, conn.token, { body: "x" }), 400, "ERR_VALIDATION");
      const other = await createCompany(t);
      const stranger = await createUser(t, other.company.id);
      await expectError(
        await send(t, conn.token, { ...ok, userId: stranger.user.id }),
        404,
        "ERR_NO_USER_FOUND",
      );
      const rows = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, company.id));
      assert.equal(rows.length, 0);
    });
    await tt.step("the OpenAPI document is public, valid JSON and describes the path", async () => {
      const res = await t.request("/api/docs/openapi.json");
      assert.equal(res.status, 200);
      const doc = JSON.parse(await res.text());
      assert.equal(doc.openapi, "3.1.0");
      const op = doc.paths["/messages/send"].post;
      assert.ok(op.requestBody.content["application/json"]);
      assert.ok(op.requestBody.content["multipart/form-data"]);
      assert.deepEqual(Object.keys(op.responses).sort(), [
        "200",
        "400",
        "401",
        "402",
        "403",
        "404",
        "409",
        "413",
        "415",
        "502",
      ]);
      // From the route's own zod schema: body defaults to "" (files alone are a message).
      assert.deepEqual(doc.components.schemas.SendRequest.required, ["number"]);
      assert.equal(doc.components.securitySchemes.connectionToken.scheme, "bearer");
    });
  } finally {
    await sink.close();
    await m.close();
  }
});

Deno.test("[external_api] end to end on an api-channel connection: signature, assignment, close, files, usage", async (tt) => {
  const m = await startMeta();
  const { t } = m;
  const sink: WebhookSink = startWebhookSink();
  try {
    const { company } = await createCompany(t, { timezone: "America/Sao_Paulo" });
    const queue = await createQueue(t, company.id, { name: "Vendas" });
    const agent = await createUser(t, company.id, { name: "Carla", queueIds: [queue.id] });
    const conn = await apiConnection(t, company.id, sink.url);
    const number = "5511933332222";
    let ticketId = 0;

    await tt.step(
      "text with signature and userId: stored, open for the user, delivered to the webhook",
      async () => {
        const res = await send(t, conn.token, {
          number,
          body: "Seu pedido saiu para entrega",
          userId: agent.user.id,
          queueId: queue.id,
          sendSignature: true,
        });
        const b = await res.json();
        assert.equal(res.status, 200, JSON.stringify(b));
        assert.equal(b.status, "SUCCESS");
        assert.equal(b.messageIds.length, 1);
        ticketId = b.ticketId;
        await runJobs(t);
        const hook = await sink.next((r) => String(r.json.body).includes("Seu pedido"));
        assert.equal(hook.json.body, "*Carla:*\nSeu pedido saiu para entrega");
        assert.equal((hook.json.to as { number: string }).number, number);
        const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
        assert.equal(ticket.status, "open");
        assert.equal(ticket.userId, agent.user.id);
        assert.equal(ticket.queueId, queue.id);
        assert.equal(ticket.whatsappId, conn.id);
        const [msg] = await t.deps.db.select().from(messages).where(eq(messages.id, b.messageIds[0]));
        assert.equal(msg.fromMe, true);
        assert.equal(msg.ack, 2);
      },
    );

    await tt.step("multipart with two files: one message each, the caption on the first", async () => {
      const form = new FormData();
      form.set("number", number);
      form.set("body", "as fotos");
      form.append("medias", new File([JPEG], "a.jpg", { type: "image/jpeg" }));
      form.append("medias", new File(["%PDF-1.4"], "nota.pdf", { type: "application/pdf" }));
      const res = await send(t, conn.token, form);
      const b = await res.json();
      assert.equal(res.status, 200, JSON.stringify(b));
      assert.equal(b.ticketId, ticketId);
      assert.equal(b.messageIds.length, 2);
      await runJobs(t);
      const first = await sink.next((r) => r.json.body === "as fotos");
      assert.equal((first.json.media as { filename: string }).filename, "a.jpg");
      const second = await sink.next((r) =>
        (r.json.media as { filename?: string } | null)?.filename === "nota.pdf"
      );
      assert.equal(second.json.body, "");
    });

    await tt.step("closeTicket closes the ticket without a farewell", async () => {
      const before = sink.received.length;
      const res = await send(t, conn.token, { number, body: "Obrigado!", closeTicket: true });
      assert.equal(res.status, 200);
      const b = await res.json();
      assert.equal(b.ticketId, ticketId);
      await runJobs(t);
      await sink.next((r) => r.json.body === "Obrigado!");
      assert.equal(sink.received.length, before + 1);
      const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
      assert.equal(ticket.status, "closed");
      assert.ok(ticket.closedAt);
    });

    await tt.step("a refused file type is 415 and nothing is sent", async () => {
      const form = new FormData();
      form.set("number", number);
      form.append("medias", new File(["MZ"], "tool.exe", { type: "application/octet-stream" }));
      await expectError(await send(t, conn.token, form), 415, "ERR_UNSUPPORTED_MEDIA");
    });

    await tt.step("the day's usage is counted in the company's zone", async () => {
      const date = todayIn(new Date(), "America/Sao_Paulo");
      const [u] = await t.deps.db.select().from(apiUsages)
        .where(and(eq(apiUsages.companyId, company.id), eq(apiUsages.dateUsed, date)));
      assert.equal(u.usedOnDay, 4);
      assert.equal(u.usedText, 2);
      assert.equal(u.usedImage, 1);
      assert.equal(u.usedPDF, 1);
      assert.equal(u.usedOther, 0);
    });
  } finally {
    await sink.close();
    await m.close();
  }
});

Deno.test("[external_api] end to end on a Cloud API connection, and the 24-hour window", async (tt) => {
  const m = await startMeta();
  const { t, graph } = m;
  try {
    const { company } = await createCompany(t);
    const conn = await metaConnection(t, company.id, "whatsappapi");
    const customer = "5511922221111";

    await tt.step(
      "a number that never wrote: 400 ERR_OUTSIDE_24H_WINDOW, no contact, no ticket, no send",
      async () => {
        await expectError(
          await send(t, conn.token, { number: customer, body: "Promoção!" }),
          400,
          "ERR_OUTSIDE_24H_WINDOW",
        );
        assert.equal(graph.sends().length, 0);
        assert.equal(
          (await t.deps.db.select().from(contacts).where(eq(contacts.companyId, company.id))).length,
          0,
        );
        assert.equal(
          (await t.deps.db.select().from(tickets).where(eq(tickets.companyId, company.id))).length,
          0,
        );
      },
    );

    await tt.step("after the customer wrote, the Graph server receives the message", async () => {
      await deliverAndRun(
        t,
        cloudPayload({ messages: [cloudText("wamid.C1", customer, "quero saber do pedido")] }),
      );
      const res = await send(t, conn.token, { number: customer, body: "Saiu para entrega" });
      const b = await res.json();
      assert.equal(res.status, 200, JSON.stringify(b));
      const req = graph.sends().at(-1)!;
      assert.equal(req.path, `/${PHONE_ID}/messages`);
      assert.equal(req.authorization, "Bearer EAAG-whatsappapi-token");
      assert.deepEqual(req.json, {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: customer,
        type: "text",
        text: { preview_url: false, body: "Saiu para entrega" },
      });
      const [msg] = await t.deps.db.select().from(messages).where(eq(messages.id, b.messageIds[0]));
      assert.match(msg.wid ?? "", /^wamid\.OUT-/);
      const [inbound] = await t.deps.db.select().from(messages).where(eq(messages.wid, "wamid.C1"));
      assert.equal(b.ticketId, inbound.ticketId);
    });

    await tt.step("a provider refusal is 502 ERR_SENDING_WAPP_MSG with Meta's message", async () => {
      graph.failNextSend = { status: 400, message: "(#131026) Message undeliverable", code: 131026 };
      const b = await expectError(
        await send(t, conn.token, { number: customer, body: "x" }),
        502,
        "ERR_SENDING_WAPP_MSG",
      );
      assert.equal((b.details as { message: string }).message, "(#131026) Message undeliverable");
    });
  } finally {
    await m.close();
  }
});
