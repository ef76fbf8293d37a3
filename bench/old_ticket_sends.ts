/**
 * What an attendant's reply on an old ticket costs the server: TICKETS open tickets created on the
 * past DAYS days (their service cycles and first messages moved there, FILLER more messages spread
 * over those days), the company's dashboard rollup built, then SENDS replies (POST
 * /api/messages/:ticketId, round robin over the tickets), each followed by `bus.drain()` so every
 * listener's work is in the figure. Prints CPU per send (this process and its Workers: the read
 * pool's recomputes count) and wall p50/p95, with the load average. The app runs in this process
 * (the same composition as production, no scheduler: deliveries stay queued).
 *
 *   deno run -A bench/old_ticket_sends.ts
 * Env: TICKETS (300), DAYS (365), FILLER (200000), SENDS (600). Run it on another checkout by
 * copying this file into its bench/ (it uses only test helpers that checkout has).
 */
import { sql } from "drizzle-orm";
import { createTestApp } from "../tests/_helpers/test_app.ts";
import { createCompany, login } from "../tests/_helpers/factories.ts";
import { startWebhookSink } from "../tests/_helpers/webhook_sink.ts";
import { buildAllRollups } from "@/dashboard/rollup_build.ts";
import { cpuSeconds, ms, pct } from "./_lib.ts";

const env = (k: string, d: string) => Number(Deno.env.get(k) ?? d);
const TICKETS = env("TICKETS", "300");
const DAYS = env("DAYS", "365");
const FILLER = env("FILLER", "200000");
const SENDS = env("SENDS", "600");
const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");

const sink = startWebhookSink();
const app = await createTestApp({ scheduler: false });
try {
  const { company, admin } = await createCompany(app, { name: "Old tickets" });
  const token = (await login(app, admin)).token;
  const call = async (path: string, init: Parameters<typeof app.request>[1]) => {
    const r = await app.request(path, init);
    const text = await r.text();
    if (!r.ok) throw new Error(`${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const conn = await call("/api/whatsapp", {
    method: "POST",
    token,
    json: { name: "Site", channel: "api", webhookUrl: sink.url },
  });
  const ids: number[] = [];
  for (let i = 0; i < TICKETS; i++) {
    const { ticketId } = await call("/api/channels/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${conn.token}` },
      json: {
        externalId: `old-${i}`,
        from: { number: `5511${String(90000000 + i)}`, name: `Cliente ${i}` },
        body: "Olá",
      },
    });
    await call(`/api/tickets/${ticketId}`, {
      method: "PUT",
      token,
      json: { status: "open", userId: admin.user.id },
    });
    ids.push(ticketId);
  }
  await app.deps.bus.drain();
  const day0 = Date.now() - DAYS * 86_400_000;
  // Each ticket, its cycle and its messages moved to a past day; FILLER more messages over the days.
  await app.deps.database.write(async (tx) => {
    for (const [i, id] of ids.entries()) {
      const at = new Date(day0 + (i % DAYS) * 86_400_000 + 3_600_000).toISOString();
      await tx.run(sql`UPDATE tickets SET created_at = ${at}, updated_at = ${at} WHERE id = ${id}`);
      await tx.run(sql`UPDATE ticket_traking SET created_at = ${at}, queued_at = ${at}, started_at = ${at}
        WHERE ticket_id = ${id}`);
      await tx.run(sql`UPDATE messages SET created_at = ${at} WHERE ticket_id = ${id}`);
    }
    await tx.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${FILLER})
      INSERT INTO messages (company_id, ticket_id, contact_id, body, from_me, read, media_type, ack,
        channel, created_at, updated_at)
      SELECT ${company.id}, t.id, t.contact_id, 'mensagem antiga ' || n.i, n.i % 2, 1, 'chat', 3, 'api',
        strftime('%Y-%m-%dT%H:%M:%fZ', ${day0 / 1000} + (n.i * ${DAYS * 86_400 / FILLER}), 'unixepoch'),
        strftime('%Y-%m-%dT%H:%M:%fZ', ${day0 / 1000} + (n.i * ${DAYS * 86_400 / FILLER}), 'unixepoch')
      FROM n JOIN tickets t ON t.id = ${ids[0]}`);
  });
  await buildAllRollups(app.deps, new Date());
  const [st] = await app.deps.db.all<{ builtUntil: string }>(sql`
    SELECT built_until AS builtUntil FROM dashboard_rollup_state WHERE company_id = ${company.id}`);
  console.error(
    `seeded ${TICKETS} tickets over ${DAYS} days, ${FILLER} messages; rollup until ${st?.builtUntil}`,
  );

  for (let i = 0; i < 20; i++) {
    await call(`/api/messages/${ids[i % ids.length]}`, {
      method: "POST",
      token,
      json: { body: `aquece ${i}` },
    });
  }
  await app.deps.bus.drain();
  const loadStart = load();
  const lat: number[] = [];
  const cpu0 = cpuSeconds(Deno.pid);
  const t0 = performance.now();
  for (let i = 0; i < SENDS; i++) {
    const s = performance.now();
    await call(`/api/messages/${ids[i % ids.length]}`, {
      method: "POST",
      token,
      json: { body: `Resposta ${i}: já verifiquei o seu pedido.` },
    });
    await app.deps.bus.drain();
    lat.push(performance.now() - s);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(Deno.pid) - cpu0;
  console.log(
    `| ${SENDS} sends on old tickets | CPU ${(cpu * 1000 / SENDS).toFixed(2)} ms/send | wall p50 ${
      ms(pct(lat, 0.5))
    } p95 ${ms(pct(lat, 0.95))} | ${(SENDS / wall).toFixed(0)} sends/s | load ${loadStart} → ${load()} |`,
  );
} finally {
  await app.close();
  await sink.close();
}
