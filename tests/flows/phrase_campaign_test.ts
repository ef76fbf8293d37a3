/** Phrase campaigns at run time: the keyword starts the flow, other messages do not (spec 3 §3 Flow campaign). */
import assert from "node:assert/strict";
import { createTestApp } from "../_helpers/test_app.ts";
import { customerSays, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { edge, node } from "./_graph.ts";

Deno.test("[flows] a phrase campaign's keyword starts its flow; other messages and other connections do not", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const w = await createTenant(t, { webhook: null, user: false });
    const tok = w.adminToken;
    const other = await expectOk<Json>(
      await t.request("/api/whatsapp", {
        method: "POST",
        token: tok,
        json: { name: "Outro", channel: "api", webhookUrl: "http://127.0.0.1:9/x" },
      }),
      201,
    );
    const f = await expectOk<Json>(
      await t.request("/api/flowbuilder", { method: "POST", token: tok, json: { name: "Promo" } }),
      201,
    );
    await expectOk(
      await t.request("/api/flowbuilder/flow", {
        method: "POST",
        token: tok,
        json: {
          idFlow: f.id,
          nodes: [node("s", "start"), node("m", "message", { label: "Promoção de {{firstName}}: 20% off" })],
          connections: [edge("s", "m")],
        },
      }),
    );
    const camp = await expectOk<Json>(
      await t.request("/api/flowcampaign", {
        method: "POST",
        token: tok,
        json: { name: "Black friday", flowId: f.id, whatsappId: w.conn.id, phrase: "Quero Promoção" },
      }),
      201,
    );
    const says = async (conn: { token: string }, number: string, body: string) => {
      const { ticketId } = await customerSays(t, conn, { number, name: "Lia Nunes" }, body);
      return (await outbound(t, ticketId)).map((m) => m.body);
    };

    await tt.step("other messages do not start the flow", async () => {
      assert.deepEqual(await says(w.conn, "5511911110000", "bom dia"), []);
      assert.deepEqual(await says(w.conn, "5511911110000", "quero promoção amanhã"), []);
    });
    await tt.step("the keyword (case, accents and spaces ignored) starts it", async () => {
      assert.deepEqual(await says(w.conn, "5511911110001", "  quero   PROMOCAO "), [
        "Promoção de Lia: 20% off",
      ]);
    });
    await tt.step("not on another connection, nor when switched off", async () => {
      assert.deepEqual(
        await says(other as unknown as { token: string }, "5511911110002", "quero promoção"),
        [],
      );
      await expectOk(
        await t.request("/api/flowcampaign", {
          method: "PUT",
          token: tok,
          json: {
            id: camp.id,
            name: "Black friday",
            flowId: f.id,
            whatsappId: w.conn.id,
            phrase: "Quero Promoção",
            status: false,
          },
        }),
      );
      const { ticketId } = await customerSays(t, w.conn, { number: "5511911110003" }, "quero promoção");
      assert.deepEqual((await outbound(t, ticketId)).map((m) => m.body), []);
      assert.equal((await ticketRow(t, ticketId)).flowStopped, null);
    });
  } finally {
    await t.close();
  }
});
