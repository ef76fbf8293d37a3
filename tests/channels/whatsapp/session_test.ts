import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { waAuth } from "@db/schema.ts";
import { createTestApp, startTestServer } from "../../_helpers/test_app.ts";
import { connectWs, settle } from "../../_helpers/ws_client.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { connRow, runSessions, setupWa, waitFor } from "./_support.ts";

const authRows = (t: { deps: { db: import("@db/client.ts").Db } }, id: number) =>
  t.deps.db.select().from(waAuth).where(eq(waAuth.whatsappId, id));

Deno.test("[whatsapp] session: QR, open, reconnect with backoff, logged out", async (tt) => {
  const t = await startTestServer({ scheduler: false });
  try {
    const { company, conn, token } = await setupWa(t);
    const { fake, manager } = await runSessions(t);
    const ws = await connectWs(t.wsUrl, token);
    await manager.command(conn, "start");
    assert.equal((await connRow(t, conn.id)).status, "OPENING");

    await tt.step("a QR update sets status qrcode with a data-URL QR, live on the socket", async () => {
      fake.last().ev.emit("connection.update", { qr: "2@abcdef,ghijkl,mnopqr" });
      const row = await waitFor(async () => {
        const r = await connRow(t, conn.id);
        return r.status === "qrcode" && r;
      }, "qrcode status");
      assert.match(row.qrcode ?? "", /^data:image\/png;base64,/);
      assert.equal(row.retries, 1);
      const frame = await ws.next((f) =>
        f.event === `company-${company.id}-whatsappSession` &&
        (f.data?.session as { status?: string })?.status === "qrcode"
      );
      const session = frame.data!.session as Record<string, unknown>;
      assert.equal(session.id, conn.id);
      assert.match(String(session.qrcode), /^data:image\/png;base64,/);
      assert.equal(session.token, undefined);
    });

    await tt.step("'open' sets CONNECTED with the number, and the creds are saved", async () => {
      fake.last().linkAndOpen("5511900000001");
      const row = await waitFor(async () => {
        const r = await connRow(t, conn.id);
        return r.status === "CONNECTED" && r;
      }, "CONNECTED");
      assert.equal(row.number, "5511900000001");
      assert.equal(row.qrcode, "");
      assert.equal(row.retries, 0);
      await waitFor(async () => (await authRows(t, conn.id)).some((r) => r.type === "creds"), "creds row");
      await ws.next((f) => (f.data?.session as { status?: string })?.status === "CONNECTED");
    });

    await tt.step("a recoverable close reconnects with a growing backoff", async () => {
      const before = fake.sockets.length;
      const closedAt = Date.now();
      fake.last().close(428);
      await waitFor(() => fake.sockets.length === before + 1, "first reconnect");
      const first = fake.last().createdAt - closedAt;
      assert.ok(first >= 20, `first retry after ${first} ms`);
      assert.equal((await connRow(t, conn.id)).status, "OPENING");
      const again = Date.now();
      fake.last().close(408);
      await waitFor(() => fake.sockets.length === before + 2, "second reconnect");
      const second = fake.last().createdAt - again;
      assert.ok(second >= 45, `second retry after ${second} ms (doubles)`);
      fake.last().open();
      await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED again");
    });

    await tt.step("loggedOut: DISCONNECTED, auth cleared, no reconnect", async () => {
      const before = fake.sockets.length;
      fake.last().close(401);
      await waitFor(async () => (await connRow(t, conn.id)).status === "DISCONNECTED", "DISCONNECTED");
      assert.equal((await authRows(t, conn.id)).length, 0);
      await settle(300);
      assert.equal(fake.sockets.length, before);
      assert.equal(manager.sessions.has(conn.id), false);
    });
    await ws.close();
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] session: TIMEOUT after too many QR codes; pairing code", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { fake, manager } = await runSessions(t, { maxQrRetries: 2 });

    await tt.step("the third QR ends the session with TIMEOUT", async () => {
      const { conn } = await setupWa(t);
      await manager.command(conn, "start");
      const sock = fake.last();
      for (const qr of ["q1", "q2", "q3"]) sock.ev.emit("connection.update", { qr });
      const row = await waitFor(async () => {
        const r = await connRow(t, conn.id);
        return r.status === "TIMEOUT" && r;
      }, "TIMEOUT");
      assert.equal(row.qrcode, "");
      assert.equal(sock.ended, true);
      assert.equal(manager.sessions.has(conn.id), false);
    });

    await tt.step("with a number and usePairingCode, the QR event asks for a pairing code", async () => {
      const { conn } = await setupWa(t, { number: "5511988887777" });
      await manager.command(conn, "start", { pairing: true });
      const sock = fake.last();
      sock.ev.emit("connection.update", { qr: "q1" });
      const row = await waitFor(async () => {
        const r = await connRow(t, conn.id);
        return r.status === "PAIRING" && r;
      }, "PAIRING");
      assert.deepEqual(sock.pairingRequests, ["5511988887777"]);
      assert.equal(row.qrcode, "ABCD1234");
      sock.ev.emit("connection.update", { qr: "q2" });
      await settle(100);
      assert.equal(sock.pairingRequests.length, 1);
      sock.linkAndOpen("5511988887777");
      await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED");
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] session: a connected session comes back after a restart without a new QR", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-wa-" });
  try {
    const a = await createTestApp({ dataDir, scheduler: false });
    const { conn } = await setupWa(a);
    const first = await runSessions(a);
    await first.manager.command(conn, "start");
    first.fake.last().linkAndOpen("5511900000002");
    await waitFor(async () => (await connRow(a, conn.id)).status === "CONNECTED", "CONNECTED");
    await waitFor(async () => (await authRows(a, conn.id)).length > 0, "creds saved");
    await stopWhatsappSessions(a.deps);
    await a.close();

    const b = await createTestApp({ dataDir, scheduler: false });
    try {
      const second = await runSessions(b);
      assert.equal(second.fake.sockets.length, 1, "boot started the session");
      const sock = second.fake.last();
      assert.equal(sock.auth.creds.registered, true);
      assert.equal(sock.auth.creds.me?.id, "5511900000002:3@s.whatsapp.net");
      sock.open("5511900000002");
      const row = await waitFor(async () => {
        const r = await connRow(b, conn.id);
        return r.status === "CONNECTED" && r;
      }, "CONNECTED after restart");
      assert.equal(row.qrcode, "");
      assert.equal(row.retries, 0);
    } finally {
      await stopWhatsappSessions(b.deps);
      await b.close();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});

Deno.test("[whatsapp] session: the lease keeps a session in one process; a lapsed one is taken over", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-wa-" });
  const a = await createTestApp({ dataDir, scheduler: false });
  const b = await createTestApp({ dataDir, scheduler: false });
  try {
    assert.notEqual(a.deps.config.instanceId, b.deps.config.instanceId);
    const { conn } = await setupWa(a);
    const one = await runSessions(a, { leaseTtlMs: 400, renewMs: 100 });
    await one.manager.command(conn, "start");
    one.fake.last().open();
    await waitFor(async () => (await connRow(a, conn.id)).status === "CONNECTED", "CONNECTED in A");

    const two = await runSessions(b, { leaseTtlMs: 400, renewMs: 100 });
    assert.equal(await two.manager.start(conn), false);
    // Without REDIS_URL B cannot reach the owner: the command says so instead of vanishing.
    await assert.rejects(
      two.manager.command(conn, "start"),
      (e: Error & { code?: string }) => e.code === "ERR_WAPP_NOT_INITIALIZED",
    );
    await settle(600);
    assert.equal(two.fake.sockets.length, 0, "B never opened a socket while A holds the lease");
    assert.equal(one.manager.openSession(conn.id)?.sock, one.fake.last());

    // A shuts down (releasing its lease); the next tick of B takes the session over.
    await stopWhatsappSessions(a.deps);
    await waitFor(() => two.fake.sockets.length === 1, "B took over", 3000);
    assert.equal(two.manager.sessions.has(conn.id), true);
  } finally {
    await stopWhatsappSessions();
    await a.close();
    await b.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
