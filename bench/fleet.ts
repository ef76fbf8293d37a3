/**
 * The product as a fleet on this machine: api-channel POSTs spread over the instances,
 * admin sockets spread over them, every message's create frame counted on every socket.
 *
 *   deno task bench:fleet
 *
 * Runs the same load against (1) one instance without Redis (the single-instance default),
 * (2) one instance with Redis (what the bus costs), (3) three instances with Redis on one
 * database. Prints per configuration: achieved msg/s, POST p50/p99, POST sent → frame on socket
 * p50/p99, lost/duplicated (message × socket), server CPU. Ports: BENCH_PORT and the next ones
 * (BENCH_PORT_EXTRA, comma list, for the other instances). Options (env): RATE (msg/s, all
 * instances together, default 200), SECONDS (default 20), SOCKETS (default 60), CONFIGS (e.g. "1,1r,3r").
 * A fresh temporary database each; the load client shares the cores with the servers.
 */
import {
  cpuSeconds,
  login,
  ms,
  pct,
  printTable,
  rng,
  type Server,
  sleep,
  startServer,
  stopServer,
} from "./_lib.ts";
import { prepareInboundCompany } from "./_inbound_setup.ts";
import { bodyMaker } from "./_words.ts";
import { inboundLoad, type Sample } from "./_offer.ts";
import { startRedis } from "../tests/_helpers/redis.ts";

const env = (k: string, d: string) => Deno.env.get(k) ?? d;
const rate = Number(env("RATE", "200"));
const seconds = Number(env("SECONDS", "20"));
const nSockets = Number(env("SOCKETS", "60"));
const basePort = Number(env("BENCH_PORT", "18181"));
const extra = env("BENCH_PORT_EXTRA", `${basePort + 10},${basePort + 11}`).split(",").map(Number);
const ports = [basePort, ...extra];
const configs = env("CONFIGS", "1,1r,3r").split(",");
const { body } = bodyMaker(rng(7));

type Result = { label: string; row: string[] };

