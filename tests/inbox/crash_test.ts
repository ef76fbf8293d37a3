import assert from "node:assert/strict";
import { and, count, eq } from "drizzle-orm";
import { messages } from "@db/schema.ts";
import { createTestApp } from "../_helpers/test_app.ts";
import { createCompany, login } from "../_helpers/factories.ts";

const SECRET = "test-secret-test-secret-test-secret";

/** Starts the real server as a child process on the shared data directory; resolves with its port. */
async function spawnServer(dataDir: string, env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../realtime/_instance.ts", import.meta.url).pathname],
    env: { DATA_DIR: dataDir, APP_SECRET: SECRET, PORT: "0", NO_COLOR: "1", ALLOW_PRIVATE_URLS: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) log += chunk;
  })().catch(() => undefined);
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  while (!/LISTENING (\d+)/.test(buf)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("server exited early");
    buf += value;
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => undefined);
  return { child, port: Number(buf.match(/LISTENING (\d+)/)![1]), log: () => log };
}

async function assertEachOnce(dataDir: string, companyId: number, ids: Set<string>) {
  const check = await createTestApp({ dataDir, scheduler: false, env: { APP_SECRET: SECRET } });
  try {
    for (const id of ids) {
      const [{ n }] = await check.deps.db.select({ n: count() }).from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.wid, id)));
      assert.equal(n, 1, `message ${id} stored ${n} times`);
    }
  } finally {
    await check.close();
  }
}

for (
  const [where, env, onWorker] of [
    ["on the main thread", { INGEST_THREAD_AFTER: "-1" }, false],
    ["on the ingest Worker", { INGEST_THREAD_AFTER: "0" }, true],
  ] as const
) {
  Deno.test(`[inbox] killing the server mid-ingest (${where}) loses no acknowledged message and duplicates none`, () =>
    crashMidIngest(env, onWorker));
}

async function crashMidIngest(env: Record<string, string>, onWorker: boolean) {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-crash-" });
  const setup = await createTestApp({ dataDir, scheduler: false, env: { APP_SECRET: SECRET } });
  const { company, admin } = await createCompany(setup);
  const res = await setup.request("/api/whatsapp", {
    method: "POST",
    token: (await login(setup, admin)).token,
    json: { name: "api", channel: "api", webhookUrl: "http://127.0.0.1:9/none" },
  });
  const { token } = await res.json();
  await setup.close();

  const acknowledged = new Set<string>();
  let sent = 0;
  const post = async (port: number, id: string) => {
    const r = await fetch(`http://127.0.0.1:${port}/api/channels/api/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        externalId: id,
        from: { number: `55119${String(sent % 7).padStart(8, "0")}` },
        body: id,
      }),
    });
    await r.body?.cancel();
    if (r.status === 200) acknowledged.add(id);
  };

  try {
    // Round 1: 8 concurrent posters; SIGKILL the server while they run.
    const s1 = await spawnServer(dataDir, env);
    let stop = false;
    const posters = Array.from({ length: 8 }, async (_, w) => {
      while (!stop) {
        const id = `m-${w}-${sent++}`;
        await post(s1.port, id).catch(() => undefined);
      }
    });
    const tick = () => new Promise((r) => setTimeout(r, 5));
    if (onWorker) {
      while (!s1.log().includes("written on the ingest Worker")) await tick();
    }
    const ackedBefore = acknowledged.size;
    while (acknowledged.size < ackedBefore + 150) await tick();
    s1.child.kill("SIGKILL");
    stop = true;
    await Promise.all(posters);
    await s1.child.status;

    // Every message answered 200 before the kill is there exactly once.
    await assertEachOnce(dataDir, company.id, acknowledged);

    // Restart on the same database and resend everything (a client retrying): still once each.
    const s2 = await spawnServer(dataDir, env);
    const all = [...acknowledged];
    for (let i = 0; i < all.length; i += 20) {
      await Promise.all(all.slice(i, i + 20).map((id) => post(s2.port, id)));
    }
    s2.child.kill("SIGTERM");
    await s2.child.status;
    await assertEachOnce(dataDir, company.id, acknowledged);
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
}
