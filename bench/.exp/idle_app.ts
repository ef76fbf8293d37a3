import { login, rssMb, sleep, startServer, stopServer } from "/work/wt/h25/bench/_lib.ts";
import { prepareInboundCompany } from "/work/wt/h25/bench/_inbound_setup.ts";
const N = Number(Deno.args[0] ?? 1000), par = Number(Deno.args[1] ?? 1);
const dataDir = await Deno.makeTempDir({ prefix: "h25-idle-" });
const company = await prepareInboundCompany(dataDir, N);
const server = await startServer({
  dataDir,
  env: Deno.env.get("XENV") ? JSON.parse(Deno.env.get("XENV")!) : {},
});
const tokens: string[] = [];
for (let i = 0; i < N; i += 4) {
  tokens.push(...await Promise.all(company.adminEmails.slice(i, i + 4).map((e) => login(server.base, e))));
}
await sleep(10000);
const r0 = rssMb(server.child.pid);
const socks: WebSocket[] = [];
let frames = 0;
const open = (t: string) =>
  new Promise<void>((res) => {
    const ws = new WebSocket(`${server.wsBase}/ws?token=${t}`);
    ws.onmessage = (e) => {
      frames++;
      if (String(e.data).includes('"ready"')) res();
    };
    socks.push(ws);
  });
for (let i = 0; i < N; i += par) await Promise.all(tokens.slice(i, i + par).map(open));
const r1 = rssMb(server.child.pid);
await sleep(10000);
const r2 = rssMb(server.child.pid);
console.log(
  `par ${par}: before ${r0.toFixed(0)} MB, just opened ${r1.toFixed(0)}, +8 s ${r2.toFixed(0)} MB → ${
    ((r2 - r0) * 1024 / N).toFixed(1)
  } KB/socket; frames ${frames}`,
);
console.log(
  Deno.readTextFileSync(`/proc/${server.child.pid}/smaps_rollup`).split("\n").filter((l) =>
    /Rss|Anon|Private/.test(l)
  ).join(" | "),
);
for (const s of socks) s.close();
await stopServer(server);
await Deno.remove(dataDir, { recursive: true });
