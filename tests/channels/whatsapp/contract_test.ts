/** The adapter contract (tests/channels/_contract.ts) for `whatsapp`, driven through the fake socket. */
import assert from "node:assert/strict";
import { createTestApp } from "../../_helpers/test_app.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { type ContractHarness, contractSuite } from "../_contract.ts";
import { connRow, runSessions, setupWa, waitFor, waMessage } from "./_support.ts";

const harness: ContractHarness = {
  // connect starts the session; the status stays OPENING until the phone links (QR or pairing).
  expectedStatus: "OPENING",
  async setup() {
    const t = await createTestApp({ scheduler: false });
    const { conn } = await setupWa(t);
    const { fake, manager } = await runSessions(t);
    const customer = "5511955554444";
    const session = () => manager.sessions.get(conn.id)!;
    return {
      t,
      conn,
      customer,
      async inbound(externalId, body) {
        const sock = fake.last();
        if (!manager.openSession(conn.id)) {
          sock.open();
          await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED");
        }
        sock.ev.emit("messages.upsert", {
          type: "notify",
          messages: [
            waMessage({ id: externalId, jid: `${customer}@s.whatsapp.net`, message: { conversation: body } }),
          ],
        });
        await session().data;
        await t.deps.bus.drain();
      },
      delivered(body) {
        assert.ok(fake.last().sent.some((s) => s.content.text === body), `the socket sent no "${body}"`);
        return Promise.resolve();
      },
      async close() {
        await stopWhatsappSessions(t.deps);
        await t.close();
      },
    };
  },
};

contractSuite("whatsapp", harness);
