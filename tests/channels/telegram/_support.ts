/**
 * Telegram test kit: the app pointed at the local Bot API server (TELEGRAM_API_URL), a company
 * whose admin adds a Telegram connection through POST /api/whatsapp (getMe + setWebhook happen
 * for real against the local server), and updates delivered to the real webhook endpoint with
 * the secret the app registered. Jobs are run by the test (no scheduler).
 */
import assert from "node:assert/strict";
import { runDueJobs } from "@/jobs/queue.ts";
import { createTestApp, startTestServer, type TestApp } from "../../_helpers/test_app.ts";
import { createCompany, login } from "../../_helpers/factories.ts";
import { startTelegramServer, type TelegramServer } from "../../_helpers/telegram_server.ts";
import type { Clock } from "@/lib/time.ts";
import { and, count, inArray, like } from "drizzle-orm";
import { jobs } from "@db/schema.ts";
import { PER_GROUP_MS } from "@/channels/telegram/outbound.ts";
import type { ManualClock } from "../../_helpers/clock.ts";

export const BOT_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0";
export const BOT = { id: 123456789, first_name: "Loja Atende", username: "loja_atende_bot" };

export type TgTest = {
  t: TestApp & { wsUrl?: string };
  tg: TelegramServer;
  admin: { token: string; user: Record<string, unknown> };
  companyId: number;
  connectionId: number;
  /** The secret_token the app registered with setWebhook. */
  secret: string;
  close(): Promise<void>;
};

export async function startTelegram(
  /** `server`: on a real port, for sockets (`wsUrl`). */
  o: { clock?: Clock; allowGroup?: boolean; env?: Record<string, string>; server?: boolean } = {},
): Promise<TgTest> {
  const tg = startTelegramServer();
  tg.bots.set(BOT_TOKEN, BOT);
  const opts = { env: { TELEGRAM_API_URL: tg.url, ...o.env }, scheduler: false, clock: o.clock };
  const t: TestApp & { wsUrl?: string } = o.server ? await startTestServer(opts) : await createTestApp(opts);
  const { company, admin } = await createCompany(t);
  const session = await login(t, admin);
  const res = await t.request("/api/whatsapp", {
    method: "POST",
    token: session.token,
    json: {
      name: "Telegram",
      channel: "telegram",
      telegramToken: BOT_TOKEN,
      allowGroup: o.allowGroup ?? false,
    },
  });
  assert.equal(res.status, 201, await res.clone().text());
  const conn = await res.json();
  const polling = o.env?.TELEGRAM_UPDATES === "polling";
  const secret = tg.webhooks.get(BOT_TOKEN)?.secret_token ?? "";
  if (!polling) assert.ok(secret, "setWebhook was called with a secret_token");
  return {
    t,
    tg,
    admin: session,
    companyId: company.id,
    connectionId: conn.id,
    secret,
    async close() {
      await t.close();
      await tg.close();
    },
  };
}

/** POSTs an update as Telegram does. `secret` null leaves the header out. */
export async function deliver(
  k: TgTest,
  update: unknown,
  secret: string | null = k.secret,
): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret !== null) headers["x-telegram-bot-api-secret-token"] = secret;
  return await k.t.request(`/api/webhooks/telegram/${k.connectionId}`, {
    method: "POST",
    headers,
    body: JSON.stringify(update),
  });
}

export async function deliverOk(k: TgTest, update: unknown): Promise<void> {
  const res = await deliver(k, update);
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
  await k.t.deps.bus.drain();
}

export async function runJobs(t: TestApp): Promise<void> {
  await runDueJobs(t.deps);
  await t.deps.bus.drain();
}

/**
 * Runs the queue until Telegram's lanes are empty, moving the test's clock on by a group's pace
 * whenever the only jobs left wait for their slot (the queue paces sends per chat and per bot).
 */
export async function runPaced(t: TestApp, clock: ManualClock, rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await runJobs(t);
    const [{ n }] = await t.deps.db.select({ n: count() }).from(jobs).where(and(
      like(jobs.name, "channels.telegram.%"),
      inArray(jobs.status, ["pending", "running"]),
    ));
    if (!n) return;
    clock.advance(PER_GROUP_MS);
  }
  throw new Error("Telegram's lanes did not empty");
}

export const fixture = async (name: string) =>
  JSON.parse(await Deno.readTextFile(new URL(`./fixtures/${name}`, import.meta.url)));

/** A fixture that is a Message, wrapped in an Update. */
export const asUpdate = (updateId: number, message: unknown, field = "message") => ({
  update_id: updateId,
  [field]: message,
});
