/**
 * Local servers speaking the providers' documented protocols, for the integrations' tests:
 * Typebot's v1 chat API (startChat / continueChat), OpenAI's chat completions and audio
 * transcriptions, Google's OAuth token endpoint plus Dialogflow ES detectIntent, and an n8n-style
 * webhook. Each records the requests it got. A path or text containing "slow" never answers
 * (until the server closes), to make the caller time out.
 */
export type Hit = { path: string; headers: Headers; json: Record<string, unknown>; form?: FormData };

export type Providers = {
  url: string;
  hits: Hit[];
  /** Where the Typebot's hand-over bubble sends the ticket. */
  handoverQueueId: number;
  hitsTo(part: string): Hit[];
  close(): Promise<void>;
};

const json = (v: unknown, status = 200) =>
  new Response(JSON.stringify(v), { status, headers: { "content-type": "application/json" } });
const rich = (text: string) => ({
  id: crypto.randomUUID(),
  type: "text",
  content: { type: "richText", richText: [{ type: "p", children: [{ text }] }] },
});

/** A Typebot answer for the customer's text (the scripted bot of the tests). */
function typebot(text: string, start: boolean, origin: string, handoverQueueId: number) {
  const t = text.toLowerCase();
  if (t.includes("humano")) {
    return { messages: [rich("Vou te passar para um atendente."), rich(`#{"queueId": ${handoverQueueId}}`)] };
  }
  if (t.includes("fim")) return { messages: [rich("Obrigado, até logo!")] };
  if (start && !t) return { messages: [rich("Olá! Qual é o seu nome?")], input: { type: "text input" } };
  return {
    messages: [rich(`Prazer, ${text}!`), { type: "image", content: { url: `${origin}/img/pic.png` } }],
    input: { type: "choice input", items: [{ id: "a", content: "Vendas" }, { id: "b", content: "Suporte" }] },
  };
}

export function startProviders(): Providers {
  const hits: Hit[] = [];
  const pending = new Set<() => void>();
  const hang = () => new Promise<Response>((resolve) => pending.add(() => resolve(new Response("late"))));
  let sessions = 0;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const type = req.headers.get("content-type") ?? "";
    let body: Record<string, unknown> = {};
    let form: FormData | undefined;
    if (type.includes("multipart/form-data")) form = await req.formData();
    else if (type.includes("urlencoded")) body = Object.fromEntries(new URLSearchParams(await req.text()));
    else if (type.includes("ssml")) body = { ssml: await req.text() };
    else body = JSON.parse((await req.text()) || "{}");
    hits.push({ path, headers: req.headers, json: body, form });
    if (path === "/img/pic.png") {
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), {
        headers: { "content-type": "image/png" },
      });
    }
    const msg = body.message as { type?: string; text?: string } | undefined;
    const text = msg?.text ?? "";
    if (path.includes("slow") || text.includes("slow")) return await hang();

    // Typebot v1
    let m = path.match(/^\/api\/v1\/typebots\/([^/]+)\/startChat$/);
    if (m) {
      const answer = typebot(text, true, new URL(req.url).origin, providers.handoverQueueId) as Record<
        string,
        unknown
      >;
      return json({
        sessionId: `sess-${++sessions}`,
        typebot: { id: m[1], theme: {}, settings: {} },
        ...answer,
      });
    }
    m = path.match(/^\/api\/v1\/sessions\/([^/]+)\/continueChat$/);
    if (m) {
      return json(typebot(text, false, new URL(req.url).origin, providers.handoverQueueId));
    }

    // OpenAI
    if (path === "/v1/chat/completions") {
      if (!req.headers.get("authorization")?.startsWith("Bearer sk-")) {
        return json({ error: { message: "Incorrect API key", type: "invalid_request_error" } }, 401);
      }
      const msgs = body.messages as { role: string; content: string }[];
      const last = msgs.filter((x) => x.role === "user").at(-1)?.content ?? "";
      if (last.includes("slow")) return await hang();
      const content = last.includes("atendente")
        ? "Ação: Transferir para o setor de atendimento. Um momento, por favor."
        : `IA: resposta para "${last}" (${msgs.length} mensagens)`;
      return json({
        id: "chatcmpl-1",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
    }
    if (path === "/v1/audio/transcriptions") {
      const file = form?.get("file");
      if (!(file instanceof File) || form?.get("model") !== "whisper-1") {
        return json({ error: { message: "bad" } }, 400);
      }
      return json({ text: "quero saber o preço" });
    }

    // Azure text-to-speech
    if (path === "/cognitiveservices/v1") {
      const ok = req.headers.get("ocp-apim-subscription-key") === "azure-key-1" &&
        req.headers.get("x-microsoft-outputformat")?.includes("mp3") && String(body.ssml).includes("<voice");
      if (!ok) return new Response("bad request", { status: 400 });
      return new Response(new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]), {
        headers: { "content-type": "audio/mpeg" },
      });
    }

    // Google OAuth + Dialogflow ES
    if (path === "/token") {
      if (body.grant_type !== "urn:ietf:params:oauth:grant-type:jwt-bearer" || !body.assertion) {
        return json({ error: "invalid_grant" }, 400);
      }
      return json({ access_token: "ya29.test-token", expires_in: 3600, token_type: "Bearer" });
    }
    m = path.match(/^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/);
    if (m) {
      if (req.headers.get("authorization") !== "Bearer ya29.test-token") {
        return json({ error: { code: 401 } }, 401);
      }
      const q = (body.queryInput as { text: { text: string; languageCode: string } }).text;
      const end = q.text.toLowerCase().includes("tchau");
      return json({
        responseId: crypto.randomUUID(),
        queryResult: {
          queryText: q.text,
          languageCode: q.languageCode,
          fulfillmentText: end ? "Até mais!" : `Dialogflow ouviu: ${q.text}`,
          fulfillmentMessages: [{ text: { text: [end ? "Até mais!" : `Dialogflow ouviu: ${q.text}`] } }],
          intent: { displayName: end ? "despedida" : "fallback", endInteraction: end },
        },
      });
    }

    // n8n / webhook
    if (path.startsWith("/n8n")) {
      const b = (body.message as { body?: string } | undefined)?.body ?? "";
      if (b.includes("humano")) return json([{ output: "Chamando um humano.", handover: true }]);
      return json([{ output: `n8n recebeu: ${b}` }]);
    }
    return json({ error: "not found" }, 404);
  });
  const providers: Providers = {
    url: `http://127.0.0.1:${server.addr.port}`,
    handoverQueueId: 0,
    hits,
    hitsTo: (part) => hits.filter((h) => h.path.includes(part)),
    async close() {
      for (const f of pending) f();
      await server.shutdown();
    },
  };
  return providers;
}

/** An RSA service-account key (PKCS#8 PEM) as Dialogflow's jsonContent. */
export async function serviceAccountJson(): Promise<string> {
  const { privateKey } = await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  ) as CryptoKeyPair;
  const der = new Uint8Array(await crypto.subtle.exportKey("pkcs8", privateKey));
  const b64 = btoa(String.fromCharCode(...der)).replace(/(.{64})/g, "$1\n");
  return JSON.stringify({
    type: "service_account",
    project_id: "atende-test",
    client_email: `bot-${crypto.randomUUID().slice(0, 8)}@atende-test.iam.gserviceaccount.com`,
    private_key: `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n`,
  });
}
