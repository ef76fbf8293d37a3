/**
 * The world of the kill -9 tests: one data directory shared by the test (which writes the setup
 * and reads the outcome through its own app on the same database, scheduler off) and real server
 * processes (tests/fleet/_instance.ts) that run the dispatchers, the job queue and the WhatsApp
 * test double. "WhatsApp" is the double's log of every message it was handed, from every process,
 * including the killed one; a local Cloud API stands in for Meta and can hold its answers.
 */
import { and, eq } from "drizzle-orm";
import { companies, contactListItems, contacts, leases, messages, whatsapps } from "@db/schema.ts";
import { seedList, setCampaignSettings } from "../campaigns/_support.ts";
import { expectOk } from "../_helpers/http.ts";
import { createTestApp, type TestApp } from "../_helpers/test_app.ts";
import { createCompany, login } from "../_helpers/factories.ts";
import { type Instance, type Json, spawnInstance, until } from "../fleet/_fleet.ts";

export { until };

/**
 * The bound of a wait on the restarted process (its boot, the lease, a retry after a send that met
 * the session not yet open: 30 s for a schedule, 60 s for a shipment). Each wait ends as soon as its
 * condition holds; the bound only turns a hang into a failure.
 */
export const LONG_WAIT_MS = 150_000;

export type WaSend = { instance: string; jid: string; id: string; content: { text?: string } };

export type CrashWorld = {
  t: TestApp;
  companyId: number;
  token: string;
  log: string;
  /** Starts a server process on the world's data; `hold`: WhatsApp never answers its sends. */
  spawn(o?: { hold?: boolean; env?: Record<string, string> }): Promise<Instance>;
  /** kill -9, then the dead holder's leases lapse at once (as they would after LEASE_TTL_MS). */
  kill(p: Instance): Promise<void>;
  /** What reached the WhatsApp double, in order. */
  waSends(): Promise<WaSend[]>;
  close(): Promise<void>;
};

/** A UTC offset zone in which it is now about noon: campaign hours never end during a test. */
export function noonZone(now = new Date()): string {
  const x = now.getUTCHours() - 12;
  return `Etc/GMT${x >= 0 ? "+" : "-"}${Math.abs(x)}`;
}

export async function crashWorld(): Promise<CrashWorld> {
  const dataDir = await Deno.makeTempDir({ prefix: "atende-crash-" });
  const log = `${dataDir}/wa-sent.jsonl`;
  await Deno.writeTextFile(log, "");
  const t = await createTestApp({ dataDir, scheduler: false });
  const { company, admin } = await createCompany(t, {
    plan: { useWhatsapp: true, useCampaigns: true, useSchedules: true, useIntegrations: true },
  });
  await t.deps.database.write((tx) =>
    tx.update(companies).set({ timezone: noonZone() }).where(eq(companies.id, company.id))
  );
  const { token } = await login(t, admin);
  const procs: Instance[] = [];
  return {
    t,
    companyId: company.id,
    token,
    log,
    async spawn(o = {}) {
      const p = await spawnInstance({
        DATA_DIR: dataDir,
        FAKE_WA_LOG: log,
        LEASE_TTL_MS: "1500",
        ...(o.hold ? { FAKE_WA_HOLD: "1" } : {}),
        ...o.env,
      });
      procs.push(p);
      return p;
    },
    async kill(p) {
      await p.kill();
      await t.deps.database.write((tx) => tx.delete(leases).where(eq(leases.holder, p.id)));
    },
    async waSends() {
      return (await Deno.readTextFile(log)).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
    },
    async close() {
      for (const p of procs) await p.kill();
      await t.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => undefined);
    },
  };
}

/** A WhatsApp (Baileys) line that the double opens in whichever process runs it. */
export async function waConnection(t: TestApp, companyId: number) {
  const [conn] = await t.deps.database.write((tx) =>
    tx.insert(whatsapps).values({ companyId, name: "Celular", channel: "whatsapp", status: "CONNECTED" })
      .returning()
  );
  return conn;
}

/**
 * What the customer's phone shows: one message per id. WhatsApp keys a message by its id, so the
 * same id handed over twice (a re-send after a crash) is one message on the phone.
 */
export const phoneShows = (sends: WaSend[], jid: string) => [
  ...new Map(sends.filter((s) => s.jid === jid).map((s) => [s.id, s.content.text])).values(),
];

/**
 * A local WhatsApp Cloud API (`POST /{version}/{phone-number-id}/messages`, Meta's answer shape).
 * While `holding`, a send is recorded and its answer held back: the caller has handed the message
 * over and is waiting when the test kills it.
 */
export function cloudApi() {
  const sends: Record<string, unknown>[] = [];
  const held: (() => void)[] = [];
  let holding = true;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || !/^\/v\d+\.\d+\/\d+\/messages$/.test(url.pathname)) {
      return Response.json({ error: { message: "Unsupported request", code: 100 } }, { status: 400 });
    }
    const body = await req.json();
    sends.push(body);
    const answer = () =>
      Response.json({
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.TEST${sends.length}` }],
      });
    if (!holding) return answer();
    return await new Promise<Response>((resolve) => held.push(() => resolve(answer())));
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    sends,
    release() {
      holding = false;
      for (const f of held.splice(0)) f();
    },
    async close() {
      this.release();
      await server.shutdown();
    },
  };
}

/** The customer of every crash test. */
export const NUMBER = "5511977770001";
export const JID = `${NUMBER}@s.whatsapp.net`;

export async function contactOf(w: CrashWorld, channel: "whatsapp" | "whatsappapi") {
  const [c] = await w.t.deps.database.write((tx) =>
    tx.insert(contacts).values({ companyId: w.companyId, name: "Maria", number: NUMBER, channel }).returning()
  );
  return c;
}

/** The company's outbound messages (what was stored to send). */
export const ourMessages = (w: CrashWorld) =>
  w.t.deps.db.select().from(messages).where(
    and(eq(messages.companyId, w.companyId), eq(messages.fromMe, true)),
  );

/**
 * A campaign to the customer alone, starting in half a second, sending at any hour of any day with
 * no pause (the company's zone puts now at noon).
 */
export async function startingCampaign(
  w: CrashWorld,
  o: { whatsappId: number; name: string; message: string },
): Promise<Json> {
  await setCampaignSettings(w.t, w.token, {
    startHour: "00:00",
    endHour: "23:59",
    sabado: true,
    domingo: true,
    messageInterval: 0,
  });
  const list = await seedList(w.t, w.companyId, 0, "Clientes");
  await w.t.deps.database.write((tx) =>
    tx.insert(contactListItems).values({
      companyId: w.companyId,
      contactListId: list.id,
      name: "Maria",
      number: NUMBER,
    })
  );
  return await expectOk<Json>(
    await w.t.request("/api/campaigns", {
      method: "POST",
      token: w.token,
      json: {
        name: o.name,
        message1: o.message,
        contactListId: list.id,
        whatsappId: o.whatsappId,
        scheduledAt: new Date(Date.now() + 500).toISOString(),
      },
    }),
    201,
  );
}
