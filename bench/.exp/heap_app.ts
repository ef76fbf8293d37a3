// In-process app; sockets from a child process. JS heap vs RSS per socket.
import { loadConfig } from "@/config.ts";
import { createDeps } from "@/deps.ts";
import { createApp } from "@/app.ts";
import { runSeed } from "@/seed.ts";
import { prepareInboundCompany } from "../_inbound_setup.ts";
import { login, sleep } from "../_lib.ts";
const N = Number(Deno.args[0] ?? 1000);
const dataDir = await Deno.makeTempDir({ prefix: "h25-heap-" });
const company = await prepareInboundCompany(dataDir, N);
const config = await loadConfig({
  DATA_DIR: dataDir,
  PORT: "18201",
  ADMIN_EMAIL: "bench@atende.local",
  ADMIN_PASSWORD: "Bench#2026",
});
const deps = await createDeps(config);
await runSeed(deps);
const app = createApp(deps);
Deno.serve({ port: 18201, hostname: "127.0.0.1", onListen() {} }, app.fetch);
const base = "http://127.0.0.1:18201";
const tokens: string[] = [];
for (let i = 0; i < N; i += 4) {
  tokens.push(...await Promise.all(company.adminEmails.slice(i, i + 4).map((e) => login(base, e))));
}
await Deno.writeTextFile("/tmp/h25exp/tokens.json", JSON.stringify(tokens));
const gc = () => {
  for (let i = 0; i < 3; i++) (globalThis as any).gc?.();
};
await sleep(3000);
gc();
const m0 = Deno.memoryUsage();
const child = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "/tmp/h25exp/open_socks.ts", String(N)],
  stdout: "inherit",
  stderr: "inherit",
}).spawn();
await sleep(Number(Deno.env.get("WAIT") ?? 20000));
gc();
const m1 = Deno.memoryUsage();
console.log(
  `sockets ${deps.hub.size}: heapUsed ${(m0.heapUsed / 1e6).toFixed(1)} → ${
    (m1.heapUsed / 1e6).toFixed(1)
  } MB (${((m1.heapUsed - m0.heapUsed) / 1024 / deps.hub.size).toFixed(1)} KB/socket); external ${
    (m0.external / 1e6).toFixed(1)
  } → ${(m1.external / 1e6).toFixed(1)}; rss ${(m0.rss / 1e6).toFixed(0)} → ${
    (m1.rss / 1e6).toFixed(0)
  } MB (${((m1.rss - m0.rss) / 1024 / deps.hub.size).toFixed(1)} KB/socket)`,
);
child.kill();
Deno.exit(0);
