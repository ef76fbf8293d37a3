/**
 * Import of old messages (spec 2 §3, §4, §5, §7): history sync chunks filtered by the import window, stored as
 * imported without per-message events, progress on importMessages-{companyId}, statusImportMessages and
 * POST /closedimported/:id. The end of an import and the import fields: import_rules_test.ts.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { startTestServer } from "../../_helpers/test_app.ts";
import { createQueue, createUser, login } from "../../_helpers/factories.ts";
import { connectWs, settle } from "../../_helpers/ws_client.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { RENDER_CLOSE_BUTTON } from "@/channels/whatsapp/history.ts";
import { connRow, expectStatus, messageByWid, setupWa, waitFor, waMessage } from "./_support.ts";
import { DAY, history, isoDay, runRecording, sec, text } from "./_import_support.ts";

Deno.test("[whatsapp] import of old messages: window, imported flag, progress, close imported", async (tt) => {
  const t = await startTestServer({ scheduler: false });
  try {
    const wa = await setupWa(t);
    const { company, token } = wa;
    const queue = await createQueue(t, company.id, { name: "Importadas" });
    const res = await t.request(`/api/whatsapp/${wa.conn.id}`, {
      method: "PUT",
      token,
      json: {
        importOldMessages: new Date(Date.now() - 30 * DAY).toISOString(),
        importRecentMessages: isoDay(2 * DAY),
        queueIdImportMessages: queue.id,
      },
    });
    await expectStatus(res, 200);
    const conn = await connRow(t, wa.conn.id);
    const { fake, syncHistory } = await runRecording(t);
    const ws = await connectWs(t.wsUrl, token);

    await expectStatus(await t.request(`/api/whatsappsession/${conn.id}`, { method: "POST", token }), 200);
    assert.deepEqual(syncHistory, [true], "the socket asks for the history sync");
    fake.last().linkAndOpen();
    await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED");

    await tt.step("a live message still emits appMessage (control)", async () => {
      fake.last().ev.emit("messages.upsert", {
        type: "notify",
        messages: [
          waMessage({ id: "LIVE-A", jid: "5511911110001@s.whatsapp.net", message: text("oi agora") }),
        ],
      });
      await ws.next((f) =>
        f.event === `company-${company.id}-appMessage` &&
        (f.data?.message as { wid?: string })?.wid === "LIVE-A"
      );
    });

    const inside = ["IMP-B1", "IMP-B2", "IMP-A1"];
    const b1At = sec(10 * DAY);
    await tt.step("a history chunk: only the window's messages are stored, imported, silently", async () => {
      fake.last().ev.emit(
        "messaging-history.set",
        history([
          waMessage({
            id: "IMP-B2",
            jid: "5511922220002@s.whatsapp.net",
            fromMe: true,
            message: text("resposta"),
            ts: sec(9 * DAY),
          }),
          waMessage({
            id: "IMP-B1",
            jid: "5511922220002@s.whatsapp.net",
            pushName: "Bia",
            message: text("pergunta"),
            ts: b1At,
          }),
          waMessage({
            id: "IMP-A1",
            jid: "5511911110001@s.whatsapp.net",
            message: text("antiga do A"),
            ts: sec(5 * DAY),
          }),
          waMessage({
            id: "OLD-C",
            jid: "5511933330003@s.whatsapp.net",
            message: text("velha demais"),
            ts: sec(60 * DAY),
          }),
          waMessage({
            id: "NEW-C",
            jid: "5511933330003@s.whatsapp.net",
            message: text("recente demais"),
            ts: sec(3600_000),
          }),
          waMessage({
            id: "GRP-1",
            jid: "120363000000000001@g.us",
            participant: "5511944440004@s.whatsapp.net",
            message: text("grupo"),
            ts: sec(8 * DAY),
          }),
        ], 50),
      );
      const preparing = await ws.next((f) =>
        f.event === `importMessages-${company.id}` &&
        (f.data?.status as { state?: string })?.state === "preparing", 10_000);
      assert.equal(preparing.data?.action, "update");
      const done = await ws.next((f) =>
        f.event === `importMessages-${company.id}` &&
        (f.data?.status as { state?: string })?.state === "importing", 10_000);
      assert.deepEqual(done.data?.status, { this: 3, all: 3, state: "importing" });
      const marker = (await connRow(t, conn.id)).statusImportMessages;
      assert.match(marker ?? "", /^\d{13}$/, "a running marker with a timestamp");
      assert.ok(Math.abs(Number(marker) - Date.now()) < 60_000);

      for (const wid of ["OLD-C", "NEW-C", "GRP-1"]) {
        assert.equal(await messageByWid(t, company.id, wid), undefined, wid);
      }
      const b1 = await messageByWid(t, company.id, "IMP-B1");
      const b2 = await messageByWid(t, company.id, "IMP-B2");
      assert.ok(b1 && b2);
      assert.equal(b1.ticketId, b2.ticketId);
      assert.equal(b1.read, true);
      assert.equal(b1.createdAt, new Date(b1At * 1000).toISOString());
      const [tb] = await t.deps.db.select().from(tickets).where(eq(tickets.id, b1.ticketId));
      assert.equal(tb.imported, true);
      assert.equal(tb.queueId, queue.id);
      assert.equal(tb.status, "pending");
      assert.equal(tb.unreadMessages, 0);
      assert.equal(tb.lastMessage, "resposta", "the preview ends on the newest imported message");

      // A contact with a live ticket: the old message joins it without touching its preview.
      const a1 = await messageByWid(t, company.id, "IMP-A1");
      const live = await messageByWid(t, company.id, "LIVE-A");
      assert.ok(a1 && live);
      assert.equal(a1.ticketId, live.ticketId);
      const [ta] = await t.deps.db.select().from(tickets).where(eq(tickets.id, live.ticketId));
      assert.equal(ta.imported, false);
      assert.equal(ta.lastMessage, "oi agora");

      await settle(200);
      const silent = ws.frames.filter((f) =>
        f.event === `company-${company.id}-appMessage` &&
        inside.includes(String((f.data?.message as { wid?: string })?.wid))
      );
      assert.deepEqual(silent, [], "no appMessage event for imported messages");
    });

    await tt.step("the last chunk (progress 100) ends the import: renderButtonCloseTickets", async () => {
      fake.last().ev.emit(
        "messaging-history.set",
        history([
          waMessage({
            id: "IMP-D1",
            jid: "5511955550005@s.whatsapp.net",
            message: text("mais uma"),
            ts: sec(20 * DAY),
          }),
        ], 100),
      );
      const fin = await ws.next((f) =>
        f.event === `importMessages-${company.id}` &&
        (f.data?.status as { state?: string })?.state === "finished", 10_000);
      assert.deepEqual(fin.data?.status, { this: 4, all: 4, state: "finished" });
      assert.equal((await connRow(t, conn.id)).statusImportMessages, RENDER_CLOSE_BUTTON);
      await ws.next((f) =>
        f.event === `company-${company.id}-whatsappSession` &&
        (f.data?.session as { statusImportMessages?: string })?.statusImportMessages === RENDER_CLOSE_BUTTON
      );
    });

    await tt.step("POST /closedimported/:id: 401, 403, 404 for another company's", async () => {
      await expectStatus(await t.request(`/api/closedimported/${conn.id}`, { method: "POST" }), 401);
      const plain = await createUser(t, company.id, { profile: "user", allowConnections: "disabled" });
      const { token: userToken } = await login(t, plain);
      await expectStatus(
        await t.request(`/api/closedimported/${conn.id}`, { method: "POST", token: userToken }),
        403,
        "ERR_NO_PERMISSION",
      );
      const other = await setupWa(t);
      await expectStatus(
        await t.request(`/api/closedimported/${other.conn.id}`, { method: "POST", token }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
      await expectStatus(
        await t.request(`/api/closedimported/${conn.id}`, { method: "POST", token: other.token }),
        404,
        "ERR_NO_WAPP_FOUND",
      );
      assert.equal((await connRow(t, conn.id)).statusImportMessages, RENDER_CLOSE_BUTTON);
    });

    await tt.step(
      "POST /closedimported/:id closes only the imported tickets and clears the status",
      async () => {
        const body = await expectStatus(
          await t.request(`/api/closedimported/${conn.id}`, { method: "POST", token }),
          200,
        );
        assert.equal(body.closed, 2);
        const all = await t.deps.db.select().from(tickets).where(eq(tickets.companyId, company.id));
        for (const tk of all) assert.equal(tk.status, tk.imported ? "closed" : "pending", `ticket ${tk.id}`);
        assert.equal(all.filter((tk) => tk.imported).length, 2);
        assert.equal((await connRow(t, conn.id)).statusImportMessages, null);
        await ws.next((f) =>
          f.event === `company-${company.id}-ticket` && f.data?.action === "update" &&
          (f.data?.ticket as { status?: string; imported?: boolean })?.status === "closed"
        );
      },
    );
    await ws.close();
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});
