import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { BufferJSON, initAuthCreds, proto } from "baileys";
import { waAuth } from "@db/schema.ts";
import { createTestApp } from "../../_helpers/test_app.ts";
import { clearAuthState, dbKeyStore, readCreds, useDbAuthState } from "@/channels/whatsapp/auth_state.ts";
import { setupWa } from "./_support.ts";

Deno.test("[whatsapp] auth state round-trips through the database", async (tt) => {
  const t = await createTestApp({ scheduler: false });
  try {
    const { company, conn } = await setupWa(t);
    const other = await setupWa(t);

    await tt.step("fresh creds when nothing is stored; saveCreds keeps Buffers intact", async () => {
      const a = await useDbAuthState(t.deps.database, company.id, conn.id);
      assert.equal(a.state.creds.registered, false);
      a.state.creds.registered = true;
      a.state.creds.me = { id: "5511900000001:3@s.whatsapp.net" };
      await a.saveCreds();
      const back = await readCreds(t.deps.database, conn.id);
      assert.ok(back);
      assert.equal(back.registered, true);
      assert.ok(Buffer.isBuffer(back.noiseKey.private));
      assert.deepEqual(
        JSON.stringify(back, BufferJSON.replacer),
        JSON.stringify(a.state.creds, BufferJSON.replacer),
      );
      const again = await useDbAuthState(t.deps.database, company.id, conn.id);
      assert.equal(again.state.creds.me?.id, "5511900000001:3@s.whatsapp.net");
      assert.deepEqual([...again.state.creds.signedIdentityKey.public], [
        ...a.state.creds.signedIdentityKey.public,
      ]);
    });

    await tt.step("keys: set in one batch, get, delete with null", async () => {
      const keys = dbKeyStore(t.deps.database, company.id, conn.id);
      const pre = initAuthCreds().signedPreKey.keyPair;
      await keys.set({
        "pre-key": { "1": pre, "2": pre },
        session: { "5511@s.whatsapp.net.0": new Uint8Array([1, 2, 3]) },
        "lid-mapping": { "5511": "99900011" },
      });
      const got = await keys.get("pre-key", ["1", "2", "3"]);
      assert.deepEqual(Object.keys(got).sort(), ["1", "2"]);
      assert.deepEqual([...got["1"].private], [...pre.private]);
      const s = await keys.get("session", ["5511@s.whatsapp.net.0"]);
      assert.deepEqual([...s["5511@s.whatsapp.net.0"]], [1, 2, 3]);
      assert.equal((await keys.get("lid-mapping", ["5511"]))["5511"], "99900011");
      await keys.set({ "pre-key": { "1": null } });
      assert.deepEqual(Object.keys(await keys.get("pre-key", ["1", "2"])), ["2"]);
      // Another connection's keys are separate.
      const theirs = dbKeyStore(t.deps.database, other.company.id, other.conn.id);
      assert.deepEqual(await theirs.get("pre-key", ["2"]), {});
    });

    await tt.step("app-state-sync-key comes back as the protobuf class", async () => {
      const keys = dbKeyStore(t.deps.database, company.id, conn.id);
      const data = proto.Message.AppStateSyncKeyData.fromObject({
        keyData: new Uint8Array([9, 8, 7]),
        timestamp: 1700000000,
      });
      await keys.set({ "app-state-sync-key": { AAAA: data } });
      const got = (await keys.get("app-state-sync-key", ["AAAA"])).AAAA;
      assert.ok(got instanceof proto.Message.AppStateSyncKeyData);
      assert.deepEqual([...got.keyData!], [9, 8, 7]);
    });

    await tt.step("the cached store reads through and writes to the database", async () => {
      const a = await useDbAuthState(t.deps.database, company.id, conn.id);
      await a.state.keys.set({ "sender-key": { g1: new Uint8Array([5]) } });
      const rows = await t.deps.db.select().from(waAuth).where(eq(waAuth.type, "sender-key"));
      assert.equal(rows.length, 1);
      assert.deepEqual([...(await a.state.keys.get("sender-key", ["g1"])).g1], [5]);
    });

    await tt.step("clear removes every row of the connection only", async () => {
      await clearAuthState(t.deps.database, conn.id);
      assert.equal((await t.deps.db.select().from(waAuth).where(eq(waAuth.whatsappId, conn.id))).length, 0);
      assert.equal(await readCreds(t.deps.database, conn.id), null);
    });
  } finally {
    await t.close();
  }
});
