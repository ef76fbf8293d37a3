/**
 * POST /contacts/import: the phone's WhatsApp address book, as a linked session hears it (Baileys'
 * contacts.upsert / contacts.update and the contacts of a history-sync chunk, through the session
 * manager with the fake socket the WhatsApp suites use), becomes the company's contacts: numbers
 * as digits, no duplicates (twice imports nothing new), names filled in only where the contact's
 * name was its number. 401 without a session, 403 for a profile user, another company's line 404.
 */
import assert from "node:assert/strict";
import { proto } from "baileys";
import { createTestApp } from "../_helpers/test_app.ts";
import { createConnection, createUser, login } from "../_helpers/factories.ts";
import { expectError, expectOk } from "../_helpers/http.ts";
import { assertAllNeedAuth } from "../_helpers/tenant.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { contactsOf, handled, runSessions, setupWa, waitFor } from "../channels/whatsapp/_support.ts";
import { connRow } from "../channels/whatsapp/_support.ts";

type Report = { whatsappId: number; total: number; created: number; updated: number; skipped: number };

Deno.test("[contacts] import of the phone's address book: auth, roles, other company, no duplicates", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const a = await setupWa(t);
    const b = await setupWa(t);
    const agent = await createUser(t, a.company.id, { profile: "user" });
    const agentToken = (await login(t, agent)).token;
    const post = (token: string, json?: unknown) =>
      t.request("/api/contacts/import", { method: "POST", token, ...(json ? { json } : {}) });

    await tt.step("401 without a session; 403 for a profile user", async () => {
      await assertAllNeedAuth(t, [["POST", "/api/contacts/import"]]);
      await expectError(await post(agentToken), 403, "ERR_NO_PERMISSION");
    });

    await tt.step(
      "another company's line is not found; a line without an address book is refused",
      async () => {
        await expectError(await post(b.token, { whatsappId: a.conn.id }), 404, "ERR_NO_WAPP_FOUND");
        const api = await createConnection(t, a.company.id, "Site");
        await expectError(await post(a.token, { whatsappId: api.id }), 400, "ERR_VALIDATION");
      },
    );

    await tt.step("the book the session heard becomes contacts", async () => {
      // Already known: one named only by its number, one with a name of its own.
      for (const [name, number] of [["5511911110000", "5511911110000"], ["Cliente VIP", "5511922220000"]]) {
        await expectOk(
          await t.request("/api/contacts", { method: "POST", token: a.token, json: { name, number } }),
          201,
        );
      }
      const { fake, manager } = await runSessions(t);
      await manager.command(a.conn, "start");
      fake.last().linkAndOpen("5511900000001");
      await waitFor(async () => (await connRow(t, a.conn.id)).status === "CONNECTED", "CONNECTED");
      const sock = fake.last();
      sock.ev.emit("contacts.upsert", [
        { id: "5511911110000@s.whatsapp.net", name: "Bruno Costa", notify: "Bruno" },
        { id: "5511922220000@s.whatsapp.net", name: "Outro Nome" },
        { id: "5511933330000@s.whatsapp.net", notify: "Carla" },
        // Baileys 7: a contact known by its LID, with the phone number beside it.
        { id: "123456789012345@lid", phoneNumber: "5511944440000@s.whatsapp.net", name: "Dora Lima" },
        // Nothing to dial, or not a person: left out.
        { id: "987654321098765@lid", notify: "Sem número" },
        { id: "120363025555555555@g.us", name: "Grupo da família" },
        { id: "status@broadcast" },
      ]);
      sock.ev.emit("contacts.update", [{ id: "5511933330000@s.whatsapp.net", name: "Carla Dias" }]);
      sock.ev.emit("messaging-history.set", {
        chats: [],
        messages: [],
        contacts: [{ id: "5511955550000@s.whatsapp.net", name: "Eva Souza" }, { id: "12@s.whatsapp.net" }],
        isLatest: true,
        progress: 100,
        syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
      });
      await handled(manager, a.conn.id);

      const report = await expectOk<Report>(await post(a.token));
      assert.deepEqual(report, { whatsappId: a.conn.id, total: 6, created: 3, updated: 1, skipped: 2 });
      const byNumber = new Map((await contactsOf(t, a.company.id)).map((c) => [c.number, c.name]));
      assert.equal(byNumber.get("5511911110000"), "Bruno Costa", "a name that was the number is filled in");
      assert.equal(byNumber.get("5511922220000"), "Cliente VIP", "a name of its own is kept");
      assert.equal(byNumber.get("5511933330000"), "Carla Dias", "the later update's name");
      assert.equal(byNumber.get("5511944440000"), "Dora Lima");
      assert.equal(byNumber.get("5511955550000"), "Eva Souza");
      assert.equal(byNumber.size, 5);
      assert.equal((await contactsOf(t, b.company.id)).length, 0, "the other company got nothing");

      const again = await expectOk<Report>(await post(a.token, { whatsappId: a.conn.id }));
      assert.equal(again.created, 0);
      assert.equal(again.updated, 0);
      assert.equal((await contactsOf(t, a.company.id)).length, 5, "no duplicates");
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});
