/**
 * What the server's start costs, piece by piece: each entry (an npm package or one of our own
 * modules) imported alone in a fresh Deno process with this checkout's config, its import time and
 * the process's RSS after it, against a bare process. Diagnosis for the idle-RSS and cold-start
 * budgets: which import is worth loading on first use. Medians of RUNS processes (default 3).
 *
 *   deno run -A bench/boot_cost.ts [entry…]     (default: the server's static npm imports and roots)
 */
import { pct, printTable } from "./_lib.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 3);
const root = new URL("..", import.meta.url).pathname;

const DEFAULT = [
  "hono",
  "drizzle-orm",
  "@libsql/client",
  "zod",
  "jose",
  "@node-rs/argon2",
  "croner",
  "i18next",
  "otpauth",
  "qrcode",
  "baileys",
  "imapflow",
  "mailparser",
  "nodemailer",
  "sanitize-html",
  "ioredis",
  "fflate",
  "fast-png",
  "jpeg-js",
  "aws4fetch",
  "./server/config.ts",
  "./server/compose.ts",
  "./server/app.ts",
  "./server/channels/whatsapp/boot.ts",
  "./server/channels/email/watcher.ts",
  "./server/jobs/scheduler.ts",
];

/** One fresh process importing `entry` (or nothing): [ms to import, RSS MB after]. */
async function measure(entry: string | null): Promise<[number, number]> {
  const spec = entry?.startsWith("./") ? new URL(entry, `file://${root}`).href : entry;
  const code = `const t0 = performance.now();
${spec ? `await import(${JSON.stringify(spec)});` : ""}
const ms = performance.now() - t0;
const rss = Number(/VmRSS:\\s+(\\d+)/.exec(Deno.readTextFileSync("/proc/self/status"))[1]) / 1024;
console.log(JSON.stringify([ms, rss]));
Deno.exit(0);`;
  const file = await Deno.makeTempFile({ dir: root, prefix: ".boot_cost_", suffix: ".ts" });
  try {
    await Deno.writeTextFile(file, code);
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", file],
      cwd: root,
      env: { DATA_DIR: "/tmp/atende-boot-cost", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "null",
    }).output();
    const line = new TextDecoder().decode(out.stdout).trim().split("\n").pop() ?? "";
    return line.startsWith("[") ? JSON.parse(line) : [NaN, NaN];
  } finally {
    await Deno.remove(file);
  }
}

async function median(entry: string | null): Promise<[number, number]> {
  const runs: [number, number][] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(entry));
  return [pct(runs.map((r) => r[0]), 0.5), pct(runs.map((r) => r[1]), 0.5)];
}

const entries = Deno.args.length ? Deno.args : DEFAULT;
const [, bare] = await median(null);
const rows: string[][] = [["(bare deno)", "—", bare.toFixed(0), "—"]];
for (const e of entries) {
  const [ms, rss] = await median(e);
  rows.push([e, ms.toFixed(0), rss.toFixed(0), `+${(rss - bare).toFixed(0)}`]);
}
printTable(`Import cost alone (median of ${RUNS} fresh processes each)`, [
  "entry",
  "import ms",
  "RSS MB",
  "over bare",
], rows);
