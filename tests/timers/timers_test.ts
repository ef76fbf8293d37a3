/**
 * Ticket timers with an injected clock: each fires once at its minute, a customer reply or a
 * transition makes it moot, it survives a restart between arming and firing, and two app
 * instances on one database file fire it once. The tick is run by hand (scheduler off) exactly
 * as the lease holder's job runs it.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ticketTimers, users } from "@db/schema.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createQueue } from "../_helpers/factories.ts";
import { createTenant, setCompanySetting, userOf } from "../_helpers/tenant.ts";
import { customerSays, logTypes, outbound, ticketRow } from "../_helpers/inbox.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { runTicketTimers } from "@/timers/tick.ts";

const MIN = 60_000;

/** A clock the test moves; it starts on a whole minute near the real time. */
function testClock() {
  const start = Math.floor(Date.now() / MIN) * MIN;
  let now = start;
  return { now: () => new Date(now), at: (minutes: number) => void (now = start + minutes * MIN), start };
}

const tick = async (t: TestApp) => {
  await runTicketTimers(t.deps);
  await t.deps.bus.drain();
};

async function openTicket(t: TestApp, conn: Json, number: string) {
  const w = await createTenant(t, { webhook: null, user: false, queues: [{ name: "Suporte" }], conn });
  const agent = await userOf(t, w.company.id, { queueIds: [w.queues[0].id] });
  const { ticketId } = await customerSays(t, w.conn, number, "oi");
  await expectOk(
    await t.request(`/api/tickets/${ticketId}`, {
      method: "PUT",
      token: agent.token,
      json: { status: "open" },
    }),
  );
  await t.deps.bus.drain();
  return { w, agent, ticketId };
}

const kinds = async (t: TestApp, ticketId: number) =>
  (await t.deps.db.select().from(ticketTimers).where(eq(ticketTimers.ticketId, ticketId))).map((r) => r.kind)
    .sort();

Deno.test("[timers] auto-close fires once at expiresTicket, with expiresInactiveMessage", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const { ticketId } = await openTicket(t, {
      expiresTicket: 30,
      expiresInactiveMessage: "Encerrado por inatividade",
    }, "5511910000001");
    assert.deepEqual(await kinds(t, ticketId), ["autoClose"]);
    clock.at(29);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "open", "not before its minute");
    clock.at(30);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "closed");
    assert.equal((await logTypes(t, ticketId)).filter((x) => x === "autoClose").length, 1);
    assert.deepEqual((await outbound(t, ticketId)).map((m) => m.body), ["Encerrado por inatividade"]);
    clock.at(90);
    await tick(t);
    assert.equal((await outbound(t, ticketId)).length, 1, "fired once");
    assert.deepEqual(await kinds(t, ticketId), []);
  } finally {
    await t.close();
  }
});

Deno.test("[timers] a customer reply pushes the close; whenExpiresTicket=1 waits for our last word", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const { w, ticketId } = await openTicket(t, { expiresTicket: 30 }, "5511910000002");
    clock.at(20);
    await customerSays(t, w.conn, "5511910000002", "ainda estou aqui");
    clock.at(30);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "open", "the reply made the 30-minute mark moot");
    clock.at(49);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "open");
    clock.at(50);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "closed");

    const t2 = await openTicket(t, { expiresTicket: 30, whenExpiresTicket: 1 }, "5511910000003");
    clock.at(100);
    await tick(t);
    assert.equal((await ticketRow(t, t2.ticketId)).status, "open", "the customer spoke last");
  } finally {
    await t.close();
  }
});

Deno.test("[timers] inactivity notice once at timeInactiveMessage, then the close expiresTicket later", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const { w, ticketId } = await openTicket(
      t,
      { expiresTicket: 20, timeInactiveMessage: 10, inactiveMessage: "Ainda está aí?" },
      "5511910000004",
    );
    assert.deepEqual(await kinds(t, ticketId), ["autoClose", "inactive"]);
    clock.at(10);
    await tick(t);
    await tick(t);
    assert.deepEqual((await outbound(t, ticketId)).map((m) => m.body), ["Ainda está aí?"], "once");
    clock.at(29);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "open");
    clock.at(30);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "closed");
    assert.ok(w);
  } finally {
    await t.close();
  }
});

Deno.test("[timers] closing by hand cancels the timers", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const { agent, ticketId } = await openTicket(t, { expiresTicket: 30 }, "5511910000005");
    assert.deepEqual(await kinds(t, ticketId), ["autoClose"]);
    await expectOk(
      await t.request(`/api/tickets/${ticketId}`, {
        method: "PUT",
        token: agent.token,
        json: { status: "closed" },
      }),
    );
    await t.deps.bus.drain();
    assert.deepEqual(await kinds(t, ticketId), []);
  } finally {
    await t.close();
  }
});

Deno.test("[timers] NPS expiry closes the unrated ticket at expiresTicketNPS", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const { w, agent, ticketId } = await openTicket(
      t,
      { ratingMessage: "Nota de 0 a 10?", expiresTicketNPS: 15, complationMessage: "Obrigado" },
      "5511910000006",
    );
    await setCompanySetting(t, w.company.id, "userRating", "enabled");
    await expectOk(
      await t.request(`/api/tickets/${ticketId}`, {
        method: "PUT",
        token: agent.token,
        json: { status: "closed" },
      }),
    );
    await t.deps.bus.drain();
    assert.equal((await ticketRow(t, ticketId)).status, "nps");
    clock.at(14);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "nps");
    clock.at(15);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "closed");
    assert.equal((await outbound(t, ticketId)).at(-1)!.body, "Obrigado");
  } finally {
    await t.close();
  }
});

