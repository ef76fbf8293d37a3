/**
 * The owner of a WhatsApp session is killed (kill -9) while another instance serves the sends:
 * real server processes (tests/fleet/_instance.ts) on one database and a real redis-server, the
 * WhatsApp test double logging every message that reaches "WhatsApp". Nothing is lost (the send
 * that found no owner is marked failed and its retry goes out) and nothing is sent twice.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { leases, messages, whatsapps } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { startRedis } from "../_helpers/redis.ts";
import { createCompany, login } from "../_helpers/factories.ts";
import { call, type Instance, spawnInstance, until } from "./_fleet.ts";

Deno.test("[fleet] kill -9 of the session owner: another process takes the session over; nothing lost or doubled", async () => {
  const redis = await startRedis();
  if (!redis) return;
  const dataDir = await Deno.makeTempDir({ prefix: "atende-failover-" });
  const log = `${dataDir}/wa-sent.jsonl`;
  await Deno.writeTextFile(log, "");
  const t = await createTestApp({ dataDir, scheduler: false });
  const procs: Instance[] = [];
  try {
    const { company, admin } = await createCompany(t, { plan: { useWhatsapp: true } });
    const [conn] = await t.deps.database.write((tx) =>
      tx.insert(whatsapps).values({
        companyId: company.id,
        name: "Celular",
        channel: "whatsapp",
        status: "CONNECTED",
      })
        .returning()
    );
    const { token } = await login(t, admin);
    const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, FAKE_WA_LOG: log, LEASE_TTL_MS: "6000" };
    const holder = async () =>
      (await t.deps.db.select().from(leases).where(eq(leases.name, `wa:${conn.id}`)))[0]?.holder;

    const a = await spawnInstance(env);
    procs.push(a);
    await until(async () => await holder() === a.id, "A runs the session");
    const b = await spawnInstance(env);
    procs.push(b);

    const contact = await call(b.url, "/api/contacts", {
      token,
      json: { name: "Maria", number: "5511911112222" },
    });
    assert.equal(contact.status, 201, JSON.stringify(contact.body));
    const ticket = await call(b.url, "/api/tickets", {
      token,
      json: { contactId: contact.body.id, whatsappId: conn.id, userId: admin.user.id, status: "open" },
    });
    assert.ok([200, 201].includes(ticket.status), JSON.stringify(ticket.body));
    const send = (body: string) => call(b.url, `/api/messages/${ticket.body.id}`, { token, json: { body } });

    // 1. Served by B, sent by A's session.
    const first = await send("um");
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.ack, 1);

    // 2. A dies. Until its lease lapses a send finds no owner: it is stored, marked failed, told.
    // A is frozen first (it renews no more), its lease is kept from lapsing while the test sends,
    // then it is killed: the send always lands in that window, however slow the machine.
    a.freeze();
    const aLease = and(eq(leases.name, `wa:${conn.id}`), eq(leases.holder, a.id));
    const held = await t.deps.database.write((tx) =>
      tx.update(leases).set({ expiresAt: new Date(Date.now() + 60_000).toISOString() }).where(aLease)
        .returning()
    );
    await a.kill();
    assert.equal(held.length, 1, "the dead A still holds the session's lease");
    const second = await send("dois");
    assert.equal(second.status, 409, JSON.stringify(second.body));
    assert.equal(second.body.error, "ERR_WAPP_NOT_INITIALIZED");
    // Now the dead holder's lease lapses.
    await t.deps.database.write((tx) =>
      tx.update(leases).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(aLease)
    );

    // 3. B takes the session over within the lease time.
    await until(async () => await holder() === b.id, "B took the session over");
    await until(async () => {
      const [row] = await t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, conn.id));
      return row.status === "CONNECTED";
    }, "B's session open");
    const [row] = await t.deps.db.select().from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.body, "dois")));
    assert.ok(row.sendError, "the failed send is marked on the message");
    // The row may still say CONNECTED from A until B's own session writes its status: until B's
    // session is open, a retry answers 409 again (nothing sent), as the first send did.
    const retried = await until(async () => {
      const r = await call(b.url, `/api/messages/${row.id}/retry`, { token, json: {} });
      if (r.status === 409) return null;
      return r;
    }, "the retry once B's session is open");
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    const third = await until(async () => {
      const r = await send("três");
      return r.status === 201 ? r : null;
    }, "a send after the takeover");
    assert.equal(third.body.ack, 1);

    // Every message reached WhatsApp exactly once; the database agrees.
    const lines = (await Deno.readTextFile(log)).trim().split("\n").map((l) => JSON.parse(l));
    const texts = lines.map((l) => l.content.text);
    assert.deepEqual(texts.sort(), ["dois", "três", "um"].sort(), JSON.stringify(lines));
    assert.equal(lines.find((l) => l.content.text === "um").instance, a.id);
    assert.equal(lines.find((l) => l.content.text === "três").instance, b.id);
    const rows = await t.deps.db.select().from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.fromMe, true)));
    assert.equal(rows.length, 3);
    for (const r of rows) {
      assert.ok(r.ack >= 1, `${r.body} acked`);
      assert.equal(r.sendError, null);
      assert.equal(lines.filter((l) => l.id === r.wid).length, 1, `${r.body} sent once under its id`);
    }
  } finally {
    for (const p of procs) await p.kill();
    await t.close();
    await redis.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
