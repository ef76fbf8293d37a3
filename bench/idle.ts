/**
 * Cold start and idle memory alone, cheap enough to run in an A/B (bench/ab.ts): the server started
 * STARTS times on one database (BENCH_LARGE_DIR when IDLE_DB=large, else a fresh temporary one
 * made by the first start), time to /api/health ok, and RSS after a second of idle.
 *
 *   deno run -A bench/idle.ts        (env: STARTS 3, IDLE_DB=large|temp, BENCH_SERVER_DIR, BENCH_PORT)
 */
import { LARGE_DIR, pct, printTable, rssMb, sleep, startServer, stopServer } from "./_lib.ts";

const STARTS = Number(Deno.env.get("STARTS") ?? 3);
const large = Deno.env.get("IDLE_DB") === "large";
const dataDir = large ? LARGE_DIR : await Deno.makeTempDir({ prefix: "atende-bench-idle-" });
const starts: number[] = [], rss: number[] = [];
try {
  for (let i = 0; i < STARTS; i++) {
    const s = await startServer({ dataDir });
    starts.push(s.startMs);
    await sleep(1000);
    rss.push(rssMb(s.child.pid));
    await stopServer(s);
  }
} finally {
  if (!large) await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
}
const med = (xs: number[]) => pct(xs, 0.5);
printTable(`Cold start and idle RSS (${large ? "large database" : "fresh database"}, ${STARTS} starts)`, [
  "measure",
  "first",
  "median",
  "min",
], [
  [
    "start → /api/health ok (ms)",
    starts[0].toFixed(0),
    med(starts).toFixed(0),
    Math.min(...starts).toFixed(0),
  ],
  ["RSS after 1 s idle (MB)", rss[0].toFixed(0), med(rss).toFixed(0), Math.min(...rss).toFixed(0)],
]);
