/**
 * Settings are read through a per-company cache (server/settings/cache.ts). A change made through
 * the API must govern the very next inbound message, list request and socket event: each step
 * first makes the app read (and cache) the old value, then changes it with PUT /api/settings/:key.
 */
import assert from "node:assert/strict";
import { OPERATOR, startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { login } from "../_helpers/factories.ts";
import { customerSays, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { downloadLimitMb } from "@/channels/download.ts";
import { maskNumber } from "@/lib/lgpd.ts";

const putSetting = async (t: TestApp, token: string, key: string, value: string) =>
  await expectOk(await t.request(`/api/settings/${key}`, { method: "PUT", token, json: { value } }));

Deno.test("[settings] a setting changed through the API governs the next inbound message and list", async (tt) => {
  const t = await startTestServer();
  const sink = startWebhookSink();
  try {
    const w = await createTenant(t, {
      webhook: sink,
      user: false,
      queues: [{ name: "Vendas" }],
      conn: { greetingMessage: "Bem-vindo, {{firstName}}!" },
    });

    await tt.step(
      "sendGreetingMessageOneQueues: off, then on again, each from the next message",
      async () => {
        const first = await customerSays(t, w.conn, { number: "5511900000001", name: "Ana" }, "Olá");
        assert.equal((await outbound(t, first.ticketId)).length, 1, "greeted under the default (enabled)");

        await putSetting(t, w.adminToken, "sendGreetingMessageOneQueues", "disabled");
        const second = await customerSays(t, w.conn, "5511900000002", "Olá");
        assert.equal((await ticketRow(t, second.ticketId)).queueId, w.queues[0].id);
        assert.equal((await outbound(t, second.ticketId)).length, 0, "not greeted once disabled");

        await putSetting(t, w.adminToken, "sendGreetingMessageOneQueues", "enabled");
        const third = await customerSays(t, w.conn, { number: "5511900000003", name: "Bia" }, "Olá");
        assert.deepEqual((await outbound(t, third.ticketId)).map((m) => m.body), ["Bem-vindo, Bia!"]);
      },
    );

    await tt.step(
      "lgpdHideNumber: the next list and the next socket frame of a profile user are masked",
      async () => {
        const agent = await userOf(t, w.company.id, { profile: "user", queueIds: [w.queues[0].id] });
        const numbersSeen = async () =>
          (await expectOk<{ tickets: Json[] }>(
            await t.request("/api/tickets?status=pending&showAll=true", { token: agent.token }),
          )).tickets.map((x) => (x.contact as Json).number as string);

        assert.ok((await numbersSeen()).includes("5511900000002"), "whole numbers while the setting is off");
        const ws = await connectWs(t.wsUrl, agent.token);
        try {
          await putSetting(t, w.adminToken, "lgpdHideNumber", "enabled");
          const listed = await numbersSeen();
          assert.ok(listed.length > 0);
          assert.ok(listed.every((n) => /^\*+\d\d$/.test(n)), `masked in the list: ${listed.join(", ")}`);

          await customerSays(t, w.conn, "5511900000004", "Oi de novo");
          const f = await ws.next((f) =>
            f.event === `company-${w.company.id}-appMessage` && f.data?.action === "create"
          );
          assert.equal((f.data!.contact as Json).number, maskNumber("5511900000004"));

          await putSetting(t, w.adminToken, "lgpdHideNumber", "disabled");
          assert.ok((await numbersSeen()).includes("5511900000004"), "whole numbers again");
        } finally {
          await ws.close();
        }
      },
    );

    await tt.step(
      "downloadLimit (operator): the limit inbound media is held to follows at once",
      async () => {
        const op = await login(t, OPERATOR);
        assert.equal(await downloadLimitMb(t.deps), 64);
        await putSetting(t, op.token, "downloadLimit", "128");
        assert.equal(await downloadLimitMb(t.deps), 128);
        await putSetting(t, op.token, "downloadLimit", "64");
        assert.equal(await downloadLimitMb(t.deps), 64);
      },
    );
  } finally {
    await sink.close();
    await t.close();
  }
});
