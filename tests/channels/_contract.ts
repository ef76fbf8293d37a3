/**
 * The channel adapter contract (server/channels/adapter.ts), the same checks for every kind:
 *  - connect sets a valid status (and the harness's expected one);
 *  - an inbound message, delivered twice through the channel's real entry point, is stored once,
 *    on a ticket of that connection;
 *  - assertCanSend, when the adapter has it, lets a reply through right after the customer wrote;
 *  - send returns an externalId, and the provider (the harness's local stand-in) receives it.
 *
 * A kind joins with `contractSuite(kind, harness)` in tests/channels/contract_test.ts.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { messages, tickets, whatsapps } from "@db/schema.ts";
import type { ChannelKind } from "@db/schema.ts";
import type { ConnectionStatus } from "@/channels/adapter.ts";
import { adapterFor } from "@/channels/registry.ts";
import { findConnection } from "@/connections/repo.ts";
import type { ConnectionRow } from "@/connections/repo.ts";
import { insertMessage } from "@/messages/repo.ts";
import { newExternalId } from "@/messages/send.ts";
import type { TestApp } from "../_helpers/test_app.ts";

export type ContractEnv = {
  t: TestApp;
  conn: ConnectionRow;
  /** The customer's address on this channel (phone digits, PSID, IGSID…). */
  customer: string;
  /** Delivers one customer message through the channel's real entry point and processes it. */
  inbound(externalId: string, body: string): Promise<void>;
  /**
   * The provider id the channel stores for `externalId`, when the channel derives its own
   * (Telegram: `tg:<bot>:<chat>:<message id>`); the same id by default.
   */
  storedId?(externalId: string): string;
  /** Resolves once the provider stand-in received an outbound message with this body. */
  delivered(body: string): Promise<void>;
  close(): Promise<void>;
};

export type ContractHarness = {
  setup(): Promise<ContractEnv>;
  /** The status connect must set with the harness's setup (default: any valid status). */
  expectedStatus?: ConnectionStatus;
};

const STATUSES: ConnectionStatus[] = ["OPENING", "qrcode", "PAIRING", "CONNECTED", "DISCONNECTED", "TIMEOUT"];

export function contractSuite(kind: ChannelKind, harness: ContractHarness): void {
  Deno.test(`[channels] adapter contract: ${kind}`, async (tt) => {
    const env = await harness.setup();
    const { t } = env;
    const companyId = env.conn.companyId;
    const adapter = adapterFor(kind);
    try {
      assert.equal(adapter.kind, kind);
      assert.equal(env.conn.channel, kind);

      await tt.step("connect sets a status", async () => {
        // A status connect never leaves behind, so the assertion sees connect's own write.
        await t.deps.database.write((tx) =>
          tx.update(whatsapps).set({ status: "connecting" }).where(eq(whatsapps.id, env.conn.id))
        );
        await adapter.connect(t.deps, (await findConnection(t.deps.db, companyId, env.conn.id))!);
        const row = (await findConnection(t.deps.db, companyId, env.conn.id))!;
        assert.ok(STATUSES.includes(row.status as ConnectionStatus), `unexpected status ${row.status}`);
        if (harness.expectedStatus) assert.equal(row.status, harness.expectedStatus);
        env.conn = row;
      });

      const sent = `contract-${kind}-${Date.now()}`;
      const wid = env.storedId?.(sent) ?? sent;
      await tt.step("an inbound message is stored once even when delivered twice", async () => {
        await env.inbound(sent, "first message");
        await env.inbound(sent, "first message");
        const rows = await t.deps.db.select().from(messages)
          .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)));
        assert.equal(rows.length, 1);
        assert.equal(rows[0].body, "first message");
        assert.equal(rows[0].fromMe, false);
        const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, rows[0].ticketId));
        assert.equal(ticket.whatsappId, env.conn.id);
        assert.equal(ticket.companyId, companyId);
      });

      await tt.step("send returns an externalId and the provider receives the message", async () => {
        const [msg] = await t.deps.db.select().from(messages)
          .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)));
        const [ticket] = await t.deps.db.select().from(tickets).where(eq(tickets.id, msg.ticketId));
        await adapter.assertCanSend?.(t.deps, env.conn, { id: ticket.contactId, number: env.customer });
        const externalId = newExternalId();
        const body = `contract reply ${kind}`;
        const stored = await t.deps.database.write((tx) =>
          insertMessage(tx, {
            companyId,
            wid: externalId,
            ticketId: ticket.id,
            contactId: ticket.contactId,
            body,
            fromMe: true,
            read: true,
            mediaType: "chat",
            ack: 0,
            channel: kind,
          })
        );
        const result = await adapter.send(t.deps, {
          companyId,
          connection: env.conn,
          messageId: stored!.id,
          externalId,
          to: { number: env.customer, isGroup: false },
          body,
        });
        assert.equal(typeof result.externalId, "string");
        assert.ok(result.externalId.length > 0);
        assert.ok(Number.isInteger(result.ack) && result.ack >= 0);
        await env.delivered(body);
      });
    } finally {
      await env.close();
    }
  });
}
