/**
 * The flow runtime over the api channel, node by node: start, message, question ({{variable}}),
 * menu by number, by text and an invalid answer asked again, condition both ways, randomizer,
 * interval (a durable job that survives a restart), content block with its own interval, image,
 * audio and video nodes, transfer to a queue, Typebot and OpenAI hand-over; welcome and
 * not-a-phrase flows; editing a flow under a running ticket.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { prompts, queueIntegrations, tickets } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { customerSays, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, type Json, PNG } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { edge, type G, nid, node } from "./_graph.ts";

function testClock() {
  let now = Math.floor(Date.now() / 1000) * 1000;
  return { now: () => new Date(now), advance: (s: number) => void (now += s * 1000) };
}

async function upload(t: TestApp, token: string, path: string, file: File): Promise<string> {
  const fd = new FormData();
  fd.append("medias", file);
  return (await expectOk<Json>(await t.request(path, { method: "POST", token, body: fd }))).name as string;
}

async function saveFlow(t: TestApp, token: string, name: string, g: G): Promise<number> {
  const f = await expectOk<Json>(
    await t.request("/api/flowbuilder", { method: "POST", token, json: { name } }),
    201,
  );
  await expectOk(
    await t.request("/api/flowbuilder/flow", { method: "POST", token, json: { idFlow: f.id, ...g } }),
  );
  return f.id as number;
}

const bodies = async (t: TestApp, ticketId: number) => (await outbound(t, ticketId)).map((m) => m.body);
const last = async (t: TestApp, ticketId: number) => (await bodies(t, ticketId)).at(-1);

Deno.test("[flows] the runtime runs every node type, durably, and survives edits", async (tt) => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-flow-" });
  const clock = testClock();
  let t = await createTestApp({ dataDir, clock, scheduler: false });
  try {
    const w = await createTenant(t, {
      webhook: null,
      user: false,
      queues: [{ name: "Vendas" }, { name: "Suporte" }],
      conn: { greetingMessage: "Escolha uma fila" },
    });
    const tok = w.adminToken;
    const cid = w.company.id;
    const [integ] = await t.deps.database.write((tx) =>
      tx.insert(queueIntegrations).values({
        companyId: cid,
        type: "typebot",
        name: "Bot",
        urlN8N: "http://127.0.0.1:9",
      })
        .returning()
    );
    const [prompt] = await t.deps.database.write((tx) =>
      tx.insert(prompts).values({ companyId: cid, name: "IA", prompt: "Seja breve" }).returning()
    );
    const img = await upload(
      t,
      tok,
      "/api/flowbuilder/img",
      new File([PNG], "foto.png", { type: "image/png" }),
    );
    const audio = await upload(
      t,
      tok,
      "/api/flowbuilder/audio",
      new File([new Uint8Array(8)], "voz.mp3", { type: "audio/mpeg" }),
    );
    const [video] = await expectOk<string[]>(
      await t.request("/api/flowbuilder/content", {
        method: "POST",
        token: tok,
        body: (() => {
          const fd = new FormData();
          fd.append("medias", new File([new Uint8Array(8)], "clip.mp4", { type: "video/mp4" }));
          return fd;
        })(),
      }),
    );

    const welcome: G = {
      nodes: [
        node("start", "start"),
        node("hello", "message", { label: "Olá {{firstName}}!" }),
        node("ask", "question", { typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" } }),
        node("menu", "menu", {
          message: "Como ajudar, {{nome}}?",
          arrayOption: [{ number: 1, value: "Vendas" }, { number: 2, value: "Suporte" }, {
            number: 3,
            value: "Outros",
          }],
        }),
        node("toSales", "ticket", { id: w.queues[0].id, name: "Vendas" }),
        node("cond", "condition", { key: "nome", condition: "equals", value: "ana" }),
        node("isAna", "message", { label: "Oi de novo, {{nome}}" }),
        node("wait", "interval", { sec: 30 }),
        node("after", "message", { label: "Voltei, {{nome}}" }),
        node("notAna", "message", { label: "Você não é a Ana" }),
        node("img", "img", { url: img }),
        node("audio", "audio", { url: audio, record: true }),
        node("video", "video", { url: video }),
        node("rand", "randomizer", { percent: 100 }),
        node("block", "singleBlock", {
          seq: ["message0", "interval0", "img0"],
          elements: [
            { number: "message0", type: "message", value: "Bloco para {{nome}}" },
            { number: "interval0", type: "interval", value: 5 },
            { number: "img0", type: "img", value: img, original: "foto.png" },
          ],
        }),
        node("typebot", "typebot", { integrationId: integ.id }),
        node("openai", "openai", { promptId: prompt.id }),
      ],
      connections: [
        edge("start", "hello"),
        edge("hello", "ask"),
        edge("ask", "menu"),
        edge("menu", "toSales", "a1"),
        edge("menu", "cond", "a2"),
        edge("menu", "rand", "a3"),
        edge("cond", "isAna", "a"),
        edge("cond", "notAna", "b"),
        edge("isAna", "wait"),
        edge("wait", "after"),
        edge("notAna", "img"),
        edge("img", "audio"),
        edge("audio", "video"),
        edge("rand", "block", "a"),
        edge("rand", "openai", "b"),
        edge("block", "typebot"),
      ],
    };
    const flowId = await saveFlow(t, tok, "Boas-vindas", welcome);
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: tok,
        json: { flowIdWelcome: flowId },
      }),
    );

    const intro = async (number: string, name: string, answer: string) => {
      const { ticketId } = await customerSays(t, w.conn, { number, name }, "oi");
      assert.deepEqual(await bodies(t, ticketId), [`Olá ${name.split(" ")[0]}!`, "Qual é o seu nome?"]);
      const tk = await ticketRow(t, ticketId);
      assert.equal(tk.flowStopped, String(flowId));
      assert.equal(tk.lastFlowId, nid("ask"));
      assert.equal(tk.flowWebhook, true);
      await customerSays(t, w.conn, { number }, answer);
      assert.equal(await last(t, ticketId), `Como ajudar, ${answer}?\n\n[1] Vendas\n[2] Suporte\n[3] Outros`);
      return ticketId;
    };

    await tt.step("start → message → question → menu by number 1 → transfer to the queue", async () => {
      const id = await intro("5511900000001", "Rui Costa", "Rui");
      await customerSays(t, w.conn, { number: "5511900000001" }, "1");
      const tk = await ticketRow(t, id);
      assert.equal(tk.queueId, w.queues[0].id);
      assert.equal(tk.status, "pending");
      assert.equal(tk.flowStopped, null);
      assert.equal(tk.lastFlowId, null);
      const n = (await bodies(t, id)).length;
      await customerSays(t, w.conn, { number: "5511900000001" }, "2");
      assert.equal((await bodies(t, id)).length, n, "the flow no longer answers");
    });

    let anaTicket = 0;
    await tt.step("invalid answer asked again; menu by text; condition true; interval parks", async () => {
      anaTicket = await intro("5511900000002", "Ana Lima", "Ana");
      await customerSays(t, w.conn, { number: "5511900000002" }, "9");
      assert.equal(await last(t, anaTicket), "Como ajudar, Ana?\n\n[1] Vendas\n[2] Suporte\n[3] Outros");
      await customerSays(t, w.conn, { number: "5511900000002" }, "suporte");
      assert.equal(await last(t, anaTicket), "Oi de novo, Ana");
      const tk = await ticketRow(t, anaTicket);
      assert.equal(tk.lastFlowId, nid("wait"));
      assert.equal(tk.flowWebhook, false);
      await customerSays(t, w.conn, { number: "5511900000002" }, "alô?");
      assert.equal(await last(t, anaTicket), "Oi de novo, Ana", "a message during the wait is not answered");
      await runDueJobs(t.deps);
      assert.equal(await last(t, anaTicket), "Oi de novo, Ana", "not due yet");
    });

    await tt.step("the interval survives a restart and then continues", async () => {
      await t.close();
      t = await createTestApp({ dataDir, clock, scheduler: false });
      clock.advance(31);
      await runDueJobs(t.deps);
      await t.deps.bus.drain();
      assert.equal(await last(t, anaTicket), "Voltei, Ana");
      const tk = await ticketRow(t, anaTicket);
      assert.equal(tk.flowStopped, null, "the flow ended after its last node");
      await runDueJobs(t.deps);
      assert.equal((await bodies(t, anaTicket)).filter((b) => b === "Voltei, Ana").length, 1, "runs once");
    });

    await tt.step("condition false → image, audio and video nodes", async () => {
      const id = await intro("5511900000003", "Bia Souza", "Bia");
      await customerSays(t, w.conn, { number: "5511900000003" }, "2");
      const out = await outbound(t, id);
      assert.equal(out.at(-4)!.body, "Você não é a Ana");
      assert.deepEqual(out.slice(-3).map((m) => m.mediaType), ["image", "audio", "video"]);
      assert.equal(out.at(-3)!.mediaUrl, img);
      assert.equal((await ticketRow(t, id)).flowStopped, null);
    });

    await tt.step("randomizer → content block with its own interval → Typebot hand-over", async () => {
      const id = await intro("5511900000004", "Caio Reis", "Caio");
      await customerSays(t, w.conn, { number: "5511900000004" }, "[3]");
      assert.equal(await last(t, id), "Bloco para Caio");
      assert.equal((await ticketRow(t, id)).lastFlowId, nid("block"));
      clock.advance(6);
      await runDueJobs(t.deps);
      await t.deps.bus.drain();
      const out = await outbound(t, id);
      assert.equal(out.at(-1)!.mediaType, "image");
      const tk = await ticketRow(t, id);
      assert.equal(tk.useIntegration, true);
      assert.equal(tk.integrationId, integ.id);
      assert.equal(tk.flowStopped, null);
    });

    await tt.step("randomizer at 0 % → OpenAI hand-over sets the prompt", async () => {
      const g = structuredClone(welcome);
      (g.nodes.find((n) => n.id === nid("rand"))!.data as Json).percent = 0;
      await expectOk(
        await t.request("/api/flowbuilder/flow", {
          method: "POST",
          token: tok,
          json: { idFlow: flowId, ...g },
        }),
      );
      const id = await intro("5511900000005", "Duda Melo", "Duda");
      await customerSays(t, w.conn, { number: "5511900000005" }, "Outros");
      const tk = await ticketRow(t, id);
      assert.equal(tk.useIntegration, true);
      assert.equal(tk.promptId, prompt.id);
      assert.equal(tk.integrationId, null);
    });

    await tt.step("editing the flow under a parked ticket: a removed node ends the run cleanly", async () => {
      const id = await intro("5511900000006", "Eva Dias", "Eva");
      const g = structuredClone(welcome);
      g.nodes = g.nodes.filter((n) => n.id !== nid("menu"));
      g.connections = g.connections.filter((e) => e.source !== nid("menu") && e.target !== nid("menu"));
      await expectOk(
        await t.request("/api/flowbuilder/flow", {
          method: "POST",
          token: tok,
          json: { idFlow: flowId, ...g },
        }),
      );
      const n = (await bodies(t, id)).length;
      await customerSays(t, w.conn, { number: "5511900000006" }, "1");
      const tk = await ticketRow(t, id);
      assert.equal(tk.flowStopped, null);
      assert.equal(tk.lastFlowId, null);
      assert.ok((await bodies(t, id)).length >= n);
      await expectOk(
        await t.request("/api/flowbuilder/flow", {
          method: "POST",
          token: tok,
          json: { idFlow: flowId, ...welcome },
        }),
      );
    });

    await tt.step("an attendant accepting a parked ticket ends the flow; the bot is quiet", async () => {
      const id = await intro("5511900000007", "Gil Rocha", "Gil");
      await expectOk(
        await t.request(`/api/tickets/${id}`, {
          method: "PUT",
          token: tok,
          json: { status: "open", userId: w.admin.user.id },
        }),
      );
      const n = (await bodies(t, id)).length;
      await customerSays(t, w.conn, { number: "5511900000007" }, "1");
      const tk = await ticketRow(t, id);
      assert.equal(tk.flowStopped, null);
      assert.equal(tk.queueId, null, "the menu choice was not taken");
      assert.equal((await bodies(t, id)).length, n);
    });

    await tt.step("a returning contact gets the not-a-phrase flow, a new one the welcome flow", async () => {
      const other = await saveFlow(t, tok, "De volta", {
        nodes: [node("s", "start"), node("m", "message", { label: "Bem-vindo de volta" })],
        connections: [edge("s", "m")],
      });
      await expectOk(
        await t.request(`/api/whatsapp/${w.conn.id}`, {
          method: "PUT",
          token: tok,
          json: { flowIdNotPhrase: other },
        }),
      );
      // Rui's ticket (in the queue) is closed; he writes again.
      const [rui] = await t.deps.db.select().from(tickets).where(eq(tickets.queueId, w.queues[0].id));
      await expectOk(
        await t.request(`/api/tickets/${rui.id}`, { method: "PUT", token: tok, json: { status: "closed" } }),
      );
      const { ticketId } = await customerSays(t, w.conn, { number: "5511900000001" }, "oi de novo");
      assert.notEqual(ticketId, rui.id);
      assert.equal(await last(t, ticketId), "Bem-vindo de volta");
    });
  } finally {
    await t.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
