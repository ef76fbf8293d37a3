/**
 * The backup's longest pause of ingest (goal ≤ 50 ms on the large database): a steady stream of
 * message writes through the app's own write path (`database.write`, the one writer) while
 * server/backups makes an online backup of the same file, against the same stream without a
 * backup. Reports each phase's write latency (p50, p99, max) and the main thread's longest event
 * loop stall (a 5 ms interval timer's lateness), the largest `Dirty:` of /proc/meminfo while the backup
 * ran, and how the copy was written back (server/backups/copy_sync.ts: syncs, largest step).
 *
 *   deno run -A bench/backup.ts             the large database (deno task bench:seed first)
 *   BENCH_DB=fresh deno run -A bench/backup.ts   a fresh small database (a smoke run)
 *
 * Options (env): RATE (writes/s, default 300), BASELINE_S (default 10), TAIL_S (default 40: the stream
 * goes on this long after the backup, since a copy left dirty in memory is written back by the kernel
 * up to 30 s later, and a pause it causes then is the backup's too). The rows it writes are deleted
 * at the end, so the large database is left as it was.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { contacts, messages, tickets } from "@db/schema.ts";
import { loadConfig } from "@/config.ts";
import { closeDeps, createDeps } from "@/compose.ts";
import { runSeed } from "@/seed.ts";
import { runBackup } from "@/backups/backup.ts";
import { removeArtifact } from "@/lib/artifacts.ts";
import { LARGE_DIR, machine, ms, pct, printTable } from "./_lib.ts";
import { readSeedInfo } from "./seed.ts";

const RATE = Number(Deno.env.get("RATE") ?? 300);
const BASELINE_S = Number(Deno.env.get("BASELINE_S") ?? 10);
const TAIL_S = Number(Deno.env.get("TAIL_S") ?? 40);
const fresh = Deno.env.get("BENCH_DB") === "fresh";
/** BENCH_DATA_DIR: any other database (a copy of a seed still being built); the company with most tickets. */
const other = Deno.env.get("BENCH_DATA_DIR");
const info = fresh || other ? null : await readSeedInfo();
if (!fresh && !other && !info) {
  console.error(`no seeded large database in ${LARGE_DIR}: run deno task bench:seed (or BENCH_DB=fresh)`);
  Deno.exit(1);
}
const dataDir = other ?? (fresh ? await Deno.makeTempDir({ prefix: "atende-bench-backup-" }) : LARGE_DIR);
const config = await loadConfig({ DATA_DIR: dataDir, PORT: "0", BACKUPS: "off" });
const deps = await createDeps(config);
await runSeed(deps);
const [biggest] = other
  ? await deps.db.all<{ company_id: number }>(
    sql`SELECT company_id FROM tickets GROUP BY company_id ORDER BY count(*) DESC LIMIT 1`,
  )
  : [];
const companyId = info?.companyId ?? biggest?.company_id ?? 1;
const [ticket] = info || biggest
  ? await deps.db.select({ id: tickets.id, contactId: tickets.contactId }).from(tickets)
    .where(eq(tickets.companyId, companyId)).limit(1)
  : await deps.database.write(async (tx) => {
    const [c] = await tx.insert(contacts).values({ companyId, name: "Bench", number: "5511999990000" })
      .returning();
    return await tx.insert(tickets).values({ companyId, contactId: c.id }).returning({
      id: tickets.id,
      contactId: tickets.contactId,
    });
  });
