/**
 * OAuth2 mailboxes (XOAUTH2), against Dovecot's oauth2 passdb checking tokens at a local RFC 7662
 * introspection endpoint and smtp-server taking XOAUTH2, with a local token endpoint (RFC 6749 §6
 * refresh): a refused access token is refreshed with the sealed refresh token and the app's client
 * id and secret, sealed back (a rotated refresh token too), and the login tried again; a token
 * about to expire is refreshed before the login; SMTP's refusal is handled the same way. Without a
 * refresh token the token is used as given.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { messages, whatsapps } from "@db/schema.ts";
import { findConnection } from "@/connections/repo.ts";
import { syncMailbox } from "@/channels/email/sync.ts";
import { openSecret } from "@/channels/email/connect.ts";
import { createTestApp } from "../../_helpers/test_app.ts";
import { createCompany, login } from "../../_helpers/factories.ts";
import { ManualClock } from "../../_helpers/clock.ts";
import { hasDovecot, startDovecot, startSmtpSink } from "./_servers.ts";
import { emailSettings, mail, runJobs, SUPPORT } from "./_support.ts";

const opts = { ignore: !hasDovecot(), sanitizeResources: false, sanitizeOps: false };
const CLIENT_ID = "atende-app.apps.example";
const CLIENT_SECRET = "app-s3cret";

/** The provider: a token endpoint (refresh grant) and the introspection Dovecot asks. */
function startProvider() {
  const valid = new Set<string>();
  const refreshes: Record<string, string>[] = [];
  const introspected: string[] = [];
  let refreshToken = "rt-0";
  let n = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const form = Object.fromEntries(new URLSearchParams(await req.text()));
    const path = new URL(req.url).pathname;
    if (path === "/introspect") {
      introspected.push(form.token);
      return Response.json(valid.has(form.token) ? { active: true, username: SUPPORT } : { active: false });
    }
    if (path === "/token") {
      refreshes.push(form);
      const ok = form.grant_type === "refresh_token" && form.refresh_token === refreshToken &&
        form.client_id === CLIENT_ID && form.client_secret === CLIENT_SECRET;
      if (!ok) return Response.json({ error: "invalid_grant" }, { status: 400 });
      n++;
      valid.add(`at-${n}`);
      refreshToken = `rt-${n}`;
      return Response.json({ access_token: `at-${n}`, refresh_token: refreshToken, expires_in: 3600 });
    }
    return new Response("not found", { status: 404 });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return { origin, valid, refreshes, introspected, close: () => server.shutdown() };
}

async function start(o: { refresh: boolean }) {
  const clock = new ManualClock(new Date("2026-11-27T10:00:00Z"));
  const provider = startProvider();
  const dc = await startDovecot({ user: SUPPORT, oauth2IntrospectionUrl: `${provider.origin}/introspect` });
  const smtp = await startSmtpSink({
    auth: (a) => a.method === "XOAUTH2" && provider.valid.has(a.secret ?? ""),
  });
  const t = await createTestApp({ scheduler: false, clock });
  const { company, admin } = await createCompany(t);
  const session = await login(t, admin);
  const res = await t.request("/api/whatsapp", {
    method: "POST",
    token: session.token,
    json: {
      name: "Suporte Google",
      channel: "email",
      emailSettings: emailSettings(dc, smtp, {
        auth: "xoauth2",
        smtpUser: SUPPORT,
        ...(o.refresh ? { oauthTokenUrl: `${provider.origin}/token`, oauthClientId: CLIENT_ID } : {}),
      }),
      // An access token the provider no longer honours (it expired overnight).
      emailPassword: "at-expired",
      ...(o.refresh ? { emailRefreshToken: "rt-0", emailClientSecret: CLIENT_SECRET } : {}),
    },
  });
  assert.equal(res.status, 201, await res.clone().text());
  const conn = await res.json() as Record<string, unknown> & { id: number };
  const row = async () => (await findConnection(t.deps.db, company.id, conn.id))!;
  return {
    t,
    clock,
    provider,
    dc,
    smtp,
    conn,
    token: session.token,
    companyId: company.id,
    row,
    async sync() {
      const r = await syncMailbox(t.deps, await row());
      await t.deps.bus.drain();
      return r;
    },
    async close() {
      await t.close();
      await smtp.close();
      await dc.close();
      await provider.close();
    },
  };
}

