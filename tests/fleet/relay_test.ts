/**
 * Session work reaches the instance that runs the WhatsApp session (server/channels/whatsapp/
 * relay.ts over server/fleet/rpc.ts): two apps on one database and a real redis-server, each with
 * its own session manager on the WhatsApp test double; only A holds the session.
 */
import assert from "node:assert/strict";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { startRedis } from "../_helpers/redis.ts";
import { sendOnTicket } from "@/messages/send.ts";
import { getMessage } from "@/messages/repo.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { AppError } from "@/lib/errors.ts";
import {
  connRow,
  messageByWid,
  runSessions,
  setupWa,
  waitFor,
  waMessage,
} from "../channels/whatsapp/_support.ts";

const MARIA = "5511911112222@s.whatsapp.net";
// Long enough that a loaded machine's late renewal never hands A's lease to B by accident; B's takeover
// below waits for it to lapse.
const LEASE = { leaseTtlMs: 4000, renewMs: 250 };

async function twoApps(redisUrl: string) {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-relay-" });
  const a = await createTestApp({ dataDir, redisUrl, scheduler: false });
  const b = await createTestApp({ dataDir, redisUrl, scheduler: false });
  return {
    a,
    b,
    async close() {
      await stopWhatsappSessions();
      await a.close();
      await b.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
    },
  };
}

async function connectedOn(t: TestApp) {
  const wa = await setupWa(t);
  const one = await runSessions(t, LEASE);
  await one.manager.command(wa.conn, "start");
  one.fake.last().open();
  await waitFor(async () => (await connRow(t, wa.conn.id)).status === "CONNECTED", "CONNECTED");
  one.fake.last().ev.emit("messages.upsert", {
    type: "notify",
    messages: [waMessage({ id: "IN1", jid: MARIA, pushName: "Maria", message: { conversation: "oi" } })],
  });
  const inbound = await waitFor(() => messageByWid(t, wa.company.id, "IN1"), "inbound");
  return { ...wa, one, ticketId: inbound.ticketId };
}

Deno.test("[fleet] a send and a session action on an instance without the session run on its owner", async () => {
  const redis = await startRedis();
  if (!redis) return;
  const f = await twoApps(redis.url);
  try {
    const { company, conn, one, ticketId } = await connectedOn(f.a);
    const two = await runSessions(f.b, LEASE);
    assert.equal(await two.manager.start(conn), false, "A holds the lease");

    // B stores the message and hands it to A's socket; the ack comes back to B.
    const dto = await sendOnTicket(f.b.deps, company.id, ticketId, { body: "enviado por B" });
    const sock = one.fake.last();
    const out = sock.sent.at(-1)!;
    assert.deepEqual(out.content, { text: "enviado por B" });
    assert.equal(out.jid, MARIA);
    const row = await getMessage(f.b.deps.db, company.id, dto.id);
    assert.equal(row.ack, 1);
    assert.equal(row.wid, String(out.options.messageId));
    assert.equal(two.fake.sockets.length, 0, "B never opened a socket");

    // A session action asked of B (a new QR) runs on A.
    assert.equal(await two.manager.command(conn, "newQr"), "relayed");
    await waitFor(() => one.fake.sockets.length === 2, "A restarted the session");
    assert.equal(two.fake.sockets.length, 0);
    one.fake.last().linkAndOpen();
    await waitFor(async () => (await connRow(f.a, conn.id)).status === "CONNECTED", "CONNECTED again");

    // A goes away: B takes the session over within the lease time and sends by itself.
    await stopWhatsappSessions(f.a.deps);
    await waitFor(() => two.fake.sockets.length === 1, "B took over", 30_000);
    two.fake.last().open();
    await waitFor(() => two.manager.openSession(conn.id), "B's session open");
    await sendOnTicket(f.b.deps, company.id, ticketId, { body: "depois" });
    assert.deepEqual(two.fake.last().sent.map((s) => s.content), [{ text: "depois" }]);
    assert.equal(sock.sent.filter((s) => (s.content as { text?: string }).text === "depois").length, 0);
  } finally {
    await f.close();
    await redis.stop();
  }
});

Deno.test("[fleet] no instance runs the session: the send fails at once with a clear error", async () => {
  const redis = await startRedis();
  if (!redis) return;
  const f = await twoApps(redis.url);
  try {
    const { company, ticketId } = await connectedOn(f.a);
    await stopWhatsappSessions(f.a.deps);
    const err = await sendOnTicket(f.b.deps, company.id, ticketId, { body: "ninguém" }).catch((e) => e);
    assert.ok(err instanceof AppError);
    assert.equal(err.code, "ERR_WAPP_NOT_INITIALIZED");
    assert.match(err.message, /no instance runs this WhatsApp session/);
  } finally {
    await f.close();
    await redis.stop();
  }
});
