/**
 * A fake Baileys socket (the event-emitter interface of makeWASocket's result: ev.on/ev.emit,
 * sendMessage, user, authState…) handed to the session manager through its socket factory, so
 * these suites feed Baileys' own event shapes and never touch the network.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import type { AuthenticationState, WAMessage } from "baileys";
import { contacts, messages, tickets, whatsapps } from "@db/schema.ts";
import type { AppEnv } from "@/lib/context.ts";
import { AppError } from "@/lib/errors.ts";
import { authenticate } from "@/auth/middleware.ts";
import type { SocketFactory, WaEvents, WaSocket } from "@/channels/whatsapp/socket.ts";
import { type SessionOptions, startWhatsappSessions } from "@/channels/whatsapp/session_manager.ts";
import { whatsappSessionRoutes } from "@/channels/whatsapp/routes.ts";
import type { TestApp } from "../../_helpers/test_app.ts";
import { createCompany, login } from "../../_helpers/factories.ts";

type Listener = (arg: unknown) => void;

export class FakeSocket implements WaSocket {
  #listeners = new Map<string, Listener[]>();
  ev = {
    on: <T extends keyof WaEvents>(event: T, fn: (arg: WaEvents[T]) => void) => {
      this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), fn as Listener]);
    },
    removeAllListeners: <T extends keyof WaEvents>(event: T) => void this.#listeners.delete(event),
    emit: <T extends keyof WaEvents>(event: T, arg: WaEvents[T]) => {
      for (const fn of this.#listeners.get(event) ?? []) fn(arg);
      return true;
    },
  };
  user: WaSocket["user"];
  sent: { jid: string; content: Record<string, unknown>; options: Record<string, unknown>; at: number }[] =
    [];
  presences: { type: string; jid?: string }[] = [];
  /** Keys of the read receipts sent (readMessages). */
  reads: { remoteJid?: string | null; id?: string | null; participant?: string | null }[] = [];
  rejected: { id: string; from: string }[] = [];
  pairingRequests: string[] = [];
  loggedOut = false;
  ended = false;
  readonly createdAt = Date.now();
  constructor(readonly auth: AuthenticationState) {}
  get authState() {
    return { creds: this.auth.creds };
  }
  sendMessage(jid: string, content: object, options: Record<string, unknown> = {}) {
    this.sent.push({ jid, content: content as Record<string, unknown>, options, at: Date.now() });
    const id = String(options.messageId ?? crypto.randomUUID());
    return Promise.resolve({ key: { id, remoteJid: jid, fromMe: true } } as WAMessage);
  }
  readMessages(keys: { remoteJid?: string | null; id?: string | null; participant?: string | null }[]) {
    this.reads.push(...keys);
    return Promise.resolve();
  }
  sendPresenceUpdate(type: string, jid?: string) {
    this.presences.push({ type, jid });
    return Promise.resolve();
  }
  rejectCall(id: string, from: string) {
    this.rejected.push({ id, from });
    return Promise.resolve();
  }
  requestPairingCode(phone: string) {
    this.pairingRequests.push(phone);
    return Promise.resolve("ABCD1234");
  }
  /** Numbers (digits) the fake WhatsApp says have no account; every number asked, in order. */
  unknownNumbers = new Set<string>();
  numberChecks: string[] = [];
  /** Set to make onWhatsApp fail (a session that dropped mid-check). */
  failChecks = false;
  onWhatsApp(...jids: string[]) {
    if (this.failChecks) return Promise.reject(new Error("Connection Closed"));
    return Promise.resolve(jids.map((j) => {
      const digits = j.replace(/\D/g, "");
      this.numberChecks.push(digits);
      return { jid: `${digits}@s.whatsapp.net`, exists: !this.unknownNumbers.has(digits) };
    }));
  }
  groupMetadata(jid: string) {
    return Promise.resolve({ id: jid, subject: "Equipe Vendas", participants: [] } as never);
  }
  updateMediaMessage(m: WAMessage) {
    return Promise.resolve(m);
  }
  logout() {
    this.loggedOut = true;
    return Promise.resolve();
  }
  end() {
    this.ended = true;
  }
  /** The phone scanned the QR: creds become registered and are saved, then the socket opens. */
  linkAndOpen(phone = "5511900000001") {
    this.auth.creds.registered = true;
    this.auth.creds.me = { id: `${phone}:3@s.whatsapp.net`, name: "Loja" };
    this.ev.emit("creds.update", { registered: true, me: this.auth.creds.me });
    this.open(phone);
  }
  open(phone = "5511900000001") {
    this.user = { id: `${phone}:3@s.whatsapp.net`, lid: "99900011@lid" };
    this.ev.emit("connection.update", { connection: "open" });
  }
  close(statusCode: number) {
    this.ev.emit("connection.update", {
      connection: "close",
      lastDisconnect: {
        error: Object.assign(new Error("closed"), { output: { statusCode } }),
        date: new Date(),
      },
    });
  }
}

