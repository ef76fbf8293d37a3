/**
 * The e-mail connection: saved with its settings in the clear and its password sealed (never in an
 * answer), connected by logging in to the mailbox — a refused login shows the server's answer as the
 * connection's last error — and held by one watcher that waits in IDLE and reads new mail at once.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import { SecretBox } from "@/lib/crypto.ts";
import { EmailWatchers } from "@/channels/email/watcher.ts";
import { leaseHolder } from "@/jobs/lease.ts";
import { hasDovecot } from "./_servers.ts";
import { emailSettings, mail, messagesOf, startMail } from "./_support.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name:
    "[email] the connection logs in (CONNECTED), seals its password and never answers with it; a refused login is its last error",
  async fn() {
    const k = await startMail();
    try {
      const res = await k.t.request(`/api/whatsapp/${k.connectionId}`, { token: k.admin.token });
      const dto = await res.json();
      assert.equal(dto.status, "CONNECTED");
      assert.equal(dto.lastError, null);
      assert.equal(dto.emailSettings.imapUser, k.dc.user);
      assert.ok(!("emailSecret" in dto) && !JSON.stringify(dto).includes(k.dc.password));
      const [row] = await k.t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
      assert.ok(SecretBox.isSealed(row.emailSecret!));

      const bad = await k.t.request("/api/whatsapp", {
        method: "POST",
        token: k.admin.token,
        json: {
          name: "Vendas",
          channel: "email",
          emailSettings: emailSettings(k.dc, k.smtp),
          emailPassword: "wrong",
        },
      });
      assert.equal(bad.status, 201, await bad.clone().text());
      const created = await bad.json();
      const again = await (await k.t.request(`/api/whatsapp/${created.id}`, { token: k.admin.token })).json();
      assert.equal(again.status, "DISCONNECTED");
      assert.match(again.lastError, /auth|fail/i);

      // Required on create: the settings and a password.
      const missing = await k.t.request("/api/whatsapp", {
        method: "POST",
        token: k.admin.token,
        json: { name: "Sem senha", channel: "email", emailSettings: emailSettings(k.dc, k.smtp) },
      });
      assert.equal(missing.status, 400);
      assert.match(await missing.text(), /emailPassword/);

      // A blank password on edit keeps the stored one; the login still works.
      const put = await k.t.request(`/api/whatsapp/${k.connectionId}`, {
        method: "PUT",
        token: k.admin.token,
        json: { emailSettings: emailSettings(k.dc, k.smtp, { signature: "Equipe" }) },
      });
      assert.equal(put.status, 200, await put.clone().text());
      const edited = await put.json();
      assert.equal(edited.emailSettings.signature, "Equipe");
      const [after] = await k.t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, k.connectionId));
      assert.equal(after.status, "CONNECTED");
      assert.equal(after.emailSecret, row.emailSecret);
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name:
    "[email] the watcher takes the mailbox's lease and, waiting in IDLE, stores a new mail as soon as it arrives",
  async fn() {
    const k = await startMail();
    const watchers = new EmailWatchers(k.t.deps, { pollMs: 3_600_000 });
    try {
      const arrived = new Promise<string>((resolve) =>
        k.t.deps.bus.on("message.created", (e) => resolve(e.message.body))
      );
      await watchers.tick();
      assert.equal(
        await leaseHolder(k.t.deps.database, `mail:${k.connectionId}`, k.t.deps.clock.now()),
        k.t.deps.config.instanceId,
      );
      // Delivered once the watcher runs: its first pass or IDLE sees it (the poll is an hour away).
      await k.dc.deliver(mail({ from: "cliente@exemplo.test", body: "Chegou?", id: "idle-1@exemplo.test" }));
      assert.equal(await arrived, "Chegou?");
      assert.equal((await messagesOf(k)).length, 1);
    } finally {
      await watchers.stop();
      await k.close();
    }
  },
});
