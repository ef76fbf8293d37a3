import assert from "node:assert/strict";
import { startTestServer } from "../_helpers/test_app.ts";
import { createCompany, login } from "../_helpers/factories.ts";
import { connectWs, settle } from "../_helpers/ws_client.ts";
import { startRedis } from "../_helpers/redis.ts";

/** Spawns a second server process on the same database and Redis; resolves with its port. */
async function spawnInstance(env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./_instance.ts", import.meta.url).pathname],
    env: { ALLOW_PRIVATE_URLS: "1", ...env, PORT: "0", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  while (!/LISTENING (\d+)/.test(buf)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("instance exited: " + buf);
    buf += value;
  }
  const port = Number(buf.match(/LISTENING (\d+)/)![1]);
  return {
    port,
    async stop() {
      child.kill("SIGTERM");
      await reader.cancel().catch(() => undefined);
      await child.status;
    },
  };
}

Deno.test("[realtime] with REDIS_URL an event raised in one process reaches a socket on another", async () => {
  const redis = await startRedis();
  if (!redis) return;
  const dataDir = await Deno.makeTempDir({ prefix: "atende-redis-" });
  const t = await startTestServer({ redisUrl: redis.url, dataDir });
  const other = await spawnInstance({
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-test-secret-test-secret",
    REDIS_URL: redis.url,
    WEB_DIST: t.deps.config.webDist,
  });
  try {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const tokA = (await login(t, a.admin)).token;
    const tokB = (await login(t, b.admin)).token;
    // Both sockets live on the OTHER process; the change is made through this one.
    const wsA = await connectWs(`ws://127.0.0.1:${other.port}/ws`, tokA);
    const wsB = await connectWs(`ws://127.0.0.1:${other.port}/ws`, tokB);
    const res = await t.request(`/api/users/${a.admin.user.id}`, {
      method: "PUT",
      token: tokA,
      json: { name: "Via Redis" },
    });
    assert.equal(res.status, 200);
    await wsA.next((f) =>
      f.event === `company-${a.company.id}-user` && (f.data?.user as { name: string }).name === "Via Redis"
    );
    await settle();
    assert.equal(wsB.frames.filter((f) => f.event?.startsWith(`company-${a.company.id}-`)).length, 0);
    await wsA.close();
    await wsB.close();
  } finally {
    await other.stop();
    await t.close();
    await redis.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
});