Deno.test("[timers] missed-queue redirect: a queue-less pending ticket moves to sendIdQueue, logged", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const w = await createTenant(t, {
      webhook: null,
      user: false,
      queues: [{ name: "A" }, { name: "B" }],
      conn: { greetingMessage: "Escolha", maxUseBotQueues: 1 },
    });
    const target = await createQueue(t, w.company.id, { name: "Triagem" });
    await expectOk(
      await t.request(`/api/whatsapp/${w.conn.id}`, {
        method: "PUT",
        token: w.adminToken,
        json: { timeSendQueue: 5, sendIdQueue: target.id },
      }),
    );
    const { ticketId } = await customerSays(t, w.conn, "5511910000007", "oi");
    await t.deps.bus.drain();
    assert.ok((await kinds(t, ticketId)).includes("redirect"));
    clock.at(5);
    await tick(t);
    const tk = await ticketRow(t, ticketId);
    assert.equal(tk.queueId, target.id);
    assert.equal((await logTypes(t, ticketId)).at(-1), "redirect");
  } finally {
    await t.close();
  }
});

Deno.test("[timers] queue rotation hands a waiting ticket to an online member, in turn", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const w = await createTenant(t, {
      webhook: null,
      user: false,
      queues: [{ name: "Roda", ativarRoteador: true, tempoRoteador: 2 }],
    });
    const a = await userOf(t, w.company.id, { queueIds: [w.queues[0].id], profile: "user" });
    const b = await userOf(t, w.company.id, { queueIds: [w.queues[0].id], profile: "user" });
    await t.deps.database.write((tx) =>
      tx.update(users).set({ online: true }).where(eq(users.companyId, w.company.id))
    );
    const { ticketId } = await customerSays(t, w.conn, "5511910000008", "oi");
    await t.deps.bus.drain();
    clock.at(2);
    await tick(t);
    const first = (await ticketRow(t, ticketId)).userId;
    assert.ok(first === a.user.id || first === b.user.id, "assigned to a member");
    assert.equal((await ticketRow(t, ticketId)).status, "pending");
    clock.at(4);
    await tick(t);
    const second = (await ticketRow(t, ticketId)).userId;
    assert.ok(second && second !== first, "rotated to the other member");
  } finally {
    await t.close();
  }
});

Deno.test("[timers] the 24-hour close (spec 1 §9) where the connection sets no expiry", async () => {
  const clock = testClock();
  const t = await createTestApp({ clock, scheduler: false });
  try {
    const { ticketId } = await openTicket(t, {}, "5511910000009");
    assert.deepEqual(await kinds(t, ticketId), ["stale"]);
    clock.at(24 * 60 - 1);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "open");
    clock.at(24 * 60);
    await tick(t);
    assert.equal((await ticketRow(t, ticketId)).status, "closed");
  } finally {
    await t.close();
  }
});

Deno.test("[timers] survives a restart between arming and firing", async () => {
  const clock = testClock();
  const dataDir = await Deno.makeTempDir({ prefix: "atende-timers-" });
  try {
    const t1 = await createTestApp({ clock, scheduler: false, dataDir });
    const { ticketId } = await openTicket(t1, { expiresTicket: 30 }, "5511910000010");
    await t1.close();
    clock.at(31);
    const t2 = await createTestApp({ clock, scheduler: false, dataDir });
    try {
      await tick(t2);
      assert.equal((await ticketRow(t2, ticketId)).status, "closed");
      assert.equal((await logTypes(t2, ticketId)).filter((x) => x === "autoClose").length, 1);
    } finally {
      await t2.close();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});

Deno.test("[timers] two instances on one database file fire each timer once", async () => {
  const clock = testClock();
  const dataDir = await Deno.makeTempDir({ prefix: "atende-timers-" });
  try {
    const t1 = await createTestApp({ clock, scheduler: false, dataDir });
    try {
      const ids: number[] = [];
      const w = await createTenant(t1, {
        webhook: null,
        user: false,
        queues: [{ name: "Q" }],
        conn: { expiresTicket: 10, expiresInactiveMessage: "Tchau" },
      });
      const agent = await userOf(t1, w.company.id, { queueIds: [w.queues[0].id] });
      for (let i = 0; i < 40; i++) {
        const { ticketId } = await customerSays(t1, w.conn, `55119200000${String(i).padStart(2, "0")}`, "oi");
        await expectOk(
          await t1.request(`/api/tickets/${ticketId}`, {
            method: "PUT",
            token: agent.token,
            json: { status: "open" },
          }),
        );
        ids.push(ticketId);
      }
      await t1.deps.bus.drain();
      clock.at(10);
      // The other instance: a separate process on the same file, ticking at the same moment.
      const other = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", new URL("./_tick_process.ts", import.meta.url).pathname],
        env: { DATA_DIR: dataDir, TICK_AT: clock.now().toISOString(), SYNC_DIR: dataDir, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const deadline = Date.now() + 60_000;
      while (!(await Deno.stat(`${dataDir}/ready`).catch(() => null)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await Deno.writeTextFile(`${dataDir}/go`, "1");
      await tick(t1);
      const out = await other;
      assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
      const { seen } = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
      console.log(`other instance handled ${seen} of ${ids.length}`);
      await tick(t1);
      for (const id of ids) {
        assert.equal((await ticketRow(t1, id)).status, "closed");
        assert.equal(
          (await logTypes(t1, id)).filter((x) => x === "autoClose").length,
          1,
          `ticket ${id} once`,
        );
        assert.deepEqual((await outbound(t1, id)).map((m) => m.body), ["Tchau"], `ticket ${id} one farewell`);
      }
    } finally {
      await t1.close();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