async function run(config: string): Promise<Result> {
  const n = parseInt(config, 10);
  const withRedis = config.endsWith("r");
  const redis = withRedis ? await startRedis() : null;
  if (withRedis && !redis) throw new Error("redis-server is needed (apt-get install redis-server)");
  const dataDir = await Deno.makeTempDir({ prefix: "atende-bench-fleet-" });
  const company = await prepareInboundCompany(dataDir, nSockets);
  const servers: Server[] = [];
  try {
    // One after the other: the first migrates and seeds, the others find it done.
    for (let i = 0; i < n; i++) {
      servers.push(
        await startServer({
          dataDir,
          port: ports[i],
          // Measure delivery, not shedding: a starved load client must not get its sockets closed.
          env: {
            ...(redis ? { REDIS_URL: redis.url } : {}),
            WS_MAX_LAG_MS: "60000",
            WS_MAX_BUFFERED_BYTES: "67108864",
          },
        }),
      );
    }
    const tokens: string[] = [];
    for (const email of company.adminEmails.slice(0, nSockets)) {
      tokens.push(await login(servers[0].base, email));
    }
    // Three socket workers; worker i holds its sockets on instance i mod n.
    const workers = Array.from(
      { length: 3 },
      () => new Worker(new URL("./_ws_worker.ts", import.meta.url).href, { type: "module" }),
    );
    const ask = (w: Worker, m: unknown) =>
      new Promise<
        { kind: string; n?: number; sockets?: { ids: Int32Array; at: Float64Array; frames: number }[] }
      >(
        (res) => {
          w.onmessage = (e) => res(e.data);
          w.postMessage(m);
        },
      );
    await Promise.all(workers.map((w, i) =>
      ask(w, {
        kind: "start",
        wsUrl: servers[i % n].wsBase,
        tokens: tokens.filter((_, k) => k % workers.length === i),
        companyId: company.companyId,
      })
    ));
    const offers = servers.map((s, i) =>
      inboundLoad({ base: s.base, apiToken: company.apiToken, contacts: 200, body, tag: `i${i}` })
    );
    // Warm-up: JIT, caches, the 200 contacts and their tickets.
    await Promise.all(offers.map((o) => o(Math.ceil(100 / n), 2)));
    await sleep(500);
    const count = async () =>
      (await Promise.all(workers.map((w) => ask(w, { kind: "count" })))).reduce((a, x) => a + x.n!, 0);
    const before = await count();
    const cpu0 = servers.map((s) => cpuSeconds(s.child.pid));
    const t0 = performance.now();
    const runs = await Promise.all(offers.map((o) => o(rate / n, seconds)));
    // The tail: until every socket has every frame, or nothing new arrives for 3 s (max 60 s).
    const expected = runs.reduce((a, r) => a + r.ok.length, 0) * tokens.length;
    for (let last = -1, still = 0, waited = 0; waited < 60_000; waited += 250) {
      const n = await count();
      if (n - before >= expected) break;
      still = n === last ? still + 250 : 0;
      if (still >= 3_000) break;
      last = n;
      await sleep(250);
    }
    const wall = (performance.now() - t0) / 1000;
    const cpu = servers.reduce((a, s, i) => a + cpuSeconds(s.child.pid) - cpu0[i], 0);
    const results = (await Promise.all(workers.map((w) => ask(w, { kind: "finish" })))).flatMap((x) =>
      x.sockets!
    );
    for (const w of workers) w.terminate();
    if (Deno.env.get("BENCH_DEBUG")) {
      console.error(results.map((r) => `${r.frames}/${r.ids.length}`).join(" "));
    }

    const ok: Sample[] = runs.flatMap((r) => r.ok);
    const sentAt = new Map(ok.map((s) => [s.messageId, s.sent]));
    const lat = ok.map((s) => s.answered - s.sent);
    const toScreen: number[] = [];
    let lost = 0, dup = 0;
    for (const sock of results) {
      const seen = new Set<number>();
      for (let i = 0; i < sock.ids.length; i++) {
        const sent = sentAt.get(sock.ids[i]);
        if (sent === undefined) continue; // warm-up
        if (seen.has(sock.ids[i])) {
          dup++;
          continue;
        }
        seen.add(sock.ids[i]);
        toScreen.push(sock.at[i] - sent);
      }
      for (const id of sentAt.keys()) if (!seen.has(id)) lost++;
    }
    const offered = runs.reduce((a, r) => a + r.total, 0);
    const errors = runs.reduce((a, r) => a + r.errors + r.skipped, 0);
    const runWall = Math.max(...runs.map((r) => r.wallMs)) / 1000;
    return {
      label: `${n} instance${n > 1 ? "s" : ""}${redis ? " + Redis" : ""}`,
      row: [
        `${n} instance${n > 1 ? "s" : ""}${redis ? " + Redis" : ""}`,
        `${offered} / ${ok.length} / ${errors}`,
        `**${(ok.length / runWall).toFixed(0)}**`,
        `${ms(pct(lat, 0.5))} / ${ms(pct(lat, 0.99))}`,
        `${ms(pct(toScreen, 0.5))} / **${ms(pct(toScreen, 0.99))}**`,
        `${lost} / ${dup} of ${ok.length * results.length}`,
        `${(cpu / wall * 100).toFixed(0)} %`,
      ],
    };
  } finally {
    for (const s of servers) await stopServer(s);
    await redis?.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
  }
}

const rows: string[][] = [];
for (const c of configs) rows.push((await run(c)).row);
printTable(
  `Fleet: ${rate} msg/s offered × ${seconds} s over the instances, ${nSockets} admin sockets spread over them`,
  [
    "configuration",
    "POSTs offered / 200 / errors+skipped",
    "msg/s",
    "POST p50 / p99",
    "sent → screen p50 / p99",
    "lost / duplicated",
    "servers' CPU (one core = 100 %)",
  ],
  rows,
  [
    "One database file shared by the instances (WAL); events cross through Redis when it is configured.",
    "2 cores are shared by the servers, Redis and this load client: three instances compete for the same CPU.",
  ],
);
