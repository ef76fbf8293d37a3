/**
 * One server process of a fleet test: server/main.ts's boot (config from the environment, seed,
 * app, scheduler, WhatsApp sessions), printing `LISTENING {port} {instanceId}`. With FAKE_WA_LOG
 * the WhatsApp sessions run on the test double (a fake Baileys socket that links and opens at
 * once) and every message it sends is appended to that file as a JSON line, so the test sees
 * what reached "WhatsApp" from every process, including ones it killed. With FAKE_WA_HOLD a send is
 * logged and then never answered (the crash tests kill the process while it waits).
 */
import { loadConfig } from "@/config.ts";
import { createDeps } from "@/compose.ts";
import { createApp } from "@/app.ts";
import { runSeed } from "@/seed.ts";
import { startScheduler } from "@/jobs/scheduler.ts";
import { startWhatsappSessions } from "@/channels/whatsapp/boot.ts";
import { FakeSocket } from "../channels/whatsapp/_support.ts";

const config = await loadConfig();
const deps = await createDeps(config);
await runSeed(deps);
const app = createApp(deps);
startScheduler(deps);

const log = Deno.env.get("FAKE_WA_LOG");
const hold = !!Deno.env.get("FAKE_WA_HOLD");
if (log) {
  const { startWhatsappSessions: startWithFake } = await import("@/channels/whatsapp/session_manager.ts");
  await startWithFake(deps, {
    backoff: { baseMs: 30, maxMs: 200 },
    pacing: { gapMs: 0, jitterMs: 0, composingMs: 0 },
    socketFactory: ({ auth }) => {
      const sock = new FakeSocket(auth);
      const send = sock.sendMessage.bind(sock);
      sock.sendMessage = (jid, content, options = {}) => {
        const line = JSON.stringify({ instance: config.instanceId, jid, id: options.messageId, content });
        Deno.writeTextFileSync(log, line + "\n", { append: true });
        // WhatsApp has the message but its answer never comes back: the process dies meanwhile.
        if (hold) return new Promise<never>(() => {});
        return send(jid, content, options);
      };
      // The session manager subscribes right after the factory returns.
      setTimeout(() => sock.auth.creds.registered ? sock.open() : sock.linkAndOpen(), 0);
      return sock;
    },
  });
} else {
  startWhatsappSessions(deps).catch((err) => console.error("[wa] boot", err));
}

Deno.serve({
  port: config.port,
  hostname: "127.0.0.1",
  onListen: ({ port }) => console.log(`LISTENING ${port} ${config.instanceId}`),
}, app.fetch);
