/** The adapter contract (tests/channels/_contract.ts) for every channel kind implemented. */
import assert from "node:assert/strict";
import { whatsapps } from "@db/schema.ts";
import { hasDovecot } from "./email/_servers.ts";
import { mail, startMail } from "./email/_support.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import type { MetaKind } from "@/channels/meta/adapter.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany } from "../_helpers/factories.ts";
import { startWebhookSink } from "../_helpers/webhook_sink.ts";
import { type ContractHarness, contractSuite } from "./_contract.ts";
import { findConnection } from "@/connections/repo.ts";
import { BOT, deliverOk, startTelegram } from "./telegram/_support.ts";
import {
  cloudPayload,
  cloudText,
  deliverAndRun,
  messengerText,
  metaConnection,
  startMeta,
} from "./meta/_support.ts";

const apiHarness: ContractHarness = {
  expectedStatus: "CONNECTED",
  async setup() {
    const t = await createTestApp({ scheduler: false });
    const sink = startWebhookSink();
    const { company } = await createCompany(t);
    const conn = await t.deps.database.write(async (tx) =>
      (await tx.insert(whatsapps).values({
        companyId: company.id,
        name: "Site chat",
        channel: "api",
        webhookUrl: sink.url,
        token: crypto.randomUUID().replaceAll("-", "").slice(0, 30),
      }).returning())[0]
    );
    const customer = "5511955554444";
    return {
      t,
      conn,
      customer,
      async inbound(externalId, body) {
        const res = await t.request("/api/channels/api/messages", {
          method: "POST",
          token: conn.token,
          json: { externalId, from: { number: customer }, body },
        });
        assert.equal(res.status, 200, await res.clone().text());
        await res.body?.cancel();
        await t.deps.bus.drain();
      },
      async delivered(body) {
        await runDueJobs(t.deps);
        await sink.next((r) => r.json.body === body);
      },
      async close() {
        await sink.close();
        await t.close();
      },
    };
  },
};

function metaHarness(kind: MetaKind): ContractHarness {
  return {
    expectedStatus: "CONNECTED",
    async setup() {
      const m = await startMeta();
      const { company } = await createCompany(m.t);
      const conn = await metaConnection(m.t, company.id, kind);
      m.graph.tokens.add(`EAAG-${kind}-token`);
      const customer = kind === "whatsappapi"
        ? "5511944443333"
        : kind === "facebook"
        ? "PSID-42"
        : "IGSID-42";
      return {
        t: m.t,
        conn,
        customer,
        inbound: (externalId, body) =>
          deliverAndRun(
            m.t,
            kind === "whatsappapi"
              ? cloudPayload({ messages: [cloudText(externalId, customer, body)] })
              : messengerText(kind, externalId, customer, body),
          ),
        delivered(body) {
          const hit = m.graph.sends().some((r) =>
            kind === "whatsappapi"
              ? (r.json?.text as { body?: string } | undefined)?.body === body
              : (r.json?.message as { text?: string } | undefined)?.text === body
          );
          assert.ok(hit, `Graph received no message "${body}"`);
          return Promise.resolve();
        },
        close: () => m.close(),
      };
    },
  };
}

const telegramHarness: ContractHarness = {
  expectedStatus: "CONNECTED",
  async setup() {
    const k = await startTelegram();
    const conn = (await findConnection(k.t.deps.db, k.companyId, k.connectionId))!;
    // Telegram numbers messages per chat: each contract id gets the next one.
    const ids = new Map<string, number>();
    const idOf = (externalId: string) => {
      if (!ids.has(externalId)) ids.set(externalId, 500 + ids.size);
      return ids.get(externalId)!;
    };
    const chat = { id: 424242, first_name: "Contract", type: "private" };
    return {
      t: k.t,
      conn,
      customer: "tg-424242",
      storedId: (externalId) => `tg:${BOT.id}:${chat.id}:${idOf(externalId)}`,
      inbound: (externalId, body) =>
        deliverOk(k, {
          update_id: 9000 + idOf(externalId),
          message: {
            message_id: idOf(externalId),
            from: { id: chat.id, is_bot: false, first_name: "Contract" },
            chat,
            date: 1700000000,
            text: body,
          },
        }),
      async delivered(body) {
        await runDueJobs(k.t.deps);
        assert.ok(k.tg.sends().some((c) => c.params.text === body), `the Bot API received no "${body}"`);
      },
      close: () => k.close(),
    };
  },
};

contractSuite("api", apiHarness);
contractSuite("whatsappapi", metaHarness("whatsappapi"));
contractSuite("facebook", metaHarness("facebook"));
contractSuite("instagram", metaHarness("instagram"));
contractSuite("telegram", telegramHarness);

const emailHarness: ContractHarness = {
  expectedStatus: "CONNECTED",
  async setup() {
    const k = await startMail();
    const conn = (await findConnection(k.t.deps.db, k.companyId, k.connectionId))!;
    const customer = "contract@exemplo.test";
    return {
      t: k.t,
      conn,
      customer,
      storedId: (externalId) => `mail:${externalId}@contract.test`,
      async inbound(externalId, body) {
        await k.dc.deliver(mail({ from: customer, body, id: `${externalId}@contract.test` }));
        await k.sync();
      },
      async delivered(body) {
        await runDueJobs(k.t.deps);
        assert.ok(
          k.smtp.received.some((r) => r.mail.text?.startsWith(body)),
          `the SMTP server received no "${body}"`,
        );
      },
      close: () => k.close(),
    };
  },
};
if (hasDovecot()) contractSuite("email", emailHarness);
