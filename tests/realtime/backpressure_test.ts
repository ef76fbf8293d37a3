/**
 * The hub under pressure: a socket that stops reading is shed once its unsent bytes pass
 * the limit while the others receive every frame in order; one company's flood does not hold back
 * another company's frames. Real server, real sockets; a low buffer limit through the config.
 */
import assert from "node:assert/strict";
import { startTestServer, type TestServer } from "../_helpers/test_app.ts";
import { createCompany, createUser, login } from "../_helpers/factories.ts";
import { connectNonReading, connectWs, type Frame } from "../_helpers/ws_client.ts";

const LIMIT = 64 * 1024;

async function until(cond: () => boolean, what: string, timeoutMs = 10_000) {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const seqOf = (event: string) => (f: Frame) => f.event === event ? (f.data?.seq as number) : -1;

function publish(t: TestServer, companyId: number, event: string, seq: number, pad = "") {
  return t.deps.hub.publish({ companyId, event, data: { seq, pad }, audience: { kind: "company" } });
}

Deno.test("[realtime] a socket that stops reading is shed past its buffer limit; the others get every frame", async () => {
  const t = await startTestServer({ env: { WS_MAX_BUFFERED_BYTES: String(LIMIT) } });
  try {
    const { company, admin } = await createCompany(t);
    const other = await createUser(t, company.id, { profile: "user" });
    const sleeper = await createUser(t, company.id, { profile: "admin" });
    const readers = [
      await connectWs(t.wsUrl, (await login(t, admin)).token),
      await connectWs(t.wsUrl, (await login(t, other)).token),
    ];
    const slow = await connectNonReading(t.port, (await login(t, sleeper)).token);
    await until(() => t.deps.hub.size === 3, "the non-reading socket to register");

    // 16 KB frames, two at a time, each pair read by the readers before the next: their buffers stay
    // far below the limit while the sleeper's kernel buffers, then its Deno buffer, fill up.
    const event = `company-${company.id}-bench`;
    const pad = "x".repeat(16 * 1024);
    const stats = t.deps.hub.fanout.stats;
    let n = 0;
    while (stats.shedSlow === 0) {
      assert.ok(n < 4000, "the non-reading socket was never shed");
      await publish(t, company.id, event, n++, pad);
      await publish(t, company.id, event, n++, pad);
      for (const r of readers) await r.next((f) => seqOf(event)(f) === n - 1, 10_000);
    }
    assert.equal(stats.shedSlow, 1);
    assert.equal(t.deps.hub.size, 2, "the shed socket left the hub at once");
    // Life goes on for the others.
    for (let k = 0; k < 20; k++) await publish(t, company.id, event, n++);
    for (const r of readers) {
      await r.next((f) => seqOf(event)(f) === n - 1, 10_000);
      const seqs = r.frames.map(seqOf(event)).filter((s) => s >= 0);
      assert.deepEqual(seqs, Array.from({ length: n }, (_, i) => i), "every frame, once, in order");
    }
    // What the sleeper finally reads ends with "try again later".
    assert.equal(await slow.closeCode(), 1013);
    slow.close();
    for (const r of readers) await r.close();
  } finally {
    await t.close();
  }
});

Deno.test("[realtime] one company's flood does not hold back another company's frames", async () => {
  // A limit the flood fits in: this test is about the order of the lanes, not about shedding.
  const t = await startTestServer({ env: { WS_MAX_BUFFERED_BYTES: String(16 << 20) } });
  try {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const wsA = await connectWs(t.wsUrl, (await login(t, a.admin)).token);
    const wsB = await connectWs(t.wsUrl, (await login(t, b.admin)).token);
    const evA = `company-${a.company.id}-bench`, evB = `company-${b.company.id}-bench`;
    const flood = 3000;
    for (let i = 0; i < flood; i++) void publish(t, a.company.id, evA, i, "y".repeat(256));
    await publish(t, b.company.id, evB, 0);
    // B's lane is served in the first round-robin turn, not after A's 3,000 envelopes.
    await wsB.next((f) => f.event === evB, 10_000);
    const aSoFar = wsA.frames.filter((f) => f.event === evA).length;
    assert.ok(aSoFar < flood / 2, `B waited behind A's flood (${aSoFar} of A's frames came first)`);
    await wsA.next((f) => seqOf(evA)(f) === flood - 1, 20_000);
    assert.deepEqual(
      wsA.frames.map(seqOf(evA)).filter((s) => s >= 0),
      Array.from({ length: flood }, (_, i) => i),
    );
    assert.equal(t.deps.hub.fanout.stats.shedSlow, 0);
    await wsA.close();
    await wsB.close();
  } finally {
    await t.close();
  }
});

Deno.test("[realtime] a shed socket's client is told to try again later, and may", async () => {
  const t = await startTestServer();
  try {
    const { company, admin } = await createCompany(t);
    const token = (await login(t, admin)).token;
    const ws = await connectWs(t.wsUrl, token);
    assert.equal(t.deps.hub.shed(company.id, () => true), 1);
    const closed = await ws.closed;
    assert.equal(closed.code, 1013);
    assert.equal(t.deps.hub.size, 0);
    const again = await connectWs(t.wsUrl, token);
    await publish(t, company.id, `company-${company.id}-bench`, 1);
    await again.next((f) => f.event === `company-${company.id}-bench`);
    await again.close();
  } finally {
    await t.close();
  }
});
