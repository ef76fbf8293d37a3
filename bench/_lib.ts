/**
 * Shared helpers of the benchmarks: the server as a separate process, percentiles, RSS sampling,
 * login, the machine line and markdown tables. Figures only; nothing here asserts.
 */

export const BENCH_ADMIN_EMAIL = "bench@atende.local";
export const BENCH_PASSWORD = "Bench#2026";
/** The large company's database (bench/seed.ts); override with BENCH_LARGE_DIR. */
export const LARGE_DIR = Deno.env.get("BENCH_LARGE_DIR") ?? "/tmp/atende-bench-large";

export type Server = {
  child: Deno.ChildProcess;
  base: string;
  wsBase: string;
  startMs: number;
  port: number;
};

/** Starts server/main.ts in its own process and waits for /api/health ok. */
export async function startServer(
  o: { dataDir: string; port?: number; env?: Record<string, string>; denoArgs?: string[] },
): Promise<Server> {
  // BENCH_PORT lets two checkouts benchmark side by side.
  const port = o.port ?? Number(Deno.env.get("BENCH_PORT") ?? 18181);
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  // BENCH_SERVER_DIR runs another checkout's server (a prototype copy) against the same data.
  const serverDir = Deno.env.get("BENCH_SERVER_DIR") ?? new URL("..", import.meta.url).pathname;
  const child = new Deno.Command(Deno.execPath(), {
    // As the image starts it (Dockerfile CMD): node_modules installed, not re-checked at start.
    // BENCH_NODE_MODULES_DIR=auto measures the deno.json default instead.
    args: [
      "run",
      "-A",
      `--node-modules-dir=${Deno.env.get("BENCH_NODE_MODULES_DIR") ?? "manual"}`,
      ...(o.denoArgs ?? []),
      `${serverDir}/server/main.ts`,
    ],
    cwd: serverDir,
    env: {
      DATA_DIR: o.dataDir,
      PORT: String(port),
      ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      NO_COLOR: "1",
      // Benchmarks deliver webhooks to local sinks.
      ALLOW_PRIVATE_URLS: "1",
      ...o.env,
    },
    stdout: Deno.env.get("BENCH_SERVER_STDOUT") ? "inherit" : "null",
    stderr: "inherit",
  }).spawn();
  // BENCH_START_TIMEOUT_MS: a loaded shared machine can take longer than a minute to start a server.
  const deadline = Date.now() + Number(Deno.env.get("BENCH_START_TIMEOUT_MS") ?? 60_000);
  for (;;) {
    try {
      const r = await fetch(`${base}/api/health`);
      const body = await r.text();
      if (r.ok && body.includes('"ok"')) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not become healthy in time (BENCH_START_TIMEOUT_MS)");
    }
    await sleep(5);
  }
  child.status.then((st) => {
    if (!stopping.has(child.pid)) {
      console.error(`!! server ${child.pid} exited on its own: ${JSON.stringify(st)}`);
    }
  });
  return { child, base, wsBase: `ws://127.0.0.1:${port}`, startMs: performance.now() - t0, port };
}

const stopping = new Set<number>();

export async function stopServer(s: Server): Promise<void> {
  stopping.add(s.child.pid);
  try {
    s.child.kill("SIGTERM");
  } catch { /* already gone */ }
  const timer = setTimeout(() => {
    try {
      s.child.kill("SIGKILL");
    } catch { /* gone */ }
  }, 10_000);
  await s.child.status;
  clearTimeout(timer);
}

/**
 * Reads the database file once so the OS page cache holds it, as on a server that has been
 * running. A cold cache (after a reboot, or when the host evicted it) turns every B-tree page
 * into a disk read: seen here, 217 instead of 500 msg/s on the large company (the disk reads
 * ~45 MB/s). Returns the seconds it took (~1 s when already cached).
 */
export async function warmPageCache(dataDir: string): Promise<number> {
  const t0 = performance.now();
  for (const name of ["atende.db", "atende.db-wal"]) {
    const f = await Deno.open(`${dataDir}/${name}`).catch(() => null);
    if (!f) continue;
    const buf = new Uint8Array(8 << 20);
    while ((await f.read(buf)) !== null) { /* just read */ }
    f.close();
  }
  return (performance.now() - t0) / 1000;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Nearest-rank percentile (p in 0..1). */
export function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))];
}

export const ms = (x: number, digits = 1) => Number.isFinite(x) ? `${x.toFixed(digits)} ms` : "—";

/** Resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const m = status.match(/VmRSS:\s+(\d+)\s+kB/);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number, everyMs = 100) {
  let peak = 0;
  const samples: number[] = [];
  const timer = setInterval(() => {
    const v = rssMb(pid);
    if (Number.isFinite(v)) {
      samples.push(v);
      if (v > peak) peak = v;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peak, last: samples.at(-1) ?? NaN, samples };
    },
  };
}

/** CPU seconds (user+sys) a process has used so far (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const t = cpuTimes(pid);
  return t.user + t.sys;
}

/** User and kernel CPU seconds of a process (/proc/<pid>/stat utime, stime). */
export function cpuTimes(pid: number): { user: number; sys: number } {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(f[11]) / 100, sys: Number(f[12]) / 100 };
  } catch {
    return { user: NaN, sys: NaN };
  }
}

export async function login(base: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const b = await r.json();
  if (!r.ok) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(b)}`);
  return b.token as string;
}

export function machine(): string {
  let cpu = "";
  try {
    cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/model name\s*:\s*(.+)/)?.[1] ?? "";
  } catch { /* not Linux */ }
  const memGb = (Deno.systemMemoryInfo().total / 1024 ** 3).toFixed(0);
  let load = "";
  try {
    load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch { /* not Linux */ }
  return `${Deno.build.target}, ${navigator.hardwareConcurrency} cores (${cpu.trim()}), ${memGb} GB RAM, ` +
    `Deno ${Deno.version.deno}; load average ${load}`;
}

/** Prints a titled markdown table with the machine and the date. */
export function printTable(
  title: string,
  header: string[],
  rows: (string | number)[][],
  notes: string[] = [],
) {
  const out = [
    "",
    `### ${title}`,
    "",
    `${new Date().toISOString()} — ${machine()}`,
    "",
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
    ...(notes.length ? ["", ...notes] : []),
    "",
  ];
  console.log(out.join("\n"));
}

/** A deterministic PRNG (mulberry32), so seeds and workloads repeat. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `fn` for each of `n` requests sequentially and returns the latencies in ms. */
export async function timeSequential(n: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}
