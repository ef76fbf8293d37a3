/**
 * Conversations through each integration kind over the api channel, against local servers that
 * speak the providers' protocols (tests/integrations/_providers.ts): Typebot (startChat,
 * continueChat, text/image/choice blocks, hand-over to a queue), OpenAI (history, hand-over,
 * audio transcribed before it reaches the bot), Dialogflow (detectIntent, end of conversation),
 * n8n (POST, answer applied, hand-over), a provider that times out (the message kept, a line in
 * the ticket log), and GET /messages/transcribeAudio/{file}.
 */
import assert from "node:assert/strict";
import { and, asc, eq } from "drizzle-orm";
import { messages, prompts, ticketLogs } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startWebhookSink, type WebhookSink } from "../_helpers/webhook_sink.ts";
import { customerSays, ticketRow, waitUntil } from "../_helpers/inbox.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { createTenant, type Inbox } from "../_helpers/tenant.ts";
import { type Providers, serviceAccountJson, startProviders } from "./_providers.ts";

type World = { t: TestApp; p: Providers; sink: WebhookSink; close(): Promise<void> };

async function world(env: Record<string, string> = {}): Promise<World> {
  const p = startProviders();
  const sink = startWebhookSink();
  const t = await createTestApp({
    env: {
      OPENAI_API_URL: `${p.url}/v1`,
      TYPEBOT_API_URL: p.url,
      DIALOGFLOW_API_URL: p.url,
      GOOGLE_TOKEN_URL: `${p.url}/token`,
      AZURE_TTS_URL: p.url,
      INTEGRATION_TIMEOUT_MS: "400",
      ...env,
    },
  });
  return {
    t,
    p,
    sink,
    async close() {
      await t.close();
      await p.close();
      await sink.close();
    },
  };
}

const api = (t: TestApp, token: string, method: string, path: string, json?: unknown) =>
  t.request(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });

async function integration(t: TestApp, inbox: Inbox, body: Json): Promise<number> {
  return (await expectOk<{ id: number }>(
    await api(t, inbox.adminToken, "POST", "/queueIntegration", body),
    201,
  )).id;
}

/** The bot's texts on the ticket, once there are at least `n`. */
async function botTexts(t: TestApp, ticketId: number, n: number): Promise<string[]> {
  return await waitUntil(
    async () => {
      const rows = await t.deps.db.select({ body: messages.body, mediaType: messages.mediaType }).from(
        messages,
      )
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true), eq(messages.isPrivate, false)))
        .orderBy(asc(messages.id));
      return rows.length >= n ? rows.map((r) => r.mediaType === "chat" ? r.body : `[${r.mediaType}]`) : null;
    },
    `${n} bot messages on ticket ${ticketId}`,
    20_000,
  );
}

async function logs(t: TestApp, ticketId: number) {
  return await t.deps.db.select({
    type: ticketLogs.type,
    detail: ticketLogs.detail,
    queueId: ticketLogs.queueId,
  })
    .from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId)).orderBy(asc(ticketLogs.id));
}

