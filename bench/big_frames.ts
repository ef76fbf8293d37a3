/**
 * A burst of large customer messages against staff sockets that read as fast as they can: 3,000
 * messages of 60 KB posted 50 at a time through the api channel (the figures of the issue about
 * big frames). Per socket: create frames received, close code; the server's RSS before, at peak
 * and after, and its growth. A fresh temporary database; `BENCH_SERVER_DIR` runs another checkout.
 *
 *   deno run -A bench/big_frames.ts   (env: TOTAL 3000, AT_ONCE 50, KB 60, SOCKETS 5, CONTACTS 200,
 *                                      BENCH_PORT)
 */
import { login, ms, pct, printTable, rssMb, sampleRss, sleep, startServer, stopServer } from "./_lib.ts";
import { prepareInboundCompany } from "./_inbound_setup.ts";

/** RssAnon and RssFile of a process, in MB (Linux /proc). */
function rssKinds(pid: number): { anon: number; file: number } {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { anon: kb("RssAnon"), file: kb("RssFile") };
}

const env = (k: string, d: number) => Number(Deno.env.get(k) ?? d);
const TOTAL = env("TOTAL", 3000), AT_ONCE = env("AT_ONCE", 50), KB = env("KB", 60);
const SOCKETS = env("SOCKETS", 5), CONTACTS = env("CONTACTS", 200);

const dataDir = await Deno.makeTempDir({ prefix: "atende-bench-frames-" });
const company = await prepareInboundCompany(dataDir, SOCKETS);
// BENCH_DENO_ARGS: flags for the server's deno (e.g. --v8-flags=--max-semi-space-size=1).
const denoArgs = (Deno.env.get("BENCH_DENO_ARGS") ?? "").split(" ").filter(Boolean);
const server = await startServer({ dataDir, denoArgs });
const pid = server.child.pid;
try {
  type Reader = { got: Set<number>; code: number | null; reason: string; ws: WebSocket };
  const readers: Reader[] = [];
  for (const email of company.adminEmails) {
    const token = await login(server.base, email);
    const ws = new WebSocket(`${server.wsBase}/ws?token=${encodeURIComponent(token)}`);
    const r: Reader = { got: new Set(), code: null, reason: "", ws };
    await new Promise<void>((ready, fail) => {
      ws.onmessage = (e) => {
        const f = JSON.parse(String(e.data));
        if (f.type === "ready") ready();
        if (f.event === `company-${company.companyId}-appMessage` && f.data?.action === "create") {
          r.got.add(f.data.message.id);
        }
      };
      ws.onclose = (e) => {
        r.code = e.code;
        r.reason = e.reason;
        fail(new Error(`closed ${e.code}`));
      };
    });
    readers.push(r);
  }
  const latencies: number[] = [];
  const post = (i: number, body: string, t = performance.now()) =>
    fetch(`${server.base}/api/channels/api/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${company.apiToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        externalId: `frames-${Date.now()}-${i}`,
        from: { number: `5531${String(i % CONTACTS).padStart(8, "0")}`, name: `Cliente ${i % CONTACTS}` },
        body,
      }),
    }).then(async (r) => {
      const b = await r.json();
      if (!r.ok) throw new Error(`POST ${r.status} ${JSON.stringify(b)}`);
      latencies.push(performance.now() - t);
      return b.messageId as number;
    });
  // Warm-up: every contact's ticket exists, the ingest path has run, then the baseline.
  for (let i = 0; i < CONTACTS; i += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, CONTACTS - i) }, (_, k) => post(i + k, "oi")));
  }
  await sleep(2000);
  const before = rssMb(pid);
  const kindsBefore = rssKinds(pid);
  const rss = sampleRss(pid, 50);
  const kindsPeak = { anon: 0, file: 0 };
  const kindsTimer = setInterval(() => {
    const k = rssKinds(pid);
    kindsPeak.anon = Math.max(kindsPeak.anon, k.anon);
    kindsPeak.file = Math.max(kindsPeak.file, k.file);
  }, 50);
  const t0 = performance.now();
  latencies.length = 0;
  const ids: number[] = [];
  const filler = "x".repeat(KB * 1024 - 20);
  for (let i = 0; i < TOTAL; i += AT_ONCE) {
    ids.push(
      ...await Promise.all(
        Array.from({ length: Math.min(AT_ONCE, TOTAL - i) }, (_, k) => post(i + k, `#${i + k} ${filler}`)),
      ),
    );
  }
  const postedS = (performance.now() - t0) / 1000;
  // Until every open reader has every message, or nothing new arrived for 5 s.
  let last = -1, quietSince = performance.now();
  for (;;) {
    const n = readers.reduce((a, r) => a + ids.filter((id) => r.got.has(id)).length, 0);
    if (readers.every((r) => r.code !== null || ids.every((id) => r.got.has(id)))) break;
    if (n !== last) [last, quietSince] = [n, performance.now()];
    else if (performance.now() - quietSince > 5000) break;
    await sleep(100);
  }
  const deliveredS = (performance.now() - t0) / 1000;
  await sleep(1000);
  const { peak } = rss.stop();
  clearInterval(kindsTimer);
  const after = rssMb(pid);
  const rows = readers.map((r, i) => [
    `socket ${i + 1}`,
    `${ids.filter((id) => r.got.has(id)).length} / ${ids.length}`,
    r.code === null ? "open" : `closed ${r.code} ${r.reason}`,
  ]);
  printTable(
    `Big frames: ${TOTAL} messages of ${KB} KB, ${AT_ONCE} at a time, ${SOCKETS} reading sockets`,
    ["socket", "create frames received", "state"],
    rows,
  );
  printTable("Server", ["figure", "value"], [
    ["posted in", `${postedS.toFixed(1)} s`],
    ["POST p50 / p99", `${ms(pct(latencies, 0.5))} / ${ms(pct(latencies, 0.99))}`],
    ["last frame by", `${deliveredS.toFixed(1)} s`],
    ["RSS before / peak / after", `${before.toFixed(0)} / ${peak.toFixed(0)} / ${after.toFixed(0)} MB`],
    ["RSS growth (peak − before)", `${(peak - before).toFixed(0)} MB`],
    // Anonymous memory (heaps, allocator arenas) vs file-backed pages (mapped files, libraries).
    ["anonymous RSS before / peak", `${kindsBefore.anon.toFixed(0)} / ${kindsPeak.anon.toFixed(0)} MB`],
    ["file-backed RSS before / peak", `${kindsBefore.file.toFixed(0)} / ${kindsPeak.file.toFixed(0)} MB`],
    ["text stored", `${(TOTAL * KB / 1024).toFixed(0)} MB`],
  ]);
  for (const r of readers) r.ws.close();
} finally {
  await stopServer(server);
  await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
}
