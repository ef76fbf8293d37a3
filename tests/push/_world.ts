/**
 * The push suites' world: the real app on a port (sockets report focus; no scheduler: each step runs the job queue itself), a local
 * push service, a company with one queue and an api connection, two attendants of that queue and
 * the admin, each with a subscribed device.
 */
import { startTestServer, type TestApp } from "../_helpers/test_app.ts";
import { createTenant, userOf } from "../_helpers/tenant.ts";
import { expectOk } from "../_helpers/http.ts";
import { type PushServer, startPushServer } from "../_helpers/push_server.ts";
import type { Clock } from "@/lib/time.ts";
import { runDueJobs } from "@/jobs/queue.ts";

export type Device = { id: string; endpoint: string };

export async function subscribeDevice(
  t: TestApp,
  push: PushServer,
  token: string,
  lang = "en",
): Promise<Device> {
  const sub = await push.subscribe();
  await expectOk(
    await t.request("/api/push/subscriptions", {
      method: "POST",
      token,
      json: { endpoint: sub.endpoint, keys: sub.keys, lang },
    }),
    204,
  );
  return sub;
}

export async function pushWorld(o: { clock?: Clock; settings?: Record<string, string> } = {}) {
  const t = await startTestServer({ scheduler: false, clock: o.clock });
  const push = startPushServer({ now: o.clock?.now });
  const w = await createTenant(t, {
    user: false,
    webhook: null,
    queues: [{ name: "Vendas" }],
    settings: o.settings,
  });
  const q = w.queues[0].id;
  const ana = await userOf(t, w.company.id, { name: "Ana Souza", profile: "user", queueIds: [q] });
  const bruno = await userOf(t, w.company.id, { name: "Bruno Lima", profile: "user", queueIds: [q] });
  const key = await expectOk<{ publicKey: string }>(await t.request("/api/push/key", { token: ana.token }));
  push.expectKey(key.publicKey);
  const devices = {
    ana: await subscribeDevice(t, push, ana.token),
    bruno: await subscribeDevice(t, push, bruno.token),
    admin: await subscribeDevice(t, push, w.adminToken),
  };
  /** Every listener done, then every queued job run: what the worker would do next. */
  const settle = async () => {
    await t.deps.bus.drain();
    await runDueJobs(t.deps);
  };
  return {
    t,
    push,
    w,
    ana,
    bruno,
    devices,
    settle,
    async close() {
      await push.close();
      await t.close();
    },
  };
}