Deno.test("[integrations] Typebot: a session per ticket, blocks mapped, keyword restart, hand-over to a queue", async () => {
  const w = await world();
  try {
    const inbox = await createTenant(w.t, { webhook: w.sink, user: false, queues: [{ name: "Humanos" }] });
    const id = await integration(w.t, inbox, {
      type: "typebot",
      name: "Qualificação",
      typebotSlug: "vendas",
      typebotDelayMessage: 0,
      typebotKeywordRestart: "reiniciar",
      typebotRestartMessage: "Vamos recomeçar.",
      typebotExpires: 5,
    });
    // The connection hands queue-less tickets to the Typebot.
    await expectOk(
      await api(w.t, inbox.adminToken, "PUT", `/whatsapp/${inbox.conn.id}`, { integrationId: id }),
    );
    const first = await customerSays(w.t, inbox.conn, "5511990000001", "oi");
    assert.deepEqual(await botTexts(w.t, first.ticketId, 3), [
      "Prazer, oi!",
      "[image]",
      "*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
    ]);
    const start = w.p.hitsTo("/startChat");
    assert.equal(start.length, 1);
    assert.equal(start[0].path, "/api/v1/typebots/vendas/startChat");
    assert.deepEqual(start[0].json.message, { type: "text", text: "oi" });
    assert.equal((start[0].json.prefilledVariables as Json).number, "5511990000001");
    let ticket = await ticketRow(w.t, first.ticketId);
    assert.equal(ticket.useIntegration, true);
    assert.equal(ticket.typebotSessionId, "sess-1");
    assert.equal(ticket.queueId, null, "the queue menu did not run");

    await customerSays(w.t, inbox.conn, "5511990000001", "Maria");
    assert.equal((await botTexts(w.t, first.ticketId, 6))[3], "Prazer, Maria!");
    const cont = w.p.hitsTo("/continueChat");
    assert.equal(cont[0].path, "/api/v1/sessions/sess-1/continueChat");
    assert.deepEqual(cont[0].json.message, { type: "text", text: "Maria" });

    // The restart keyword drops the session: the next message starts a new chat.
    await customerSays(w.t, inbox.conn, "5511990000001", "reiniciar");
    assert.equal((await botTexts(w.t, first.ticketId, 7))[6], "Vamos recomeçar.");
    assert.equal((await ticketRow(w.t, first.ticketId)).typebotSessionId, null);

    // The bot hands over (a `#{"queueId": …}` bubble): pending in that queue, bot columns cleared.
    w.p.handoverQueueId = inbox.queues[0].id;
    await customerSays(w.t, inbox.conn, "5511990000001", "quero um humano");
    await botTexts(w.t, first.ticketId, 8);
    ticket = await waitUntil(async () => {
      const r = await ticketRow(w.t, first.ticketId);
      return r.useIntegration ? null : r;
    }, "hand-over");
    assert.equal(ticket.status, "pending");
    assert.equal(ticket.queueId, inbox.queues[0].id);
    assert.equal(ticket.integrationId, null);
    assert.equal(ticket.typebotSessionId, null);
    const end = (await logs(w.t, first.ticketId)).find((l) => l.type === "integrationEnd");
    assert.match(end?.detail ?? "", /Typebot «Qualificação»: transfer/);
    // People have it now: later messages do not reach the Typebot.
    const calls = w.p.hits.length;
    await customerSays(w.t, inbox.conn, "5511990000001", "alô?");
    await w.t.deps.jobs.kick();
    assert.equal(w.p.hits.length, calls);
  } finally {
    await w.close();
  }
});

Deno.test("[integrations] a queue's Typebot takes tickets entering the queue; end of the flow hands over", async () => {
  const w = await world();
  try {
    const inbox = await createTenant(w.t, { webhook: w.sink, user: false, queues: [{ name: "Vendas" }] });
    const id = await integration(w.t, inbox, {
      type: "typebot",
      name: "Bot",
      typebotSlug: "x",
      typebotDelayMessage: 0,
    });
    await expectOk(
      await api(w.t, inbox.adminToken, "PUT", `/queue/${inbox.queues[0].id}`, { integrationId: id }),
    );
    const r = await customerSays(w.t, inbox.conn, "5511990000002", "bom dia");
    // A single queue: the ticket enters it, then the queue's bot answers the next message.
    assert.equal((await ticketRow(w.t, r.ticketId)).queueId, inbox.queues[0].id);
    await customerSays(w.t, inbox.conn, "5511990000002", "Ana");
    const texts = await botTexts(w.t, r.ticketId, 1);
    await waitUntil(
      async () => (await botTexts(w.t, r.ticketId, 1)).includes("Prazer, Ana!"),
      "typebot answer",
    );
    assert.ok(texts.length >= 1);
    await customerSays(w.t, inbox.conn, "5511990000002", "fim");
    await waitUntil(async () => !(await ticketRow(w.t, r.ticketId)).useIntegration, "end of flow hand-over");
    assert.ok((await botTexts(w.t, r.ticketId, 1)).includes("Obrigado, até logo!"));
    const ticket = await ticketRow(w.t, r.ticketId);
    assert.equal(ticket.queueId, inbox.queues[0].id);
    assert.equal(ticket.status, "pending");
  } finally {
    await w.close();
  }
});