export function fakeFactory() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = ({ auth }) => {
    const s = new FakeSocket(auth);
    sockets.push(s);
    return s;
  };
  return { factory, sockets, last: () => sockets.at(-1)! };
}

export const FAST: SessionOptions = {
  backoff: { baseMs: 30, maxMs: 200 },
  pacing: { gapMs: 0, jitterMs: 0, composingMs: 0 },
  download: () => Promise.resolve(new TextEncoder().encode("fake-media-bytes")),
};

/** Runs sessions in this test app with a fake socket factory. */
export async function runSessions(t: TestApp, o: SessionOptions = {}) {
  const fake = fakeFactory();
  const manager = await startWhatsappSessions(t.deps, { ...FAST, socketFactory: fake.factory, ...o });
  return { fake, manager };
}

/**
 * Resolves once the connection's session has handled every Baileys data event emitted so far: the
 * manager handles them one after another on one chain, so a test that checks that an event changed
 * nothing waits for this instead of for some milliseconds.
 */
export function handled(
  manager: { sessions: Map<number, { data: Promise<unknown> }> },
  connectionId: number,
) {
  const s = manager.sessions.get(connectionId);
  if (!s) throw new Error(`no session for connection ${connectionId}`);
  return s.data;
}

/** A company with a whatsapp connection row (DISCONNECTED, no session yet). */
export async function setupWa(t: TestApp, conn: Partial<typeof whatsapps.$inferInsert> = {}) {
  const { company, admin } = await createCompany(t, { plan: { useWhatsapp: true } });
  const [row] = await t.deps.database.write((tx) =>
    tx.insert(whatsapps).values({ companyId: company.id, name: "Celular", channel: "whatsapp", ...conn })
      .returning()
  );
  const { token } = await login(t, admin);
  return { company, admin, token, conn: row };
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

// Waits end as soon as the condition holds; the long limit is for a loaded machine, not the usual case.
export async function waitFor<T>(probe: () => Promise<T> | T, what: string, ms = 30_000): Promise<Truthy<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v as Truthy<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

export const connRow = async (t: TestApp, id: number) =>
  (await t.deps.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0];

export const messageByWid = async (t: TestApp, companyId: number, wid: string) =>
  (await t.deps.db.select().from(messages).where(
    and(eq(messages.companyId, companyId), eq(messages.wid, wid)),
  ))[0];

export const contactsOf = (t: TestApp, companyId: number) =>
  t.deps.db.select().from(contacts).where(eq(contacts.companyId, companyId));

export const ticketsOf = (t: TestApp, companyId: number) =>
  t.deps.db.select().from(tickets).where(eq(tickets.companyId, companyId));

/** Baileys' shape of an inbound message. */
export function waMessage(o: {
  id: string;
  jid: string;
  jidAlt?: string;
  participant?: string;
  participantAlt?: string;
  fromMe?: boolean;
  pushName?: string;
  message: WAMessage["message"];
  ts?: number;
}): WAMessage {
  return {
    key: {
      id: o.id,
      remoteJid: o.jid,
      remoteJidAlt: o.jidAlt,
      fromMe: !!o.fromMe,
      participant: o.participant,
      participantAlt: o.participantAlt,
    },
    message: o.message,
    pushName: o.pushName,
    messageTimestamp: o.ts ?? Math.floor(Date.now() / 1000),
  };
}

/** The session routes as the lead mounts them (under /api, behind authenticate). */
export function sessionApp(t: TestApp) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", t.deps);
    await next();
  });
  app.onError((err, c) => {
    if (err instanceof AppError) return c.json({ error: err.code, details: err.details }, err.status);
    console.error(err);
    return c.json({ error: "ERR_INTERNAL" }, 500);
  });
  app.use("/api/*", authenticate);
  app.route("/api", whatsappSessionRoutes);
  return (path: string, init: { method?: string; token?: string; json?: unknown } = {}) =>
    app.request(path, {
      method: init.method ?? "GET",
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
}

export async function expectStatus(res: Response, status: number, code?: string) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  const b = text ? JSON.parse(text) : null;
  if (code) assert.equal(b?.error, code, text);
  return b;
}
