/**
 * Ticket timers under load: the large company with 100,000 active tickets whose
 * timers are armed; 10,000 of them come due at the same moment and the lease holder's tick closes
 * them while customers write over the api channel at 200 msg/s with admin sockets connected.
 * Reports inbound POST sent → frame on screen p50/p99 over the whole run and inside the window in
 * which the closes ran, and how long closing the 10,000 took.
 *
 *   BENCH_LARGE_DIR=/tmp/<you>-large BENCH_PORT=… deno run -A bench/timers.ts
 *
 * Env: RATE (200), SECONDS (60), SOCKETS (20), ACTIVE (100000), DUE (10000), FIRE_AFTER (15, seconds
 * into the measured run). It WRITES into the database: closed tickets are reopened (newest per
 * contact and connection) until ACTIVE are active, the company's connections get expiresTicket 60
 * and its timer rows are replaced; run it on your own copy of the large database.
 */
import Database from "libsql";
import {
  LARGE_DIR,
  login,
  machine,
  ms,
  pct,
  printTable,
  sleep,
  startServer,
  stopServer,
  warmPageCache,
} from "./_lib.ts";
import { prepareInboundCompany } from "./_inbound_setup.ts";
import { bodyMaker } from "./_words.ts";
import { readSeedInfo } from "./seed.ts";
import { rng } from "./_lib.ts";

const env = (k: string, d: string) => Deno.env.get(k) ?? d;
const seed = await readSeedInfo();
if (!seed) throw new Error(`no large database at ${LARGE_DIR} (bench-seed.json missing)`);
const rate = Number(env("RATE", "200"));
const seconds = Number(env("SECONDS", "60"));
const nSockets = Number(env("SOCKETS", "20"));
const ACTIVE = Number(env("ACTIVE", "100000"));
const DUE = Number(env("DUE", "10000"));
const fireAfter = Number(env("FIRE_AFTER", "15")) * 1000;
const dbFile = `${LARGE_DIR}/atende.db`;
const cid = seed.companyId;

console.error(`page cache warmed in ${(await warmPageCache(LARGE_DIR)).toFixed(1)} s`);
const company = await prepareInboundCompany(LARGE_DIR, Math.max(nSockets, 1));

// Start once so migrations (the ticket_timers table) are applied, then stop and arm.
let server = await startServer({ dataDir: LARGE_DIR });
await stopServer(server);

const db = new Database(dbFile);
db.exec("PRAGMA busy_timeout = 10000");
const active = () =>
  (db.prepare(`SELECT count(*) n FROM tickets WHERE company_id = ? AND status IN ('open','pending')`).get(
    cid,
  ) as {
    n: number;
  }).n;
const t0 = performance.now();
let reopened = 0;
if (active() < ACTIVE) {
  // The newest closed ticket of each (contact, connection) with no active ticket: the partial
  // unique index allows exactly one active per pair.
  reopened = db.prepare(`
    UPDATE tickets SET status = 'open', closed_at = NULL WHERE id IN (
      SELECT max(id) FROM tickets WHERE company_id = ?
      GROUP BY contact_id, whatsapp_id HAVING sum(status IN ('open','pending','group','nps','lgpd')) = 0
      LIMIT ?)`).run(cid, ACTIVE - active()).changes;
}
db.prepare(`UPDATE whatsapps SET expires_ticket = 60 WHERE company_id = ?`).run(cid);
db.prepare(`DELETE FROM ticket_timers WHERE company_id = ?`).run(cid);
const ids = db.prepare(
  `SELECT id, status FROM tickets WHERE company_id = ? AND status IN ('open','pending') ORDER BY id LIMIT ?`,
).all(cid, ACTIVE) as { id: number; status: string }[];
const openIds = ids.filter((t) => t.status === "open").map((t) => t.id);
const dueIds = new Set(openIds.slice(0, DUE));
const far = new Date(Date.now() + 86_400_000).toISOString();
const insert = db.prepare(
  `INSERT INTO ticket_timers (company_id, ticket_id, kind, due_at) VALUES (?, ?, 'autoClose', ?)`,
);
db.exec("BEGIN");
for (const t of ids) insert.run(cid, t.id, dueIds.has(t.id) ? far.replace("T", "X") : far);
db.exec("COMMIT");
// The 10,000 carry a marker due time until the run starts ("X" sorts after every real time).
const armMs = performance.now() - t0;
console.error(
  `armed ${ids.length} timers (${dueIds.size} to fire; reopened ${reopened}) in ${
    (armMs / 1000).toFixed(1)
  } s`,
);

server = await startServer({ dataDir: LARGE_DIR });
console.error(`server up in ${(server.startMs / 1000).toFixed(1)} s`);
const now = () => performance.timeOrigin + performance.now();
const tokens: string[] = [];
for (const email of company.adminEmails.slice(0, nSockets)) tokens.push(await login(server.base, email));
const nWorkers = Math.min(4, Math.max(1, Math.ceil(nSockets / 25)));
const workers = Array.from(
  { length: nWorkers },
  () => new Worker(new URL("./_ws_worker.ts", import.meta.url).href, { type: "module" }),
);
const ask = (w: Worker, m: unknown) =>
  new Promise<{ kind: string; sockets?: { ids: Int32Array; at: Float64Array; frames: number }[] }>((res) => {
    w.onmessage = (e) => res(e.data);
    w.postMessage(m);
  });
