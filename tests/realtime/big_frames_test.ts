/**
 * Big messages are not a slow consumer: a flood of 60 KB customer messages reaches every reading
 * socket (frames carry a bounded preview; the rest is fetched when shown), and a socket is shed for
 * staying behind in time, not for the bytes of a moment. Real server, real sockets; the clock of
 * socket lag is the test's.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";
import { createUser, login } from "../_helpers/factories.ts";
import { createTenant } from "../_helpers/tenant.ts";
import { inboundRaw, nextExternalId } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { connectNonReading, connectWs, type Frame } from "../_helpers/ws_client.ts";
import { MESSAGE_PREVIEW_CHARS } from "@contract/messages.ts";

async function until(cond: () => boolean, what: string, timeoutMs = 20_000) {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

Deno.test("[realtime] a flood of 60 KB messages reaches every reading socket, none shed", async () => {
  const t = await startTestServer();
  try {
    const tenant = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Vendas" }] });
    const companyId = tenant.company.id;
    const more = [
      await createUser(t, companyId, { profile: "admin" }),
      await createUser(t, companyId, { profile: "admin" }),
    ];
    const readers = [
      await connectWs(t.wsUrl, tenant.adminToken),
      ...await Promise.all(more.map(async (u) => connectWs(t.wsUrl, (await login(t, u)).token))),
    ];
    const event = `company-${companyId}-appMessage`;
    const TOTAL = 300, AT_ONCE = 50;
    const bodyOf = (i: number) => `#${i} ` + "a".repeat(60 * 1024);
    const ids: number[] = [];
    for (let i = 0; i < TOTAL; i += AT_ONCE) {
      const batch = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, k) =>
          inboundRaw(t, tenant.conn.token, {
            externalId: nextExternalId(),
            from: { number: `55119000${String((i + k) % 50).padStart(5, "0")}` },
            body: bodyOf(i + k),
          }).then((r) => expectOk<{ messageId: number }>(r))),
      );
      ids.push(...batch.map((b) => b.messageId));
    }
    const created = (id: number) => (f: Frame) =>
      f.event === event && f.data?.action === "create" && (f.data.message as { id: number }).id === id;
    for (const r of readers) {
      for (const id of ids) {
        const f = await r.next(created(id), 60_000);
        const m = f.data!.message as { body: string; bodyTruncated?: boolean };
        assert.equal(m.body.length, MESSAGE_PREVIEW_CHARS, "the frame carries the preview");
        assert.equal(m.bodyTruncated, true);
      }
    }
    assert.equal(t.deps.hub.fanout.stats.shedSlow, 0, "no reading socket was shed");
    assert.equal(t.deps.hub.size, readers.length);
    // The rest is there for the client that shows the message.
    const whole = await expectOk<{ body: string }>(
      await t.request(`/api/messages/${ids[7]}/body`, { token: tenant.adminToken }),
    );
    assert.equal(whole.body, bodyOf(7));
    for (const r of readers) await r.close();
  } finally {
    await t.close();
  }
});

Deno.test("[realtime] a socket that stops reading is shed once it stays behind; readers keep every frame", async () => {
  const t = await startTestServer();
  // The fan-out's clock of socket lag, moved by hand (its own: the app's clock stays as it is).
  let now = 1_000_000;
  t.deps.hub.fanout.opts.now = () => now;
  try {
    const tenant = await createTenant(t, { user: false });
    const companyId = tenant.company.id;
    const sleeper = await createUser(t, companyId, { profile: "admin" });
    const reader = await connectWs(t.wsUrl, tenant.adminToken);
    const slow = await connectNonReading(t.port, (await login(t, sleeper)).token);
    await until(() => t.deps.hub.size === 2, "the non-reading socket to register");
    const sleeperOf = () => t.deps.hub.backlogOf(companyId).find((s) => s.userId === sleeper.user.id);
    const readerOf = () => t.deps.hub.backlogOf(companyId).find((s) => s.userId === tenant.admin.user.id);

    const event = `company-${companyId}-bench`;
    const pad = "x".repeat(16 * 1024);
    const seqOf = (f: Frame) => f.event === event ? (f.data?.seq as number) : -1;
    let n = 0;
    const publish = () =>
      t.deps.hub.publish({ companyId, event, data: { seq: n++, pad }, audience: { kind: "company" } });
    // Frames until the sleeper's kernel buffers are full and the server holds unsent bytes for it.
    while (!(sleeperOf()!.unsent > 0)) {
      assert.ok(n < 4000, "the non-reading socket never fell behind");
      await publish();
      await reader.next((f) => seqOf(f) === n - 1, 10_000);
    }
    // Bytes alone shed nobody: the sleeper holds unsent frames, far below the memory bound.
    await publish();
    await reader.next((f) => seqOf(f) === n - 1, 10_000);
    assert.equal(t.deps.hub.fanout.stats.shedSlow, 0);
    assert.equal(t.deps.hub.size, 2);
    await until(() => readerOf()!.unsent === 0, "the reader's writes to finish");

    // Time passes; the reader is not behind, the sleeper's oldest unsent frame is now 10 s old.
    now += 10_001;
    assert.ok(sleeperOf()!.behindMs > 10_000);
    assert.equal(readerOf()!.behindMs, 0);
    await publish();
    await reader.next((f) => seqOf(f) === n - 1, 10_000);
    await until(() => t.deps.hub.size === 1, "the sleeper to be shed");
    assert.equal(t.deps.hub.fanout.stats.shedSlow, 1);
    assert.deepEqual(reader.frames.map(seqOf).filter((s) => s >= 0), Array.from({ length: n }, (_, i) => i));
    assert.equal(await slow.closeCode(), 1013);
    slow.close();
    await reader.close();
  } finally {
    await t.close();
  }
});
