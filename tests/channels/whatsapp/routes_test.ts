import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { waAuth } from "@db/schema.ts";
import { createTestApp } from "../../_helpers/test_app.ts";
import { createUser, login } from "../../_helpers/factories.ts";
import { stopWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { useDbAuthState } from "@/channels/whatsapp/auth_state.ts";
import { connRow, expectStatus, runSessions, sessionApp, setupWa, waitFor } from "./_support.ts";

Deno.test("[whatsapp] session routes: start, new QR, disconnect, restart", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const api = sessionApp(t);
    const { company, conn, token } = await setupWa(t);
    const other = await setupWa(t);
    const { fake } = await runSessions(t);

    await tt.step("without a session: 401; without the permission: 403; another company's: 404", async () => {
      await expectStatus(
        await api(`/api/whatsappsession/${conn.id}`, { method: "POST" }),
        401,
        "ERR_UNAUTHENTICATED",
      );
      const plain = await createUser(t, company.id, { profile: "user", allowConnections: "disabled" });
      const { token: userToken } = await login(t, plain);
      for (const method of ["POST", "PUT", "DELETE"]) {
        await expectStatus(
          await api(`/api/whatsappsession/${conn.id}`, { method, token: userToken }),
          403,
          "ERR_NO_PERMISSION",
        );
        await expectStatus(
          await api(`/api/whatsappsession/${other.conn.id}`, { method, token }),
          404,
          "ERR_NO_WAPP_FOUND",
        );
      }
      await expectStatus(await api("/api/whatsapp-restart", { method: "POST", token: userToken }), 403);
      assert.equal(fake.sockets.length, 0);
    });

    await tt.step("POST starts the session (OPENING, then the QR)", async () => {
      await expectStatus(await api(`/api/whatsappsession/${conn.id}`, { method: "POST", token }), 200);
      assert.equal(fake.sockets.length, 1);
      assert.equal((await connRow(t, conn.id)).status, "OPENING");
      fake.last().ev.emit("connection.update", { qr: "qr-1" });
      await waitFor(async () => (await connRow(t, conn.id)).status === "qrcode", "qrcode");
      fake.last().linkAndOpen();
      await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED");
    });

    await tt.step("PUT forgets the auth state and starts over with fresh creds", async () => {
      const old = fake.last();
      await waitFor(
        async () => (await t.deps.db.select().from(waAuth).where(eq(waAuth.whatsappId, conn.id))).length,
        "creds",
      );
      await expectStatus(await api(`/api/whatsappsession/${conn.id}`, { method: "PUT", token }), 200);
      assert.equal(old.ended, true);
      assert.equal(fake.sockets.length, 2);
      assert.equal(fake.last().auth.creds.registered, false);
      assert.equal((await t.deps.db.select().from(waAuth).where(eq(waAuth.whatsappId, conn.id))).length, 0);
      fake.last().open();
      await waitFor(async () => (await connRow(t, conn.id)).status === "CONNECTED", "CONNECTED");
    });

    await tt.step("DELETE logs out: DISCONNECTED and the auth state is gone", async () => {
      const sock = fake.last();
      const a = await useDbAuthState(t.deps.database, company.id, conn.id);
      await a.saveCreds();
      await expectStatus(await api(`/api/whatsappsession/${conn.id}`, { method: "DELETE", token }), 200);
      assert.equal(sock.loggedOut, true);
      const row = await connRow(t, conn.id);
      assert.equal(row.status, "DISCONNECTED");
      assert.equal((await t.deps.db.select().from(waAuth).where(eq(waAuth.whatsappId, conn.id))).length, 0);
    });

    await tt.step("POST with usePairingCode stores the number and pairs by code", async () => {
      await expectStatus(
        await api(`/api/whatsappsession/${conn.id}`, {
          method: "POST",
          token,
          json: { usePairingCode: true },
        }),
        400,
        "ERR_VALIDATION",
      );
      await expectStatus(
        await api(`/api/whatsappsession/${conn.id}`, {
          method: "POST",
          token,
          json: { usePairingCode: true, number: "+55 (11) 98888-7777" },
        }),
        200,
      );
      assert.equal((await connRow(t, conn.id)).number, "5511988887777");
      fake.last().ev.emit("connection.update", { qr: "qr-p" });
      await waitFor(async () => (await connRow(t, conn.id)).status === "PAIRING", "PAIRING");
      assert.deepEqual(fake.last().pairingRequests, ["5511988887777"]);
    });

    await tt.step("POST /whatsapp-restart restarts the company's whatsapp connections", async () => {
      const before = fake.sockets.length;
      await expectStatus(await api("/api/whatsapp-restart", { method: "POST", token }), 200);
      assert.equal(fake.sockets.length, before + 1);
      assert.equal(fake.sockets.at(-2)!.ended, true);
    });

    await tt.step("creating a whatsapp connection starts its session", async () => {
      const before = fake.sockets.length;
      const res = await t.request("/api/whatsapp", {
        method: "POST",
        token,
        json: { name: "Outro", channel: "whatsapp" },
      });
      const made = await expectStatus(res, 201);
      assert.equal((await connRow(t, made.id)).status, "OPENING");
      assert.equal(fake.sockets.length, before + 1);
    });
  } finally {
    await stopWhatsappSessions(t.deps);
    await t.close();
  }
});

Deno.test("[whatsapp] session routes: a process that runs no sessions answers ERR_WAPP_NOT_INITIALIZED", async () => {
  const t = await createTestApp({ scheduler: false });
  try {
    const api = sessionApp(t);
    const { conn, token } = await setupWa(t, { status: "CONNECTED" });
    await expectStatus(
      await api(`/api/whatsappsession/${conn.id}`, { method: "POST", token }),
      409,
      "ERR_WAPP_NOT_INITIALIZED",
    );
    // Logging out needs no socket here: the auth state is cleared and the status set.
    await expectStatus(await api(`/api/whatsappsession/${conn.id}`, { method: "DELETE", token }), 200);
    assert.equal((await connRow(t, conn.id)).status, "DISCONNECTED");
  } finally {
    await t.close();
  }
});
