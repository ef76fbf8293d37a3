/**
 * Real time under load: SOCKETS staff sockets of one company that may all see every
 * ticket, inbound messages stepped through RATES (msg/s, STEP_SECONDS each), SLOW of the sockets
 * deliberately never read (raw TCP that completed the handshake). Per step: achieved rate, POST
 * p99, POST sent → frame on socket p99 for the sockets that stayed connected the whole step,
 * lost/duplicated frames on those, sockets shed (closed with 1013), server RSS peak. Before the
 * steps: server RSS per idle socket.
 *
 *   deno task bench:sockets     (BENCH_DB=large|fresh, SOCKETS=1000, SLOW=20, RATES=50,100,200,400,
 *                                STEP_SECONDS=20, BENCH_PORT; WS_MAX_BUFFERED_BYTES / WS_MAX_LAG_MS
 *                                reach the server through the environment)
 */
import {
  cpuSeconds,
  LARGE_DIR,
  login,
  ms,
  pct,
  printTable,
  rng,
  rssMb,
  sampleRss,
  sleep,
  startServer,
  stopServer,
  warmPageCache,
} from "./_lib.ts";
import { prepareInboundCompany } from "./_inbound_setup.ts";
import { bodyMaker } from "./_words.ts";
import { inboundLoad } from "./_offer.ts";
import { readSeedInfo } from "./seed.ts";
import { eq } from "drizzle-orm";
import { openDatabase } from "@db/client.ts";
import { users } from "@db/schema.ts";

const env = (k: string, d: string) => Deno.env.get(k) ?? d;
const large = (await readSeedInfo()) !== null;
const dbKind = env("BENCH_DB", large ? "large" : "fresh");
const dataDir = dbKind === "large" ? LARGE_DIR : await Deno.makeTempDir({ prefix: "atende-bench-sockets-" });
const nSockets = Number(env("SOCKETS", "1000"));
const nSlow = Number(env("SLOW", "20"));
const rates = env("RATES", "50,100,200,400").split(",").map(Number);
const stepSeconds = Number(env("STEP_SECONDS", "20"));
const denoArgs = env("BENCH_DENO_ARGS", "").split(" ").filter(Boolean);
const idleSettle = Number(env("IDLE_SETTLE_MS", "25000"));
const nContacts = 200;
const { body } = bodyMaker(rng(Number(env("BENCH_SEED", "7"))));

if (dbKind === "large") console.error(`page cache warmed in ${(await warmPageCache(dataDir)).toFixed(1)} s`);
const company = await prepareInboundCompany(dataDir, nSockets);
// The morning after: every benchmark user offline (an earlier run may have left them online).
{
  const database = await openDatabase(`file:${dataDir}/atende.db`);
  await database.write((tx) =>
    tx.update(users).set({ online: false }).where(eq(users.companyId, company.companyId))
  );
  database.close();
}
let server = await startServer({ dataDir, denoArgs });
const offer = inboundLoad({ base: server.base, apiToken: company.apiToken, contacts: nContacts, body });

type SockResult = {
  ids: Int32Array;
  at: Float64Array;
  frames: number;
  whole: boolean;
  closeCode: number;
  closeReason: string;
};
type Reply = { kind: string; open?: number; sockets?: SockResult[] };