Deno.test({
  ...opts,
  name:
    "[email] OAuth2: a refused access token is refreshed (refresh token, client id and secret), sealed back, and the mail is read; an expiring one is refreshed before the login",
  async fn() {
    const k = await start({ refresh: true });
    try {
      // The answer never carries a secret.
      const answer = JSON.stringify(k.conn);
      for (const s of ["at-expired", "rt-0", CLIENT_SECRET]) assert.ok(!answer.includes(s), s);

      await k.dc.deliver(
        mail({ from: "Ana <ana@cliente.test>", body: "Olá, chegou?", id: "ana-1@cliente.test" }),
      );
      const r = await k.sync();
      assert.equal(r.stored, 1);
      assert.ok(k.provider.introspected.includes("at-expired"), "Dovecot was asked about the old token");
      const first = k.provider.refreshes[0];
      assert.deepEqual(first, {
        grant_type: "refresh_token",
        refresh_token: "rt-0",
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      });
      const used = k.provider.refreshes.length;
      const secret = await openSecret(k.t.deps, await k.row());
      assert.equal(secret.password, `at-${used}`);
      assert.equal(secret.refreshToken, `rt-${used}`);
      assert.equal(secret.expiresAt, k.clock.now().getTime() + 3600_000);
      // Sealed at rest: the column holds neither token.
      const [raw] = await k.t.deps.db.select({ s: whatsapps.emailSecret }).from(whatsapps)
        .where(eq(whatsapps.id, k.conn.id));
      assert.ok(!raw.s!.includes(`at-${used}`) && !raw.s!.includes(`rt-${used}`));

      // Within the hour the token is used as it is.
      k.clock.advance(30 * 60_000);
      await k.dc.deliver(mail({ from: "Ana <ana@cliente.test>", body: "Alô?", id: "ana-2@cliente.test" }));
      assert.equal((await k.sync()).stored, 1);
      assert.equal(k.provider.refreshes.length, used);

      // A minute before it expires, it is refreshed before the login: Dovecot never sees it refused.
      k.clock.advance(29 * 60_000 + 30_000);
      const asked = k.provider.introspected.length;
      await k.dc.deliver(
        mail({ from: "Ana <ana@cliente.test>", body: "Oi de novo", id: "ana-3@cliente.test" }),
      );
      assert.equal((await k.sync()).stored, 1);
      assert.equal(k.provider.refreshes.length, used + 1);
      assert.deepEqual(k.provider.introspected.slice(asked), [`at-${used + 1}`]);
      assert.equal(
        k.provider.refreshes[used].refresh_token,
        `rt-${used}`,
        "the rotated refresh token is used",
      );
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "[email] OAuth2: SMTP refusing the access token (XOAUTH2) gets a refreshed one and the reply is sent",
  async fn() {
    const k = await start({ refresh: true });
    try {
      await k.dc.deliver(mail({ from: "Ana <ana@cliente.test>", body: "Olá", id: "ana-1@cliente.test" }));
      await k.sync();
      const [m] = await k.t.deps.db.select().from(messages).where(eq(messages.companyId, k.companyId));
      await k.t.request(`/api/tickets/${m.ticketId}`, {
        method: "PUT",
        token: k.token,
        json: { status: "open" },
      }).then((r) => r.body?.cancel());
      // The provider revokes the token in use (a password change, an admin's revocation).
      const before = k.provider.refreshes.length;
      k.provider.valid.clear();
      const res = await k.t.request(`/api/messages/${m.ticketId}`, {
        method: "POST",
        token: k.token,
        json: { body: "Chegou sim!" },
      });
      assert.equal(res.status, 201, await res.clone().text());
      const sentId = (await res.json()).id;
      await runJobs(k.t);
      await k.smtp.until(1);
      assert.equal(k.smtp.received[0].mail.text?.trim().startsWith("Chegou sim!"), true);
      assert.equal(k.provider.refreshes.length, before + 1);
      const [row] = await k.t.deps.db.select().from(messages).where(eq(messages.id, sentId));
      assert.equal(row.ack, 1);
      assert.equal(row.sendError, null);
    } finally {
      await k.close();
    }
  },
});

Deno.test({
  ...opts,
  name:
    "[email] OAuth2 without a refresh token: the token is used as given, and a refused one fails the login",
  async fn() {
    const k = await start({ refresh: false });
    try {
      await assert.rejects(() => k.sync());
      assert.equal(k.provider.refreshes.length, 0);
      k.provider.valid.add("at-expired");
      await k.dc.deliver(mail({ from: "Ana <ana@cliente.test>", body: "Olá", id: "ana-1@cliente.test" }));
      assert.equal((await k.sync()).stored, 1);
    } finally {
      await k.close();
    }
  },
});
