/**
 * Who is spared a push: a user in their quiet hours (the injected clock, the user's zone), a user
 * with the app in front of them (focus reported over the socket); and what a push may say: LGPD
 * masking for profile users, the device's language, nothing of the message when the company turns
 * previews off.
 */
import assert from "node:assert/strict";
import { and, eq, isNotNull } from "drizzle-orm";
import { pushPrefs } from "@db/schema.ts";
import { ManualClock } from "../_helpers/clock.ts";
import { customerSays, waitUntil } from "../_helpers/inbox.ts";
import { expectOk } from "../_helpers/http.ts";
import { userOf } from "../_helpers/tenant.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { maskNumber } from "@/lib/lgpd.ts";
import { pushWorld, subscribeDevice } from "./_world.ts";

Deno.test("[push] quiet hours in the user's zone hold pushes back; outside them they ring", async () => {
  // 12:00 in São Paulo (the company's zone).
  const clock = new ManualClock("2026-06-10T15:00:00Z");
  const x = await pushWorld({ clock });
  try {
    const prefs = { quietStart: "22:00", quietEnd: "07:00" };
    assert.deepEqual(
      await expectOk(
        await x.t.request("/api/push/prefs", { method: "PUT", token: x.ana.token, json: prefs }),
      ),
      prefs,
    );
    assert.deepEqual(await expectOk(await x.t.request("/api/push/prefs", { token: x.ana.token })), prefs);

    clock.set("2026-06-11T02:30:00Z"); // 23:30 in São Paulo
    await customerSays(x.t, x.w.conn, { number: "5511911112222", name: "Davi" }, "Boa noite");
    await x.settle();
    assert.equal(x.push.forSubscription(x.devices.ana.id).length, 0, "Ana is in her quiet hours");
    assert.equal(x.push.forSubscription(x.devices.bruno.id).length, 1, "Bruno has none");

    clock.set("2026-06-11T11:00:00Z"); // 08:00 in São Paulo
    await customerSays(x.t, x.w.conn, "5511911112222", "Bom dia");
    await x.settle();
    assert.equal(x.push.forSubscription(x.devices.ana.id).length, 1);
    assert.equal(x.push.forSubscription(x.devices.ana.id)[0].payload.body, "Bom dia");
    assert.deepEqual(x.push.refused, []);
  } finally {
    await x.close();
  }
});

Deno.test("[push] nothing is pushed while the user has the app focused (reported over the socket)", async () => {
  const x = await pushWorld();
  const ws = await connectWs(x.t.wsUrl, x.bruno.token);
  try {
    await ws.next((f) => (f as { type?: string }).type === "ready");
    const focusRow = (on: boolean) =>
      x.t.deps.db.select().from(pushPrefs).where(
        and(
          eq(pushPrefs.userId, x.bruno.user.id),
          on ? isNotNull(pushPrefs.focusedUntil) : eq(pushPrefs.userId, x.bruno.user.id),
        ),
      ).then((rows) => (on ? rows.length > 0 : rows.length > 0 && rows[0].focusedUntil === null));
    ws.send({ type: "focus", focused: true });
    await waitUntil(() => focusRow(true), "the focus to be recorded");
    await customerSays(x.t, x.w.conn, { number: "5511933334444", name: "Eva" }, "Olá");
    await x.settle();
    assert.equal(x.push.forSubscription(x.devices.bruno.id).length, 0, "Bruno is looking at the app");
    assert.equal(x.push.forSubscription(x.devices.ana.id).length, 1);

    ws.send({ type: "focus", focused: false });
    await waitUntil(() => focusRow(false), "the blur to be recorded");
    await customerSays(x.t, x.w.conn, "5511933334444", "Alguém?");
    await x.settle();
    assert.equal(x.push.forSubscription(x.devices.bruno.id).length, 1);
  } finally {
    ws.close();
    await x.close();
  }
});

Deno.test("[push] LGPD masking for profile users, the device's language, no content when previews are off", async (tt) => {
  const x = await pushWorld({ settings: { lgpdHideNumber: "enabled" } });
  try {
    const boss = await userOf(x.t, x.w.company.id, {
      name: "Gerente",
      profile: "admin",
      queueIds: [x.w.queues[0].id],
    });
    const bossDevice = await subscribeDevice(x.t, x.push, boss.token, "pt");
    const number = "5511955556666";

    await tt.step(
      "a contact known only by number: masked for Ana (profile user), whole for an admin",
      async () => {
        await customerSays(x.t, x.w.conn, number, `me liga no ${number}`);
        await x.settle();
        const ana = x.push.forSubscription(x.devices.ana.id)[0].payload;
        assert.equal(ana.title, `Customer waiting: ${maskNumber(number)}`);
        assert.equal(ana.body, `me liga no ${maskNumber(number)}`);
        assert.ok(!JSON.stringify(ana).includes(number));
        const admin = x.push.forSubscription(bossDevice.id)[0].payload;
        assert.equal(admin.title, `Cliente aguardando: ${number}`, "in the device's language, unmasked");
      },
    );

    await tt.step("pushShowContent disabled: no name, no text — 'New message'", async () => {
      await expectOk(
        await x.t.request("/api/settings/pushShowContent", {
          method: "PUT",
          token: x.w.adminToken,
          json: { value: "disabled" },
        }),
      );
      await customerSays(x.t, x.w.conn, { number: "5511977778888", name: "Fábio Segredo" }, "meu CPF é 123");
      await x.settle();
      const last = x.push.forSubscription(x.devices.ana.id).at(-1)!.payload;
      assert.equal(last.title, "Customer waiting");
      assert.equal(last.body, "New message");
      assert.ok(!JSON.stringify(last).includes("Fábio") && !JSON.stringify(last).includes("CPF"));
      assert.equal(x.push.forSubscription(bossDevice.id).at(-1)!.payload.body, "Nova mensagem");
    });
    assert.deepEqual(x.push.refused, []);
  } finally {
    await x.close();
  }
});