const st = await Deno.stat(`${dataDir}/atende.db`);
console.log(`# backup pause — ${machine()}`);
const [{ n }] = await deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM messages`);
console.log(
  `database ${(st.size / 2 ** 20).toFixed(0)} MiB, ${n} messages (${
    info ? "large" : other ?? "fresh"
  }), ${RATE} writes/s`,
);

let seq = 0;
/** Writes at RATE until `until` resolves; returns each write's latency and the loop's worst stall. */
async function ingest(until: Promise<unknown>) {
  const lat: number[] = [];
  let stall = 0;
  let last = performance.now();
  const lag = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 5);
    last = now;
  }, 5);
  let done = false;
  until.finally(() => done = true);
  const gap = 1000 / RATE;
  const t0 = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; !done; i++) {
    const due = t0 + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const start = performance.now();
    const n = ++seq;
    inflight.push(
      deps.database.write(async (tx) => {
        await tx.insert(messages).values({
          companyId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          wid: `bench-backup-${n}`,
          body: `bench backup message ${n} with a body of ordinary length for an inbound text`,
        });
        await tx.update(tickets).set({ lastMessage: `bench ${n}` }).where(eq(tickets.id, ticket.id));
      }).then(() => void lat.push(performance.now() - start)),
    );
  }
  await Promise.all(inflight);
  clearInterval(lag);
  return { lat, stall, seconds: (performance.now() - t0) / 1000 };
}

const base = await ingest(new Promise((r) => setTimeout(r, BASELINE_S * 1000)));
let backup: { name: string; size: number; ms: number } | null = null;
let copied: { syncs: { syncs: number; steps: number[] }; checkpointed: boolean } | null = null;
/** The machine's dirty page cache (kB), sampled every 100 ms until `until` settles; the largest. */
async function dirtyPeak(until: Promise<unknown>): Promise<number> {
  let done = false;
  until.finally(() => done = true);
  let peak = 0;
  while (!done) {
    const m = (await Deno.readTextFile("/proc/meminfo").catch(() => "")).match(/^Dirty:\s+(\d+)/m);
    peak = Math.max(peak, Number(m?.[1] ?? 0));
    await new Promise((r) => setTimeout(r, 100));
  }
  return peak;
}
const backupRun = runBackup(deps, undefined, { copied: (r) => copied = r }).then((r) => backup = r);
const [during, dirtyKb] = await Promise.all([ingest(backupRun), dirtyPeak(backupRun)]);
const tailDone = new Promise((r) => setTimeout(r, TAIL_S * 1000));
const [tail, tailDirtyKb] = await Promise.all([ingest(tailDone), dirtyPeak(tailDone)]);
const row = (name: string, r: typeof base) => [
  name,
  r.seconds.toFixed(1) + " s",
  String(r.lat.length),
  ms(pct(r.lat, 0.5)),
  ms(pct(r.lat, 0.99)),
  ms(Math.max(...r.lat)),
  ms(r.stall),
];
printTable("backup: ingest while it runs", [
  "phase",
  "time",
  "writes",
  "p50",
  "p99",
  "max (longest pause)",
  "loop stall",
], [
  row("no backup", base),
  row("during backup", during),
  row("after it (tail)", tail),
]);
const b = backup as { name: string; size: number; ms: number } | null;
if (b) console.log(`backup ${b.name}: ${(b.size / 2 ** 20).toFixed(0)} MiB in ${(b.ms / 1000).toFixed(1)} s`);
const c = copied as { syncs: { syncs: number; steps: number[] }; checkpointed: boolean } | null;
if (c) {
  console.log(
    `copy written back in ${c.syncs.syncs} syncs (largest step ${
      (Math.max(0, ...c.syncs.steps) / 2 ** 20).toFixed(1)
    } MiB); WAL caught up by the backup Worker: ${c.checkpointed}`,
  );
}
console.log(
  `largest Dirty: ${(dirtyKb / 1024).toFixed(0)} MiB while it ran, ${
    (tailDirtyKb / 1024).toFixed(0)
  } MiB after`,
);

await deps.database.write((tx) =>
  tx.delete(messages).where(and(eq(messages.companyId, companyId), like(messages.wid, "bench-backup-%")))
);
if (b) await removeArtifact(deps.storage, "backups", b.name);
await closeDeps(deps);
if (fresh) await Deno.remove(dataDir, { recursive: true });