Deno.test("[integrations] OpenAI: history and system prompt, hand-over to the prompt's queue; audio transcribed first", async () => {
  const w = await world();
  try {
    const inbox = await createTenant(w.t, {
      webhook: w.sink,
      user: false,
      queues: [{ name: "Atendimento" }],
    });
    const prompt = await expectOk<{ id: number }>(
      await api(w.t, inbox.adminToken, "POST", "/prompt", {
        name: "Assistente",
        prompt: "Você é a assistente da Loja X.",
        apiKey: "sk-test-key-0001",
        queueId: inbox.queues[0].id,
        maxMessages: 4,
        model: "gpt-4o-mini",
      }),
      201,
    );
    await expectOk(
      await api(w.t, inbox.adminToken, "PUT", `/whatsapp/${inbox.conn.id}`, { promptId: prompt.id }),
    );
    const r = await customerSays(w.t, inbox.conn, "5511990000003", "Qual o horário?");
    assert.match((await botTexts(w.t, r.ticketId, 1))[0], /^IA: resposta para "Qual o horário\?"/);
    const call = w.p.hitsTo("/chat/completions")[0];
    assert.equal(call.headers.get("authorization"), "Bearer sk-test-key-0001");
    assert.equal(call.json.model, "gpt-4o-mini");
    assert.equal(call.json.max_tokens, 100);
    const sys = (call.json.messages as { role: string; content: string }[])[0];
    assert.equal(sys.role, "system");
    assert.match(sys.content, /Loja X/);

    // Audio: transcribed (whisper-1) and the transcription is what the bot answers.
    const ogg = btoa("OggS fake voice note");
    await customerSays(w.t, inbox.conn, "5511990000003", "", {
      media: { base64: ogg, mimetype: "audio/ogg", filename: "voz.ogg" },
    });
    const texts = await botTexts(w.t, r.ticketId, 2);
    assert.match(texts[1], /^IA: resposta para "quero saber o preço"/);
    const tr = w.p.hitsTo("/audio/transcriptions")[0];
    assert.equal(tr.form?.get("model"), "whisper-1");
    assert.equal(tr.headers.get("authorization"), "Bearer sk-test-key-0001");
    // History: at most maxMessages messages besides the system prompt.
    const second = w.p.hitsTo("/chat/completions")[1];
    assert.ok((second.json.messages as unknown[]).length <= 5);

    // GET /messages/transcribeAudio/{file} for the attendant (another company: 404).
    const [audio] = await w.t.deps.db.select().from(messages)
      .where(and(eq(messages.ticketId, r.ticketId), eq(messages.mediaType, "audio")));
    const file = audio.mediaUrl!.split("/").pop()!;
    const tx = await expectOk<Json>(
      await api(w.t, inbox.adminToken, "GET", `/messages/transcribeAudio/${file}`),
    );
    assert.equal(tx.transcribedText, "quero saber o preço");
    const other = await createTenant(w.t, { webhook: null, user: false });
    await expectError(
      await api(w.t, other.adminToken, "GET", `/messages/transcribeAudio/${file}`),
      404,
      "ERR_NOT_FOUND",
    );

    // Asking for a person: the transfer action hands the ticket to the prompt's queue.
    await customerSays(w.t, inbox.conn, "5511990000003", "quero um atendente");
    const ticket = await waitUntil(async () => {
      const t = await ticketRow(w.t, r.ticketId);
      return t.useIntegration ? null : t;
    }, "hand-over");
    assert.equal(ticket.queueId, inbox.queues[0].id);
    assert.equal(ticket.promptId, null);
    assert.ok((await botTexts(w.t, r.ticketId, 3)).includes("Um momento, por favor."));
  } finally {
    await w.close();
  }
});

Deno.test("[integrations] Dialogflow: detectIntent per ticket session, fulfilment messages, hand-over at the end", async () => {
  const w = await world();
  try {
    const inbox = await createTenant(w.t, { webhook: w.sink, user: false, queues: [{ name: "Suporte" }] });
    const id = await integration(w.t, inbox, {
      type: "dialogflow",
      name: "Agente",
      projectName: "atende-test",
      jsonContent: await serviceAccountJson(),
      language: "es",
    });
    await expectOk(
      await api(w.t, inbox.adminToken, "PUT", `/whatsapp/${inbox.conn.id}`, { integrationId: id }),
    );
    const r = await customerSays(w.t, inbox.conn, "5511990000004", "hola");
    assert.deepEqual(await botTexts(w.t, r.ticketId, 1), ["Dialogflow ouviu: hola"]);
    const hit = w.p.hitsTo(":detectIntent")[0];
    const ticket0 = await ticketRow(w.t, r.ticketId);
    assert.equal(hit.path, `/v2/projects/atende-test/agent/sessions/atende-${ticket0.uuid}:detectIntent`);
    assert.deepEqual(hit.json.queryInput, { text: { text: "hola", languageCode: "es" } });
    assert.equal(w.p.hitsTo("/token").length, 1);
    await customerSays(w.t, inbox.conn, "5511990000004", "tchau");
    await waitUntil(async () => !(await ticketRow(w.t, r.ticketId)).useIntegration, "hand-over");
    assert.deepEqual(await botTexts(w.t, r.ticketId, 2), ["Dialogflow ouviu: hola", "Até mais!"]);
    assert.ok(
      (await logs(w.t, r.ticketId)).some((l) =>
        l.type === "integrationEnd" && /end of the conversation/.test(l.detail ?? "")
      ),
    );
  } finally {
    await w.close();
  }
});

