/**
 * SSRF: every server-side fetch of a tenant's URL goes through lib/safe_fetch.ts. With
 * ALLOW_PRIVATE_URLS off, loopback, private, link-local and metadata targets are refused after DNS
 * resolution and on every redirect, and nothing the refused request could have fetched is stored.
 * A local "victim" server stands for the internal service; it must never be hit.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobs, messages } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { runDueJobs } from "@/jobs/queue.ts";
import { checkUrl, createFetchGuard, isBlockedAddress, safeFetch } from "@/lib/safe_fetch.ts";
import { expectError, expectOk, type Json } from "../_helpers/http.ts";
import { customerSays, inboundRaw, nextExternalId } from "../_helpers/inbox.ts";
import { createCompany, login } from "../_helpers/factories.ts";
import { deliverAndRun, messagingPayload, metaConnection, startMeta } from "../channels/meta/_support.ts";

Deno.test("[hardening] address classification", () => {
  const blocked = [
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::1",
    "not-an-address",
  ];
  for (const a of blocked) assert.equal(isBlockedAddress(a), true, a);
  for (const a of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"]) {
    assert.equal(isBlockedAddress(a), false, a);
  }
});

Deno.test("[hardening] the guard: DNS names, literal forms, schemes, ALLOW_PRIVATE_URLS", async () => {
  const names: Record<string, string[]> = {
    "loop.test": ["127.0.0.1"],
    "mixed.test": ["93.184.216.34", "10.0.0.7"],
    "public.test": ["93.184.216.34"],
    "meta.test": ["fd00:ec2::254"],
  };
  const resolve = (h: string) => names[h] ? Promise.resolve(names[h]) : Promise.reject(new Error("NXDOMAIN"));
  const guard = createFetchGuard({ allowPrivateUrls: "0", resolve });
  for (
    const url of [
      "http://loop.test/",
      "http://mixed.test/",
      "http://meta.test/",
      "http://localhost/",
      "http://api.localhost:8080/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0x7f.1/",
      "http://2130706433/",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "ftp://public.test/",
      "file:///etc/passwd",
      "http://user:pw@public.test/",
    ]
  ) {
    await assert.rejects(
      checkUrl(guard, url),
      (e: Error & { code?: string }) => e.code === "ERR_URL_NOT_ALLOWED",
      url,
    );
  }
  assert.equal(
    await checkUrl(guard, "http://public.test/x"),
    "93.184.216.34",
    "http is pinned to the checked address",
  );
  assert.equal(await checkUrl(guard, "https://public.test/x"), null);
  assert.equal(
    await checkUrl(createFetchGuard({ allowPrivateUrls: "1", resolve }), "http://127.0.0.1/"),
    null,
  );
  assert.equal(
    await checkUrl(createFetchGuard({ allowPrivateUrls: "loop.test", resolve }), "http://loop.test/"),
    "127.0.0.1",
    "a host allowed by name may be private (and is still pinned)",
  );
  const trusted = createFetchGuard({
    allowPrivateUrls: "",
    resolve,
    trustedUrls: ["http://127.0.0.1:9999/v1"],
  });
  assert.equal(
    await checkUrl(trusted, "http://127.0.0.1:9999/anything"),
    null,
    "provider base URLs are not checked",
  );
  await assert.rejects(checkUrl(trusted, "http://127.0.0.1:9998/"));
});

type Hits = { path: string; auth: string | null }[];

function victimServer() {
  const hits: Hits = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    hits.push({ path: new URL(req.url).pathname, auth: req.headers.get("authorization") });
    return new Response("internal secret", { headers: { "content-type": "image/png" } });
  });
  return { hits, port: server.addr.port, close: () => server.shutdown() };
}

function redirector(to: () => string) {
  const hits: Hits = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    hits.push({ path: new URL(req.url).pathname, auth: req.headers.get("authorization") });
    return new Response(null, { status: 302, headers: { location: to() } });
  });
  return { hits, port: server.addr.port, close: () => server.shutdown() };
}

Deno.test("[hardening] tenant URLs: refused targets, redirects, webhooks — nothing stored", async (t) => {
  const victim = victimServer();
  let redirectTo = `http://127.0.0.1:${victim.port}/secret`;
  const hop = redirector(() => redirectTo);
  // hop.test: the integrator's server, allowed by name; evil.test resolves where the test says.
  const names: Record<string, string[]> = { "hop.test": ["127.0.0.1"], "evil.test": ["127.0.0.1"] };
  const resolve = (h: string) => names[h] ? Promise.resolve(names[h]) : Promise.reject(new Error("NXDOMAIN"));
  const app = await createTestApp({ scheduler: false, env: { ALLOW_PRIVATE_URLS: "hop.test" }, resolve });
  try {
    const { company, admin } = await createCompany(app);
    const adminToken = (await login(app, admin)).token;
    const connection = (json: Json) =>
      app.request("/api/whatsapp", { method: "POST", token: adminToken, json });

    await t.step("a webhook URL on a private target is refused when saved", async () => {
      for (
        const webhookUrl of [
          `http://127.0.0.1:${victim.port}/hook`,
          "http://10.0.0.8/hook",
          "http://169.254.169.254/hook",
          `http://[::1]:${victim.port}/hook`,
          `http://localhost:${victim.port}/hook`,
          `http://evil.test:${victim.port}/hook`,
        ]
      ) {
        await expectError(
          await connection({ name: `Hook ${webhookUrl}`, channel: "api", webhookUrl }),
          400,
          "ERR_URL_NOT_ALLOWED",
        );
      }
    });

    names["evil.test"] = ["93.184.216.34"];
    const conn = await expectOk<Json & { id: number; token: string }>(
      await connection({ name: "Site", channel: "api", webhookUrl: `http://evil.test:${victim.port}/hook` }),
      201,
    );
    names["evil.test"] = ["127.0.0.1"]; // DNS changes after the save

    const mediaCases = [
      `http://127.0.0.1:${victim.port}/secret`,
      "http://10.1.2.3/secret",
      "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
      `http://[::1]:${victim.port}/secret`,
      `http://[::ffff:127.0.0.1]:${victim.port}/secret`,
      `http://localhost:${victim.port}/secret`,
      `http://app.localhost:${victim.port}/secret`,
      `http://evil.test:${victim.port}/secret`,
      `http://hop.test:${hop.port}/r`, // allowed first hop → 302 to loopback
    ];
    await t.step("api channel media.url: each target refused with 400, nothing stored", async () => {
      for (const url of mediaCases) {
        const res = await inboundRaw(app, conn.token, {
          externalId: nextExternalId(),
          from: { number: "5511988887777" },
          media: { url, mimetype: "image/png", filename: "x.png" },
        });
        assert.equal(res.status, 400, `${url}: ${res.status} ${await res.clone().text()}`);
        await expectError(res, 400, "ERR_URL_NOT_ALLOWED");
      }
      assert.equal(hop.hits.length, 1, "the allowed first hop was fetched once");
      redirectTo = `http://localhost:${victim.port}/secret`;
      await expectError(
        await inboundRaw(app, conn.token, {
          externalId: nextExternalId(),
          from: { number: "5511988887777" },
          media: { url: `http://hop.test:${hop.port}/r2`, mimetype: "image/png", filename: "x.png" },
        }),
        400,
        "ERR_URL_NOT_ALLOWED",
      );
      assert.equal(victim.hits.length, 0, "the internal service was never reached");
      const stored = await app.deps.db.select().from(messages).where(eq(messages.companyId, company.id));
      assert.equal(stored.length, 0, "no message stored");
      assert.deepEqual(await Array.fromAsync(app.deps.storage.list(`media/company${company.id}/`)), []);
    });

    await t.step(
      "webhook deliveries re-check at send time: refused, failed at once, never retried",
      async () => {
        const r = await customerSays(app, conn, "5511977776666", "Olá");
        await expectOk(
          await app.request(`/api/tickets/${r.ticketId}`, {
            method: "PUT",
            token: adminToken,
            json: { status: "open" },
          }),
        );
        await expectOk(
          await app.request(`/api/messages/${r.ticketId}`, {
            method: "POST",
            token: adminToken,
            json: { body: "Oi!" },
          }),
          201,
        );
        await runDueJobs(app.deps);
        const [job] = await app.deps.db.select().from(jobs).where(eq(jobs.name, "channels.api.deliver"));
        assert.equal(job.status, "failed");
        assert.match(job.lastError ?? "", /private or reserved/);
        assert.equal(victim.hits.length, 0);
      },
    );

    await t.step("safeFetch drops credentials when a redirect leaves the origin", async () => {
      const sink = victimServer();
      redirectTo = `http://127.0.0.1:${sink.port}/landing`;
      const guard = createFetchGuard({ allowPrivateUrls: "1" });
      const res = await safeFetch(guard, `http://127.0.0.1:${hop.port}/auth`, {
        headers: { authorization: "Bearer secret-token" },
      });
      await res.body?.cancel();
      assert.equal(sink.hits.length, 1);
      assert.equal(sink.hits[0].auth, null);
      await sink.close();
    });
  } finally {
    await app.close();
    await victim.close();
    await hop.close();
  }
});

Deno.test("[hardening] a Meta attachment URL on a private target: the message is kept, the file is not fetched", async () => {
  const victim = victimServer();
  // The Graph API base URL is the operator's (trusted); an attachment URL elsewhere is checked.
  const m = await startMeta({ ALLOW_PRIVATE_URLS: "" });
  try {
    const { company } = await createCompany(m.t);
    await metaConnection(m.t, company.id, "instagram");
    await deliverAndRun(
      m.t,
      messagingPayload("instagram", {
        sender: { id: "IGSID-77" },
        message: {
          mid: "ig_SSRF-1",
          text: "olha isso",
          attachments: [{
            type: "image",
            payload: { url: `http://127.0.0.1:${victim.port}/latest/meta-data` },
          }],
        },
      }),
    );
    const [msg] = await m.t.deps.db.select().from(messages).where(eq(messages.wid, "ig_SSRF-1"));
    assert.equal(msg.body, "olha isso", "stored on the first attempt, without waiting for retries");
    assert.equal(msg.mediaUrl, null);
    assert.equal(victim.hits.length, 0);
    assert.ok(
      m.graph.requests.some((r) => r.path === "/IGSID-77"),
      "Graph calls (trusted origin) still work",
    );
  } finally {
    await m.close();
    await victim.close();
  }
});
