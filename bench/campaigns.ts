/**
 * Campaign benchmark:
 *   1. planning — a 20,000-contact campaign planned (campaign_shippings written, one random
 *      variant per contact with its variables filled) by the production planner against the
 *      database, timed in this process before the server starts (budget < 2 s);
 *   2. inbound while it dispatches — the server (separate process) dispatches that campaign to an
 *      api connection whose webhook is a sink in this process, while api-channel POSTs arrive at
 *      200 msg/s with admin sockets connected: POST sent → `appMessage` frame on the sockets
 *      p50/p99 (budget p99 < 30 ms), POST answered → frame, lost/duplicated, campaign sends made
 *      during the window and that none was sent twice.
 *
 *   deno task bench:campaigns
 * Env: BENCH_DB=large|fresh (default large once bench/seed.ts has run; BENCH_LARGE_DIR points at a
 * copy — benchmarks write), CONTACTS (20000), RATE (200), SECONDS (30), SOCKETS (50),
 * CAMPAIGN_INTERVAL (seconds between campaign sends, default 0.02), BENCH_PORT.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import {
  campaigns,
  campaignSettings,
  campaignShippings,
  contactListItems,
  contactLists,
  messages,
  whatsapps,
} from "@db/schema.ts";
import { loadConfig } from "@/config.ts";
import { closeDeps, createDeps } from "@/compose.ts";
import { planCampaign } from "@/campaigns/planner.ts";
import {
  LARGE_DIR,
  login,
  ms,
  pct,
  printTable,
  type Server,
  sleep,
  startServer,
  stopServer,
  warmPageCache,
} from "./_lib.ts";
import { prepareInboundCompany } from "./_inbound_setup.ts";
import { readSeedInfo } from "./seed.ts";

const env = (k: string, d: string) => Deno.env.get(k) ?? d;
const large = (await readSeedInfo()) !== null;
const dbKind = env("BENCH_DB", large ? "large" : "fresh");
const dataDir = dbKind === "large"
  ? LARGE_DIR
  : await Deno.makeTempDir({ prefix: "atende-bench-campaigns-" });
const CONTACTS = Number(env("CONTACTS", "20000"));
const RATE = Number(env("RATE", "200"));
const SECONDS = Number(env("SECONDS", "30"));
const SOCKETS = Number(env("SOCKETS", "50"));
const INTERVAL = Number(env("CAMPAIGN_INTERVAL", "0.02"));
const runId = Date.now().toString(36);
const now = () => performance.timeOrigin + performance.now();

function loadavg(): string {
  return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
}

// The integrator's webhook: counts deliveries per message id (the api channel retries a POST).
const delivered = new Map<string, number>();
const sink = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
  const b = await req.json().catch(() => ({}));
  delivered.set(String(b.messageId), (delivered.get(String(b.messageId)) ?? 0) + 1);
  return new Response("ok");
});
const sinkUrl = `http://127.0.0.1:${sink.addr.port}/hook`;

if (dbKind === "large") console.error(`page cache warmed in ${(await warmPageCache(dataDir)).toFixed(1)} s`);
const company = await prepareInboundCompany(dataDir, Math.max(SOCKETS, 1));

// 1. Planning, by the production planner on the same database the server will use.
const config = await loadConfig({ DATA_DIR: dataDir, PORT: "0" });
const deps = await createDeps(config);
const { campaignId, planMs, planned, loadMs } = await (async () => {
  const companyId = company.companyId;
  const t0 = performance.now();
  const { listId, connId } = await deps.database.write(async (tx) => {
    const [conn] = await tx.insert(whatsapps).values({
      companyId,
      name: `Campaign API ${runId}`,
      channel: "api",
      status: "CONNECTED",
      webhookUrl: sinkUrl,
    }).returning();
    const [list] = await tx.insert(contactLists).values({ companyId, name: `Bench ${runId}` }).returning();
    for (let i = 0; i < CONTACTS; i += 1000) {
      await tx.insert(contactListItems).values(
        Array.from({ length: Math.min(1000, CONTACTS - i) }, (_, k) => ({
          companyId,
          contactListId: list.id,
          name: `Cliente ${i + k}`,
          number: `55318${String(i + k).padStart(8, "0")}`,
          email: `c${i + k}@bench.local`,
        })),
      );
    }
    const settingsRows = {
      messageInterval: INTERVAL,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      startHour: "00:00",
      endHour: "23:59",
      sabado: true,
      domingo: true,
    };
    for (const [key, value] of Object.entries(settingsRows)) {
      await tx.insert(campaignSettings).values({ companyId, key, value }).onConflictDoUpdate({
        target: [campaignSettings.companyId, campaignSettings.key],
        set: { value },
      });
    }
    return { listId: list.id, connId: conn.id };
  });
  const loadMs = performance.now() - t0;
  const [c] = await deps.database.write((tx) =>
    tx.insert(campaigns).values({
      companyId,
      name: `Bench ${runId}`,
      message1: "Olá {nome}, oferta A para {numero}",
      message2: "Oi {nome}! Oferta B: {email}",
      contactListId: listId,
      whatsappId: connId,
      // CAMPAIGN=0: a baseline run, the same load without the campaign dispatching.
      status: env("CAMPAIGN", "1") === "0" ? "INATIVA" : "PROGRAMADA",
      scheduledAt: new Date().toISOString(),
    }).returning()
  );
  const t1 = performance.now();
  const planned = await planCampaign(deps, c);
  return { campaignId: c.id, planMs: performance.now() - t1, planned, loadMs };
})();
const loadPlan = loadavg();
await closeDeps(deps);

// 2. The server dispatches the campaign while inbound traffic and sockets run.
const server: Server = await startServer({ dataDir });
type Sample = { sent: number; answered: number; status: number; messageId: number };
try {
  const tokens: string[] = [];
  for (const email of company.adminEmails.slice(0, SOCKETS)) tokens.push(await login(server.base, email));
  const nWorkers = Math.min(4, Math.max(1, Math.ceil(SOCKETS / 25)));
  const workers = Array.from(
    { length: nWorkers },
    () => new Worker(new URL("./_ws_worker.ts", import.meta.url).href, { type: "module" }),
  );
  const ask = (w: Worker, m: unknown) =>
    new Promise<{ kind: string; sockets?: { ids: Int32Array; at: Float64Array; frames: number }[] }>(
      (res) => {
        w.onmessage = (e) => res(e.data);
        w.postMessage(m);
      },
    );
  await Promise.all(workers.map((w, i) =>
    ask(w, {
      kind: "start",
      wsUrl: server.wsBase,
      tokens: tokens.filter((_, k) => k % nWorkers === i),
      companyId: company.companyId,
    })
  ));
  // Wait until the scheduler lease is taken and the campaign is sending.
  const t0wait = Date.now();
  while (env("CAMPAIGN", "1") !== "0" && delivered.size < 5 && Date.now() - t0wait < 90_000) await sleep(200);
  const samples: Sample[] = [];
  // Warm-up (JIT, caches, the 200 inbound contacts and tickets), as bench/inbound.ts does.
  const warm: Promise<unknown>[] = [];
  for (let i = 0; i < 400; i++) {
    warm.push(
      fetch(`${server.base}/api/channels/api/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${company.apiToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          externalId: `camp-warm-${runId}-${i}`,
          from: { number: `55219${String(70_000_000 + (i % 200)).padStart(8, "0")}` },
          body: `aquecimento ${i}`,
        }),
      }).then((r) => r.body?.cancel()).catch(() => undefined),
    );
    await sleep(5);
  }
  await Promise.all(warm);
  await sleep(500);
  const sentBefore = delivered.size;
  const total = RATE * SECONDS;
  const pending = new Set<Promise<void>>();
  const tStart = performance.now();
  let next = 0, errors = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor((performance.now() - tStart) / 1000 * RATE) + 1);
    while (next < due) {
      const i = next++;
      const sent = now();
      const p = fetch(`${server.base}/api/channels/api/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${company.apiToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          externalId: `camp-bench-${runId}-${i}`,
          from: {
            number: `55219${String(70_000_000 + (i % 200)).padStart(8, "0")}`,
            name: `Inbound ${i % 200}`,
          },
          body: `mensagem ${i}`,
        }),
      }).then(async (r) => {
        const b = await r.json().catch(() => ({}));
        samples.push({ sent, answered: now(), status: r.status, messageId: b.messageId ?? 0 });
        if (r.status !== 200) errors++;
      }).catch(() => void errors++).finally(() => pending.delete(p));
      pending.add(p);
    }
    await sleep(1);
  }
  await Promise.all([...pending]);
  const wallMs = performance.now() - tStart;
  const loadRun = loadavg();
  await sleep(2000);
  const sentDuring = delivered.size - sentBefore;
  const results = (await Promise.all(workers.map((w) => ask(w, { kind: "finish" })))).flatMap((x) =>
    x.sockets!
  );
  for (const w of workers) w.terminate();

  const ok = samples.filter((s) => s.status === 200);
  const sentAt = new Map(ok.map((s) => [s.messageId, s.sent]));
  const answeredAt = new Map(ok.map((s) => [s.messageId, s.answered]));
  const fromSend: number[] = [], fromAnswer: number[] = [];
  let lost = 0, dup = 0;
  for (const sock of results) {
    const seen = new Set<number>();
    for (let i = 0; i < sock.ids.length; i++) {
      const id = sock.ids[i];
      const s = sentAt.get(id);
      if (s === undefined) continue; // a campaign message or another frame
      if (seen.has(id)) {
        dup++;
        continue;
      }
      seen.add(id);
      fromSend.push(sock.at[i] - s);
      fromAnswer.push(sock.at[i] - answeredAt.get(id)!);
    }
    for (const id of sentAt.keys()) if (!seen.has(id)) lost++;
  }

  // Exactly once: one stored campaign message per delivered shipment.
  const check = await createDeps(await loadConfig({ DATA_DIR: dataDir, PORT: "0" }));
  const [{ shipped }] = await check.db.select({ shipped: count() }).from(campaignShippings)
    .where(and(eq(campaignShippings.campaignId, campaignId), eq(campaignShippings.status, "delivered")));
  const msgIds = await check.db.select({ id: campaignShippings.messageId }).from(campaignShippings)
    .where(and(eq(campaignShippings.campaignId, campaignId), eq(campaignShippings.status, "delivered")));
  const ids = msgIds.map((r) => r.id!).filter(Boolean);
  let stored = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const [{ n }] = await check.db.select({ n: count() }).from(messages).where(
      inArray(messages.id, ids.slice(i, i + 5000)),
    );
    stored += n;
  }
  const twice = [...delivered.values()].filter((n) => n > 1).length;
  const [{ total: allShip }] = await check.db.select({ total: sql<number>`count(*)` }).from(campaignShippings)
    .where(eq(campaignShippings.campaignId, campaignId));
  await closeDeps(check);

  printTable(
    `Campaigns (${dbKind} database, ${CONTACTS.toLocaleString()} contacts; inbound ${RATE} msg/s × ${SECONDS} s, ${results.length} admin sockets, campaign pace ${INTERVAL} s)`,
    ["measure", "value", "target"],
    [
      ["list of contacts written (setup, not timed by the budget)", ms(loadMs, 0), ""],
      [
        "**campaign planned (shipments written)**",
        `**${ms(planMs, 0)}** (${planned.toLocaleString()} rows; load ${loadPlan})`,
        "< 2 s",
      ],
      ["inbound POSTs offered / 200 / errors", `${total} / ${ok.length} / ${errors}`, ""],
      ["achieved inbound rate", `${(ok.length / (wallMs / 1000)).toFixed(0)} msg/s`, `${RATE} msg/s`],
      [
        "**POST sent → frame on socket p50 / p99**",
        `**${ms(pct(fromSend, 0.5))} / ${ms(pct(fromSend, 0.99))}**`,
        "p99 < 30 ms",
      ],
      [
        "POST answered → frame on socket p50 / p99",
        `${ms(pct(fromAnswer, 0.5))} / ${ms(pct(fromAnswer, 0.99))}`,
        "",
      ],
      ["lost / duplicated (message × socket)", `${lost} / ${dup} of ${ok.length * results.length}`, "0 / 0"],
      [
        "campaign messages delivered to the webhook during the window",
        `${sentDuring} (${(sentDuring / (wallMs / 1000)).toFixed(1)}/s)`,
        "",
      ],
      [
        "shipments delivered / planned; stored messages for them; webhook ids seen twice",
        `${shipped} / ${allShip}; ${stored}; ${twice}`,
        "stored = delivered",
      ],
      ["load average during the run", loadRun, ""],
    ],
  );
} finally {
  await stopServer(server);
  await sink.shutdown();
  if (dbKind === "fresh") await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
}