await Promise.all(workers.map((w, i) =>
  ask(w, {
    kind: "start",
    wsUrl: server.wsBase,
    tokens: tokens.filter((_, k) => k % nWorkers === i),
    companyId: company.companyId,
  })
));

const { body } = bodyMaker(rng(7));
const runId = Date.now().toString(36);
type Sample = { sent: number; answered: number; status: number; messageId: number };

async function offer(r: number, secs: number, tag: string, during?: () => void) {
  const total = Math.round(r * secs);
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let next = 0;
  const start = performance.now();
  while (next < total) {
    const elapsed = performance.now() - start;
    during?.();
    const due = Math.min(total, Math.floor(elapsed / 1000 * r) + 1);
    while (next < due) {
      const i = next++;
      const k = i % 200;
      const sent = now();
      const p = fetch(`${server.base}/api/channels/api/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${company.apiToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          externalId: `timers-${runId}-${tag}-${i}`,
          from: { number: `55219${String(80_000_000 + k).padStart(8, "0")}`, name: `Cliente ${k}` },
          body: body(),
        }),
      }).then(async (res) => {
        const b = await res.json().catch(() => ({}));
        samples.push({ sent, answered: now(), status: res.status, messageId: b.messageId ?? 0 });
      }).catch(() => undefined).finally(() => pending.delete(p));
      pending.add(p);
    }
    await sleep(1);
  }
  await Promise.all([...pending]);
  return samples;
}

console.error(`${tokens.length} sockets open`);
await offer(200, 3, "warm");
console.error("warmed up; measuring");
await sleep(500);

// The closing window, watched from a reader connection.
const remaining = db.prepare(
  `SELECT count(*) n FROM tickets WHERE id IN (SELECT value FROM json_each(?)) AND status = 'open'`,
);
const dueJson = JSON.stringify([...dueIds]);
let fired = false, closeStart = 0, closeEnd = 0, lastPoll = 0;
const load0 = Deno.loadavg();
const watch = () => {
  const t = performance.now();
  if (!fired && t - runStart >= fireAfter) {
    fired = true;
    db.prepare(`UPDATE ticket_timers SET due_at = ? WHERE company_id = ? AND due_at LIKE '%X%'`)
      .run(new Date().toISOString(), cid);
    closeStart = now();
  }
  if (fired && !closeEnd && t - lastPoll > 250) {
    lastPoll = t;
    if ((remaining.get(dueJson) as { n: number }).n === 0) closeEnd = now();
  }
};
const runStart = performance.now();
const samples = await offer(rate, seconds, "run", watch);
for (let i = 0; i < 600 && !closeEnd; i++) {
  await sleep(500);
  watch();
}
await sleep(2_000);
const load1 = Deno.loadavg();
const results = (await Promise.all(workers.map((w) => ask(w, { kind: "finish" })))).flatMap((x) =>
  x.sockets!
);
for (const w of workers) w.terminate();
await stopServer(server);
const left = (remaining.get(dueJson) as { n: number }).n;
db.close();

const sentAt = new Map<number, number>();
for (const s of samples) if (s.status === 200) sentAt.set(s.messageId, s.sent);
const all: number[] = [], inWindow: number[] = [];
let lost = 0;
for (const sock of results) {
  const seen = new Set<number>();
  for (let i = 0; i < sock.ids.length; i++) {
    const sent = sentAt.get(sock.ids[i]);
    if (sent === undefined || seen.has(sock.ids[i])) continue;
    seen.add(sock.ids[i]);
    const d = sock.at[i] - sent;
    all.push(d);
    if (sent >= closeStart && sent <= (closeEnd || Infinity)) inWindow.push(d);
  }
  for (const id of sentAt.keys()) if (!seen.has(id)) lost++;
}
const ok = samples.filter((s) => s.status === 200);
const post = ok.map((s) => s.answered - s.sent);

printTable(
  `Timers — 10,000 auto-closes at once under ${rate} msg/s inbound (large database, ${ids.length.toLocaleString()} active tickets with timers armed, ${results.length} admin sockets)`,
  ["measure", "value", "target"],
  [
    ["machine", machine(), ""],
    [
      "load average before / after",
      `${load0.map((x) => x.toFixed(1)).join(" ")} / ${load1.map((x) => x.toFixed(1)).join(" ")}`,
      "",
    ],
    ["POSTs offered / answered 200", `${samples.length} / ${ok.length}`, ""],
    ["POST latency p50 / p99", `${ms(pct(post, 0.5))} / ${ms(pct(post, 0.99))}`, ""],
    ["sent → screen p50 / p99, whole run", `${ms(pct(all, 0.5))} / ${ms(pct(all, 0.99))}`, ""],
    [
      "**sent → screen p50 / p99 while the 10,000 closed**",
      `**${ms(pct(inWindow, 0.5))} / ${ms(pct(inWindow, 0.99))}** (${inWindow.length} frames)`,
      "p99 < 30 ms",
    ],
    [
      "time to close the 10,000 (due → last closed)",
      closeEnd ? `${((closeEnd - closeStart) / 1000).toFixed(1)} s` : `not done (${left} open)`,
      "",
    ],
    ["still open of the 10,000 / lost frames", `${left} / ${lost}`, "0 / 0"],
  ],
);
