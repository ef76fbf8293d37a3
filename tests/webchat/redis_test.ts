/**
 * Two instances on one database and one Redis: a visitor connected to instance A gets the reply an
 * attendant sends through instance B, and B's attendants see A's visitor typing.
 */
import { startTestServer, type TestServer } from "../_helpers/test_app.ts";
import { startRedis } from "../_helpers/redis.ts";
import { connectWs } from "../_helpers/ws_client.ts";
import { expectOk, type Json } from "../_helpers/http.ts";
import { assert, openSession, visitorSocket, webchatTenant } from "./_support.ts";

Deno.test("[webchat] across instances through Redis: replies and typing reach the other instance", async () => {
  const redis = await startRedis();
  if (!redis) return;
  const dataDir = await Deno.makeTempDir({ prefix: "atende-webchat-redis-" });
  let a: TestServer | null = null, b: TestServer | null = null;
  try {
    a = await startTestServer({ redisUrl: redis.url, dataDir });
    b = await startTestServer({ redisUrl: redis.url, dataDir, scheduler: false });
    const tenant = await webchatTenant(a);
    const key = tenant.conn.webchatKey;
    const session = await openSession(a, key);
    const visitor = await visitorSocket(a.url, key, session.token);
    const staffOnB = await connectWs(b.wsUrl, tenant.adminToken);

    visitor.send({ type: "message", body: "Olá", clientId: "client-redis-1" });
    const created = await staffOnB.next((f) => f.event === `company-${tenant.company.id}-appMessage`, 10_000);
    const ticketId = Number(((created.data as Json).message as Json).ticketId);

    visitor.send({ type: "typing", typing: true });
    const typing = await staffOnB.next((f) => f.event === `company-${tenant.company.id}-typing`, 10_000);
    assert.deepEqual(typing.data, { ticketId, typing: true });

    await expectOk(
      await b.request(`/api/tickets/${ticketId}`, {
        method: "PUT",
        token: tenant.adminToken,
        json: { status: "open" },
      }),
    );
    await expectOk(
      await b.request(`/api/messages/${ticketId}`, {
        method: "POST",
        token: tenant.adminToken,
        json: { body: "Resposta pela instância B" },
      }),
      201,
    );
    const reply = await visitor.next(
      (f) => f.type === "message" && (f.message as Json).body === "Resposta pela instância B",
      10_000,
    );
    assert.equal((reply.message as Json).fromMe, false);
    await staffOnB.close();
    await visitor.close();
  } finally {
    await b?.close();
    await a?.close();
    await redis.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
