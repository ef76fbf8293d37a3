/**
 * E-mail burst benchmark: BURST (1,000) mails from as many senders land in the mailbox at once
 * (written into the maildir's new/, as a local delivery agent does) while the mailbox's watcher waits
 * in IDLE; measures how long until every one is a ticket (N, from the first APPEND), and the
 * latency of the api channel's inbound POSTs (RATE/s, 20) before and during the burst — the other
 * channels' ingest must not suffer. Real Dovecot (Debian's dovecot-imapd) started with its own
 * config, the app in this process (its composition, file database in a temp dir).
 *
 *   deno run -A bench/email_bench.ts
 * Env: BURST (1000), RATE (20), BASELINE_S (5).
 */
import { count, eq } from "drizzle-orm";
import { tickets } from "@db/schema.ts";
import { startTestServer } from "../tests/_helpers/test_app.ts";
import { createCompany, login } from "../tests/_helpers/factories.ts";
import { EmailWatchers } from "@/channels/email/watcher.ts";
import { startDovecot, startSmtpSink } from "../tests/channels/email/_servers.ts";
import { emailSettings, mail, SUPPORT } from "../tests/channels/email/_support.ts";
import { ms, pct, printTable } from "./_lib.ts";

const env = (k: string, d: string) => Number(Deno.env.get(k) ?? d);
const BURST = env("BURST", "1000");
const RATE = env("RATE", "20");
const BASELINE_S = env("BASELINE_S", "5");

const dc = await startDovecot({ user: SUPPORT });
const smtp = await startSmtpSink();
const t = await startTestServer({ scheduler: false });
const { admin } = await createCompany(t);
const tok = (await login(t, admin)).token;
const post = (path: string, json: unknown, bearer = tok) =>
  fetch(`${t.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    body: JSON.stringify(json),
  }).then(async (r) => {
    if (r.status >= 300) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return await r.json();
  });
const emailConn = await post("/api/whatsapp", {
  name: "Suporte",
  channel: "email",
  emailSettings: emailSettings(dc, smtp),
  emailPassword: dc.password,
});
const apiConn = await post("/api/whatsapp", {
  name: "Site",
  channel: "api",
  webhookUrl: "http://127.0.0.1:9/x",
});

const watchers = new EmailWatchers(t.deps, { pollMs: 60_000 });
await watchers.tick();

/** The api channel's inbound latency, one POST every 1/RATE s, for `seconds` or until `until` resolves. */
async function apiLoad(label: string, stop: Promise<unknown>): Promise<number[]> {
  const lat: number[] = [];
  let done = false;
  stop.then(() => done = true);
  let i = 0;
  while (!done) {
    const at = performance.now();
    await post("/api/channels/api/messages", {
      externalId: `${label}-${i}`,
      from: { number: `55119${String(i % 500).padStart(8, "0")}`, name: `Cliente ${i}` },
      body: `mensagem ${i}`,
    }, apiConn.token);
    lat.push(performance.now() - at);
    i++;
    const wait = 1000 / RATE - (performance.now() - at);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return lat;
}

const baseline = await apiLoad("base", new Promise((r) => setTimeout(r, BASELINE_S * 1000)));

const emailTickets = async () =>
  (await t.deps.db.select({ n: count() }).from(tickets).where(eq(tickets.whatsappId, emailConn.id)))[0].n;
let lastTicketAt = 0;
const allIn = new Promise<void>((resolve) => {
  const check = async () => {
    if (await emailTickets() >= BURST) {
      lastTicketAt = performance.now();
      return resolve();
    }
    setTimeout(check, 50);
  };
  check();
});

const raws = Array.from({ length: BURST }, (_, i) =>
  mail({
    from: `Cliente ${i} <c${i}@burst.test>`,
    subject: `Pedido ${i}`,
    body: `Olá, pedido ${i}`,
    id: `b${i}@burst.test`,
  }));
const t0 = performance.now();
const during = apiLoad("burst", allIn);
await dc.drop(raws);
const appendedAt = performance.now();
await allIn;
const duringLat = await during;

printTable("E-mail burst", ["measure", "value"], [
  ["mails", String(BURST)],
  ["written to the maildir", ms(appendedAt - t0, 0)],
  ["N: first file → last ticket", ms(lastTicketAt - t0, 0)],
  ["after the last file", ms(lastTicketAt - appendedAt, 0)],
  ["throughput", `${(BURST / ((lastTicketAt - t0) / 1000)).toFixed(0)} mails/s`],
  [
    "api inbound p50 / p99 before",
    `${ms(pct(baseline, 0.5))} / ${ms(pct(baseline, 0.99))} (${baseline.length})`,
  ],
  [
    "api inbound p50 / p99 during",
    `${ms(pct(duringLat, 0.5))} / ${ms(pct(duringLat, 0.99))} (${duringLat.length})`,
  ],
]);

await watchers.stop();
await t.close();
await smtp.close();
await dc.close();
Deno.exit(0);
