/**
 * Import of old messages, its rules (spec 2 §5): closedTicketsPostImported closes the imported tickets at
 * the end, groups only with importOldMessagesGroups, no window no sync, and the import fields' validation.
 * The import itself: import_test.ts.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { proto } from "baileys";
import { messages, tickets, whatsapps } from "@db/schema.ts";
import { startTestServer } from "../../_helpers/test_app.ts";
import { createCompany, createQueue } from "../../_helpers/factories.ts";
import { settle } from "../../_helpers/ws_client.ts";
import { managerFor, stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { connRow, expectStatus, messageByWid, setupWa, waitFor, waMessage } from "./_support.ts";
import { DAY, history, isoDay, runRecording, sec, text } from "./_import_support.ts";

Deno.test("[whatsapp] import: closedTicketsPostImported closes at the end; groups with importOldMessagesGroups; no window, no sync", async () => {
  const t = await startTestServer({ scheduler: false });
  try {
    const wa = await setupWa(t, {
      importOldMessages: isoDay(30 * DAY),
      importOldMessagesGroups: true,
      allowGroup: false,
      closedTicketsPostImported: true,
    });
    const queue = await createQueue(t, wa.company.id);
    await t.deps.database.write((tx) =>
      tx.update(whatsapps).set({ queueIdImportMessages: queue.id }).where(eq(whatsapps.id, wa.conn.id))
    );
    const plainConn = await setupWa(t);
    const { fake, syncHistory } = await runRecording(t);
    const manager = managerFor(t.deps)!;
    // Without a window the history sync stays off.
    await manager.command(plainConn.conn, "start");
    assert.deepEqual(syncHistory, [false]);
    await manager.command(await connRow(t, wa.conn.id), "start");
    assert.deepEqual(syncHistory, [false, true]);
    const sock = fake.last();
    sock.linkAndOpen();
    await waitFor(async () => (await connRow(t, wa.conn.id)).status === "CONNECTED", "CONNECTED");
    sock.ev.emit("messaging-history.set", {
      ...history([
        waMessage({
          id: "G-IMP",
          jid: "120363000000000009@g.us",
          participant: "5511966660006@s.whatsapp.net",
          message: text("no grupo"),
          ts: sec(3 * DAY),
        }),
        waMessage({
          id: "P-IMP",
          jid: "5511977770007@s.whatsapp.net",
          message: text("privada"),
          ts: sec(4 * DAY),
        }),
      ], 80),
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
    });
    // Oldest first: P-IMP (4 days ago) is stored before G-IMP (3 days ago).
    await waitFor(() => messageByWid(t, wa.company.id, "P-IMP"), "private imported");
    await waitFor(
      () => messageByWid(t, wa.company.id, "G-IMP"),
      "group imported with importOldMessagesGroups",
    );
    // INITIAL_BOOTSTRAP completing does not end the import; RECENT completing does.
    sock.ev.emit("messaging-history.status", {
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
      status: "complete",
      explicit: true,
    });
    await settle(150);
    assert.match((await connRow(t, wa.conn.id)).statusImportMessages ?? "", /^\d+$/);
    sock.ev.emit("messaging-history.status", {
      syncType: proto.HistorySync.HistorySyncType.RECENT,
      status: "paused",
      explicit: false,
    });
    await waitFor(async () => (await connRow(t, wa.conn.id)).statusImportMessages === null, "status cleared");
    const all = await t.deps.db.select().from(tickets).where(eq(tickets.companyId, wa.company.id));
    assert.equal(all.length, 2);
    for (const tk of all) {
      assert.equal(tk.imported, true);
      assert.equal(tk.status, "closed");
      assert.equal(tk.queueId, queue.id);
    }
    const stored = await t.deps.db.select().from(messages).where(eq(messages.companyId, wa.company.id));
    assert.equal(stored.length, 2);
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] import fields: spec 2 §5 validation", async (tt) => {
  const t = await startTestServer({ scheduler: false });
  try {
    const { company, token } = await setupWa(t);
    const queue = await createQueue(t, company.id);
    const otherCompany = await createCompany(t);
    const foreignQueue = await createQueue(t, otherCompany.company.id);
    let n = 0;
    const create = (extra: Record<string, unknown>) =>
      t.request("/api/whatsapp", {
        method: "POST",
        token,
        json: { name: `Import ${++n}`, channel: "whatsapp", ...extra },
      });
    const bad = async (extra: Record<string, unknown>, path: string) => {
      const b = await expectStatus(await create(extra), 400, "ERR_VALIDATION");
      assert.ok(
        JSON.stringify(b.details).includes(path),
        `${JSON.stringify(extra)} → ${JSON.stringify(b.details)}`,
      );
    };

    await tt.step("create: bad dates and a missing queue answer 400", async () => {
      await bad(
        { importOldMessages: isoDay(3 * 365 * DAY), queueIdImportMessages: queue.id },
        "importOldMessages",
      );
      await bad(
        { importOldMessages: isoDay(-2 * DAY), queueIdImportMessages: queue.id },
        "importOldMessages",
      );
      await bad({
        importOldMessages: isoDay(10 * DAY),
        importRecentMessages: isoDay(20 * DAY),
        queueIdImportMessages: queue.id,
      }, "importRecentMessages");
      await bad({
        importOldMessages: isoDay(10 * DAY),
        importRecentMessages: isoDay(-3 * DAY),
        queueIdImportMessages: queue.id,
      }, "importRecentMessages");
      await bad({ importOldMessages: isoDay(10 * DAY) }, "queueIdImportMessages");
      await bad({ importOldMessages: "ontem", queueIdImportMessages: queue.id }, "importOldMessages");
      await bad({ importRecentMessages: isoDay(1 * DAY) }, "importOldMessages");
    });

    await tt.step("create: another company's queue is 404; a valid window is stored", async () => {
      await expectStatus(
        await create({ importOldMessages: isoDay(10 * DAY), queueIdImportMessages: foreignQueue.id }),
        404,
        "ERR_NOT_FOUND",
      );
      const made = await expectStatus(
        await create({
          importOldMessages: isoDay(700 * DAY),
          importRecentMessages: isoDay(0),
          importOldMessagesGroups: true,
          closedTicketsPostImported: false,
          queueIdImportMessages: queue.id,
        }),
        201,
      );
      assert.equal(made.importOldMessages, isoDay(700 * DAY));
      assert.equal(made.queueIdImportMessages, queue.id);
      assert.equal(made.importOldMessagesGroups, true);
      // "" clears a date input.
      const cleared = await expectStatus(
        await create({ importOldMessages: "", importRecentMessages: "" }),
        201,
      );
      assert.equal(cleared.importOldMessages, null);
    });

    await tt.step("update: checked against the stored row", async () => {
      const made = await expectStatus(await create({}), 201);
      const put = (json: Record<string, unknown>) =>
        t.request(`/api/whatsapp/${made.id}`, { method: "PUT", token, json });
      // No queue stored and none sent.
      await expectStatus(await put({ importOldMessages: isoDay(10 * DAY) }), 400, "ERR_VALIDATION");
      await expectStatus(
        await put({ importOldMessages: isoDay(10 * DAY), queueIdImportMessages: queue.id }),
        200,
      );
      // Recent before the stored old date.
      await expectStatus(await put({ importRecentMessages: isoDay(20 * DAY) }), 400, "ERR_VALIDATION");
      await expectStatus(await put({ importRecentMessages: isoDay(5 * DAY) }), 200);
      // Removing the queue while import is on.
      await expectStatus(await put({ queueIdImportMessages: null }), 400, "ERR_VALIDATION");
      // Other fields save with the stored window untouched.
      await expectStatus(await put({ name: "Renomeada" }), 200);
      await expectStatus(await put({ importOldMessages: null, importRecentMessages: null }), 200);
    });
  } finally {
    await t.close();
  }
});