Deno.test("[integrations] n8n: the message POSTed with its ticket, the answer applied, hand-over", async () => {
  const w = await world();
  try {
    const inbox = await createTenant(w.t, { webhook: w.sink, user: false });
    const id = await integration(w.t, inbox, { type: "n8n", name: "Fluxo", urlN8N: `${w.p.url}/n8n/hook` });
    await expectOk(
      await api(w.t, inbox.adminToken, "PUT", `/whatsapp/${inbox.conn.id}`, { integrationId: id }),
    );
    const r = await customerSays(w.t, inbox.conn, "5511990000005", "pedido 42");
    assert.deepEqual(await botTexts(w.t, r.ticketId, 1), ["n8n recebeu: pedido 42"]);
    const hit = w.p.hitsTo("/n8n/hook")[0];
    assert.equal((hit.json.ticket as Json).id, r.ticketId);
    assert.equal((hit.json.contact as Json).number, "5511990000005");
    assert.equal((hit.json.message as Json).body, "pedido 42");
    assert.ok(hit.headers.get("idempotency-key")?.startsWith(`atende-${r.ticketId}-`));
    await customerSays(w.t, inbox.conn, "5511990000005", "um humano por favor");
    await waitUntil(async () => !(await ticketRow(w.t, r.ticketId)).useIntegration, "hand-over");
    assert.deepEqual(await botTexts(w.t, r.ticketId, 2), ["n8n recebeu: pedido 42", "Chamando um humano."]);
  } finally {
    await w.close();
  }
});

Deno.test("[integrations] a provider that times out: the message is kept, ingest answers, the ticket log says why", async () => {
  const w = await world();
  try {
    const inbox = await createTenant(w.t, { webhook: w.sink, user: false });
    const id = await integration(w.t, inbox, {
      type: "typebot",
      name: "Lento",
      typebotSlug: "slow",
      typebotDelayMessage: 0,
    });
    await expectOk(
      await api(w.t, inbox.adminToken, "PUT", `/whatsapp/${inbox.conn.id}`, { integrationId: id }),
    );
    // customerSays returns once the message is stored and the automation ran: the hanging
    // provider is called from the job, not from the inbound request.
    const r = await customerSays(w.t, inbox.conn, "5511990000006", "alguém aí?");
    const [stored] = await w.t.deps.db.select().from(messages).where(eq(messages.id, r.messageId));
    assert.equal(stored.body, "alguém aí?");
    const line = await waitUntil(
      async () => (await logs(w.t, r.ticketId)).find((l) => l.type === "integrationError"),
      "the failure line in the ticket log",
      60_000,
    );
    assert.match(line.detail ?? "", /Typebot: timed out after 400 ms/);
    assert.match(line.detail ?? "", new RegExp(`#${r.messageId}`));
    // Retried (a timeout is worth another try) before giving up.
    assert.equal(w.p.hitsTo("/typebots/slow/startChat").length, 3);
    // The ticket log API shows the line to attendants.
    const shown = await expectOk<Json[]>(
      await api(w.t, inbox.adminToken, "GET", `/tickets-log/${r.ticketId}`),
    );
    assert.ok(shown.some((l) => l.type === "integrationError" && String(l.detail).includes("timed out")));
  } finally {
    await w.close();
  }
});

Deno.test("[integrations] OpenAI with a voice: the answer is spoken (Azure TTS) and sent as audio", async () => {
  const w = await world();
  try {
    const inbox = await createTenant(w.t, { webhook: w.sink, user: false });
    const prompt = await expectOk<{ id: number; voiceKey: string }>(
      await api(w.t, inbox.adminToken, "POST", "/prompt", {
        name: "Voz",
        prompt: "Responda em voz.",
        apiKey: "sk-test-key-0002",
        voice: "pt-BR-FranciscaNeural",
        voiceKey: "azure-key-1",
        voiceRegion: "brazilsouth",
      }),
      201,
    );
    assert.ok(prompt.voiceKey.startsWith("••••"), "the voice key is a secret too");
    const [stored] = await w.t.deps.db.select().from(prompts).where(eq(prompts.id, prompt.id));
    assert.ok(stored.voiceKey?.startsWith("enc:v1:"), "sealed at rest");
    await expectOk(
      await api(w.t, inbox.adminToken, "PUT", `/whatsapp/${inbox.conn.id}`, { promptId: prompt.id }),
    );
    const r = await customerSays(w.t, inbox.conn, "5511990000007", "bom dia");
    assert.deepEqual(await botTexts(w.t, r.ticketId, 1), ["[audio]"]);
    const tts = w.p.hitsTo("/cognitiveservices/v1")[0];
    assert.match(String(tts.json.ssml), /name='pt-BR-FranciscaNeural'>IA: resposta para &quot;bom dia&quot;/);
  } finally {
    await w.close();
  }
});
