/**
 * Benchmarks (figures, not assertions). Prints a table with the machine and date.
 * Foundation figures: cold start to /api/health, login, an authenticated list, socket fan-out.
 *   deno task bench
 */
import { connectWs } from "../tests/_helpers/ws_client.ts";

const dataDir = await Deno.makeTempDir({ prefix: "atende-bench-" });
const env = {
  DATA_DIR: dataDir,
  PORT: "18181",
  ADMIN_EMAIL: "bench@atende.local",
  ADMIN_PASSWORD: "Bench#2026",
  NO_COLOR: "1",
  ALLOW_PRIVATE_URLS: "1",
};
const base = "http://127.0.0.1:18181";

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

async function start(): Promise<{ child: Deno.ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../server/main.ts", import.meta.url).pathname],
    env,
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  for (;;) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) {
        await r.body?.cancel();
        return { child, ms: performance.now() - t0 };
      }
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child: Deno.ChildProcess) {
  child.kill("SIGTERM");
  await child.status;
}

const rows: [string, string][] = [];
const first = await start(); // migrates and seeds
rows.push(["first start (migrate + seed) → health", `${first.ms.toFixed(0)} ms`]);
await stop(first.child);
const cold = await start();
rows.push(["cold start on existing database → health", `${cold.ms.toFixed(0)} ms`]);
const mem = await new Deno.Command("ps", { args: ["-o", "rss=", "-p", String(cold.child.pid)] }).output();
rows.push([
  "idle RSS after start",
  `${(Number(new TextDecoder().decode(mem.stdout).trim()) / 1024).toFixed(0)} MB`,
]);

const login = async () => {
  const r = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  });
  return (await r.json()).token as string;
};
const lt: number[] = [];
let token = "";
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  token = await login();
  lt.push(performance.now() - t0);
}
rows.push([
  "POST /api/auth/login p50 / p95 (20, argon2id)",
  `${pct(lt, 0.5).toFixed(1)} / ${pct(lt, 0.95).toFixed(1)} ms`,
]);

const ut: number[] = [];
for (let i = 0; i < 500; i++) {
  const t0 = performance.now();
  const r = await fetch(`${base}/api/users`, { headers: { authorization: `Bearer ${token}` } });
  await r.arrayBuffer();
  ut.push(performance.now() - t0);
}
rows.push([
  "GET /api/users p50 / p95 (500 sequential)",
  `${pct(ut, 0.5).toFixed(2)} / ${pct(ut, 0.95).toFixed(2)} ms`,
]);

// Socket fan-out: 100 sockets of one session; the user is renamed 50 times.
const sockets = await Promise.all(
  Array.from({ length: 100 }, () => connectWs(`ws://127.0.0.1:18181/ws`, token)),
);
const t0 = performance.now();
for (let i = 0; i < 50; i++) {
  await fetch(`${base}/api/users/1`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `Bench ${i}` }),
  }).then((r) => r.arrayBuffer());
}
await Promise.all(
  sockets.map((s) => s.next((f) => (f.data?.user as { name?: string })?.name === "Bench 49", 10_000)),
);
const fan = performance.now() - t0;
rows.push(["50 updates → 100 sockets (5,000 frames) delivered in", `${fan.toFixed(0)} ms`]);
for (const s of sockets) await s.close();
await stop(cold.child);
await Deno.remove(dataDir, { recursive: true });

console.log(
  `\nAtende foundation benchmark — ${
    new Date().toISOString()
  } — ${Deno.build.target}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}\n`,
);
console.log("| measure | value |\n|---|---|");
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