/** A socket that completes the handshake and then never reads: a slow consumer. */
class SlowSocket {
  conn!: Deno.TcpConn;
  static async open(port: number, token: string): Promise<SlowSocket> {
    const s = new SlowSocket();
    s.conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
    await s.conn.write(new TextEncoder().encode(
      `GET /ws?token=${encodeURIComponent(token)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    ));
    const buf = new Uint8Array(256); // the 101 answer (and maybe the first frames); then no more reads
    await s.conn.read(buf);
    return s;
  }
  /** Reads what the server queued; returns the close code it finally sent (0 = none within `quietMs`). */
  async closeCode(quietMs = 3000): Promise<number> {
    let pending = new Uint8Array(0);
    const chunk = new Uint8Array(1 << 16);
    for (;;) {
      const n = await Promise.race([this.conn.read(chunk), sleep(quietMs).then(() => -1)]);
      if (n === null || n === -1) return 0;
      const next = new Uint8Array(pending.length + (n as number));
      next.set(pending);
      next.set(chunk.subarray(0, n as number), pending.length);
      pending = next;
      // Walk whole frames (server frames are unmasked).
      let p = 0;
      for (;;) {
        if (pending.length - p < 2) break;
        const op = pending[p] & 0x0f;
        let len = pending[p + 1] & 0x7f, h = 2;
        if (len === 126) {
          if (pending.length - p < 4) break;
          len = (pending[p + 2] << 8) | pending[p + 3];
          h = 4;
        } else if (len === 127) {
          if (pending.length - p < 10) break;
          len = Number(new DataView(pending.buffer, pending.byteOffset + p + 2, 8).getBigUint64(0));
          h = 10;
        }
        if (pending.length - p < h + len) break;
        if (op === 8) return len >= 2 ? (pending[p + h] << 8) | pending[p + h + 1] : 1005;
        p += h + len;
      }
      pending = pending.slice(p);
    }
  }
  close() {
    try {
      this.conn.close();
    } catch { /* closed */ }
  }
}

/** CPU seconds of the process's main thread (the event loop that writes every socket). */
function mainThreadCpu(pid: number): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/task/${pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

const rows: string[][] = [];
let srvStopped = false;
try {
  // Logins, a few at a time (argon2id).
  const tokens: string[] = [];
  for (let i = 0; i < company.adminEmails.length; i += 4) {
    tokens.push(...await Promise.all(company.adminEmails.slice(i, i + 4).map((e) => login(server.base, e))));
  }
  const readers = tokens.slice(0, nSockets - nSlow), slowTokens = tokens.slice(nSockets - nSlow);
  await sleep(1000);
  const rssBefore = rssMb(server.child.pid);
  const nWorkers = 4;
  const workers = Array.from(
    { length: nWorkers },
    () => new Worker(new URL("./_sock_worker.ts", import.meta.url).href, { type: "module" }),
  );
  const ask = (w: Worker, m: unknown) =>
    new Promise<Reply>((res) => {
      w.onmessage = (e) => res(e.data);
      w.postMessage(m);
    });
  const all = (m: unknown) => Promise.all(workers.map((w) => ask(w, m)));
  const connect = (tokens: string[]) =>
    Promise.all(workers.map((w, i) =>
      ask(w, {
        kind: "start",
        wsUrl: server.wsBase,
        tokens: tokens.filter((_, k) => k % nWorkers === i),
        companyId: company.companyId,
      })
    ));
  // 1. Cold arrival: every user offline, so each arrival is announced to every socket already there
  //    (presence frames, N²/2 in all). RSS peak and after it settles.
  const settle = 8000;
  let t0 = performance.now();
  const arrival = sampleRss(server.child.pid, 100);
  await connect(readers);
  const arrivalS = (performance.now() - t0) / 1000;
  await sleep(settle);
  const arrivalMem = arrival.stop();
  // 2. The server restarts (as in a deploy); the staff come back. They are still online in the
  //    database, so no presence frames: what an idle socket itself costs, as the robust slope
  //    (Theil–Sen) of RSS over none, a quarter, half, three quarters and all of them, each point the
  //    median of five samples once the server was quiet for IDLE_SETTLE_MS. A two-point difference
  //    after 8 s moved between 29 and 124 KB per socket from run to run and once went negative: V8
  //    grows its heap in steps of megabytes and trims it only after quiet seconds (its memory reducer).
  await all({ kind: "drop" });
  await stopServer(server);
  server = await startServer({ dataDir, denoArgs });
  await sleep(2000);
  const rssRestart = rssMb(server.child.pid);
  const median = async () => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++, await sleep(400)) samples.push(rssMb(server.child.pid));
    return samples.sort((a, b) => a - b)[2];
  };
  await sleep(idleSettle);
  const points: [number, number][] = [[0, await median()]];
  let connectMs = 0;
  for (let q = 1; q <= 4; q++) {
    const from = Math.floor(readers.length * (q - 1) / 4), to = Math.floor(readers.length * q / 4);
    t0 = performance.now();
    await connect(readers.slice(from, to));
    connectMs += performance.now() - t0;
    await sleep(idleSettle);
    points.push([to, await median()]);
  }
  const connectS = connectMs / 1000;
  // Theil–Sen: the median of the slopes between every two points, so one point taken before V8
  // trimmed its heap (seen at 0 sockets, 27 MB above the next) does not decide the figure.
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      slopes.push((points[j][1] - points[i][1]) / (points[j][0] - points[i][0]));
    }
  }
  slopes.sort((a, b) => a - b);
  const mid = slopes.length / 2;
  const slopeMb = slopes.length % 2 ? slopes[Math.floor(mid)] : (slopes[mid - 1] + slopes[mid]) / 2;
  const perSocketKb = slopeMb * 1024;
  const half = points[2][0], rssHalf = points[2][1], rssIdle = points[4][1];
  console.error(
    `cold arrival of ${readers.length}: ${arrivalS.toFixed(1)} s, RSS peak ${
      arrivalMem.peak.toFixed(0)
    } MB, ` +
      `settled ${arrivalMem.last.toFixed(0)} MB; after restart ${rssRestart.toFixed(0)}, with ${half}: ` +
      `${rssHalf.toFixed(0)} MB, with all: ${rssIdle.toFixed(0)} MB`,
  );

  // Warm-up: JIT, caches, the 200 contacts' tickets, the ingest Worker.
  await offer(50, 5);
  await sleep(2000);

  let slow: SlowSocket[] = [];
  for (const rate of rates) {
    for (const s of slow) s.close();
    const re = await all({ kind: "reconnect" });
    slow = await Promise.all(slowTokens.map((t) => SlowSocket.open(server.port, t)));
    await sleep(1000);
    const begun = await all({ kind: "begin" });
    const openAtStart = begun.reduce((a, r) => a + (r.open ?? 0), 0) + slow.length;
    const mem = sampleRss(server.child.pid, 100);
    const cpu0 = cpuSeconds(server.child.pid), main0 = mainThreadCpu(server.child.pid);
    const client0 = cpuSeconds(Deno.pid);
    const r = await offer(rate, stepSeconds);
    await sleep(3000); // the last frames land
    const cpu1 = cpuSeconds(server.child.pid), main1 = mainThreadCpu(server.child.pid);
    const client1 = cpuSeconds(Deno.pid);
    const peak = mem.stop().peak;
    const res = (await all({ kind: "end" })).flatMap((x) => x.sockets!);
    const slowCodes = await Promise.all(slow.map((s) => s.closeCode()));
    const sent = new Map<number, number>();
    for (const s of r.ok) sent.set(s.messageId, s.sent);
    const toScreen: number[] = [];
    let lost = 0, dup = 0, kept = 0, frames = 0;
    for (const sock of res) {
      frames += sock.frames;
      if (!sock.whole) continue;
      kept++;
      const seen = new Set<number>();
      for (let i = 0; i < sock.ids.length; i++) {
        const id = sock.ids[i];
        const t = sent.get(id);
        if (t === undefined) continue;
        if (seen.has(id)) {
          dup++;
          continue;
        }
        seen.add(id);
        toScreen.push(sock.at[i] - t);
      }
      lost += sent.size - seen.size;
    }
    const shedReaders = res.filter((s) => !s.whole && s.closeCode === 1013).length;
    const otherClosed = res.filter((s) => !s.whole && s.closeCode !== 1013).length;
    const shedSlow = slowCodes.filter((c) => c === 1013).length;
    // Why the server shed them: a full send buffer ("slow consumer") or a lagging lane ("server busy").
    const why = (reason: string) => res.filter((s) => !s.whole && s.closeReason === reason).length;
    rows.push([
      String(rate),
      `${(r.ok.length / (r.wallMs / 1000)).toFixed(0)} (${r.errors} err, ${r.skipped} skipped)`,
      ms(pct(r.lat, 0.99)),
      `${ms(pct(toScreen, 0.5))} / ${ms(pct(toScreen, 0.99))}`,
      `${kept} of ${openAtStart - slow.length}`,
      `${lost} / ${dup}`,
      `${shedReaders} (${why("slow consumer")} full buffer, ${
        why("server busy")
      } lag) + ${shedSlow} of ${slow.length} slow${otherClosed ? ` (+${otherClosed} other)` : ""}`,
      `${(frames / ((r.wallMs + 3000) / 1000) / 1000).toFixed(0)}k`,
      `${((cpu1 - cpu0) / ((r.wallMs + 3000) / 1000) * 100).toFixed(0)} % / ${
        ((main1 - main0) / ((r.wallMs + 3000) / 1000) * 100).toFixed(0)
      } %`,
      `${peak.toFixed(0)} MB`,
      `${((client1 - client0) / ((r.wallMs + 3000) / 1000) * 100).toFixed(0)} %`,
      re.reduce((a, x) => a + (x.open ?? 0), 0) + "",
    ]);
    console.error(rows.at(-1)!.join(" | "));
  }
  for (const s of slow) s.close();
  await all({ kind: "finish" });
  for (const w of workers) w.terminate();
  printTable(
    `Sockets under load (${dbKind} database, ${nSockets} sockets of which ${nSlow} never read, ${stepSeconds} s per step)`,
    [
      "offered msg/s",
      "achieved msg/s",
      "POST p99",
      "sent → screen p50 / p99 (kept sockets)",
      "sockets kept whole step",
      "lost / dup (kept)",
      "shed: readers + slow",
      "frames/s received",
      "server CPU: process / main thread",
      "server RSS peak",
      "load client CPU",
      "open at step start",
    ],
    rows,
    [
      `Cold arrival (every user offline): ${readers.length} sockets in ${
        arrivalS.toFixed(1)
      } s, server RSS ` +
      `${rssBefore.toFixed(0)} MB after the logins → peak ${arrivalMem.peak.toFixed(0)} MB, ` +
      `${arrivalMem.last.toFixed(0)} MB settled. After a restart (users still online): ` +
      `${rssRestart.toFixed(0)} MB; ${readers.length} sockets back in ${connectS.toFixed(1)} s; ` +
      `${points.map(([n, mb]) => `${mb.toFixed(0)} MB with ${n}`).join(", ")} idle: ` +
      `**${perSocketKb.toFixed(1)} KB per idle socket** (median of the pairwise slopes)`,
    ],
  );
} finally {
  if (!srvStopped) await stopServer(server);
  srvStopped = true;
  if (dbKind === "fresh") await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
}
