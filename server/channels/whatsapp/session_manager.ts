/**
 * WhatsApp sessions (DESIGN §7): one Baileys socket per connection, in exactly one process. The
 * lease `wa:{connectionId}` (renewed every 10 s) decides which; a process that loses it drops its
 * socket, and a lapsed lease (dead holder) is taken over by the next tick of another instance.
 * A process runs sessions only after `startWhatsappSessions` (main.ts); the socket factory and
 * the media downloader are injectable so tests drive a fake socket, never the network.
 */
import QRCode from "qrcode";
import { type ConnectionState, DisconnectReason } from "baileys";
import { and, eq, inArray } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionStatus } from "../adapter.ts";
import { type ConnectionRow, findConnection, unscopedFindConnectionById } from "../../connections/repo.ts";
import { setConnectionStatus, updateSession } from "../../connections/status.ts";
import { acquireLease, releaseLease } from "../../jobs/lease.ts";
import { clearAuthState, useDbAuthState } from "./auth_state.ts";
import { AppError } from "../../lib/errors.ts";
import { DEFAULT_PACING, PacedQueue } from "./outbound.ts";
import { defaultDownloader, defaultSocketFactory, jidUser, waLogger, type WaSocket } from "./socket.ts";
import {
  FATAL,
  type Opts,
  RUNNING,
  type Session,
  type SessionAction,
  type SessionOptions,
} from "./session_types.ts";
import { handleUpsert } from "./inbound.ts";
import { handleMessageUpdates, handleReceipts } from "./acks.ts";
import { handleCalls } from "./calls.ts";
import { handleHistorySet, handleHistoryStatus } from "./history.ts";
import { followPhonebook, savePhonebook } from "./phonebook.ts";
import { commandViaOwner, leaseName, serveRelay } from "./relay.ts";

export type { Session, SessionAction, SessionOptions };

const managers = new Map<Deps, SessionManager>();
export { leaseName };

export class SessionManager {
  readonly sessions = new Map<number, Session>();
  readonly opts: Opts;
  #tick?: ReturnType<typeof setInterval>;
  #ticking?: Promise<void>;
  #closed = false;
  #holder: string;

  constructor(readonly deps: Deps, o: SessionOptions = {}) {
    this.#holder = deps.config.instanceId;
    this.opts = {
      socketFactory: o.socketFactory ?? defaultSocketFactory,
      download: o.download ?? defaultDownloader,
      maxQrRetries: o.maxQrRetries ?? 6,
      backoff: o.backoff ?? { baseMs: 2000, maxMs: 60_000 },
      leaseTtlMs: o.leaseTtlMs ?? deps.config.leaseTtlMs,
      renewMs: o.renewMs ?? Math.max(100, Math.floor(deps.config.leaseTtlMs / 3)),
      pacing: o.pacing ?? DEFAULT_PACING,
    };
    serveRelay(deps, this);
  }

  /** Starts the sessions that should run and keeps the leases. */
  async boot(): Promise<void> {
    await this.tick();
    this.#tick = setInterval(() => {
      if (this.#ticking) return;
      this.#ticking = this.tick().catch((e) => console.error("[wa] lease tick", e))
        .finally(() => this.#ticking = undefined);
    }, this.opts.renewMs);
  }

  /** Renews owned leases (dropping sockets whose lease is lost) and takes over orphaned sessions. */
  async tick(): Promise<void> {
    for (const s of [...this.sessions.values()]) {
      if (this.#closed) return;
      if (!await this.#lease(s.connectionId)) await this.#drop(s);
    }
    const rows = await this.deps.db.select().from(whatsapps)
      .where(and(eq(whatsapps.channel, "whatsapp"), inArray(whatsapps.status, RUNNING)));
    for (const conn of rows) {
      if (this.#closed) return;
      if (!this.sessions.has(conn.id)) await this.start(conn).catch((e) => console.error("[wa] start", e));
    }
  }

  /** True when this process runs the session now; false when another process holds its lease. */
  async start(conn: ConnectionRow, o: { pairing?: boolean } = {}): Promise<boolean> {
    if (this.#closed) return false;
    if (!await this.#lease(conn.id)) return false;
    const old = this.sessions.get(conn.id);
    if (old) await this.#drop(old);
    const s: Session = {
      connectionId: conn.id,
      companyId: conn.companyId,
      sock: null,
      open: false,
      stopped: false,
      attempt: 0,
      retries: 0,
      pairing: !!o.pairing && !!conn.number,
      auth: await useDbAuthState(this.deps.database, conn.companyId, conn.id),
      outbox: new PacedQueue(this.opts.pacing),
      groupNames: new Map(),
      syncHistory: !!conn.importOldMessages,
      control: Promise.resolve(),
      data: Promise.resolve(),
    };
    this.sessions.set(conn.id, s);
    await this.#status(s, "OPENING", { qrcode: "", retries: 0 });
    this.#connect(s);
    return true;
  }

  /** Ends this process's session; `logout` unlinks the device and forgets the auth state. */
  async stop(connectionId: number, o: { logout?: boolean; status?: ConnectionStatus } = {}): Promise<void> {
    const s = this.sessions.get(connectionId);
    if (s) await this.#drop(s, o.logout);
    if (o.logout) await clearAuthState(this.deps.database, connectionId);
    if (o.status) {
      const conn = await this.#conn(connectionId);
      if (conn) await setConnectionStatus(this.deps, conn, o.status, { qrcode: "", retries: 0 });
    }
    await releaseLease(this.deps.database, leaseName(connectionId), this.#holder).catch(() => undefined);
  }

  /**
   * A session command of the connections page. Runs here when this process owns the session or
   * wins its lease; otherwise the owner runs it (relay.ts), and an absent owner is an error.
   */
  async command(
    conn: ConnectionRow,
    action: SessionAction,
    o: { pairing?: boolean; relayed?: boolean } = {},
  ): Promise<"local" | "relayed"> {
    const mine = this.sessions.has(conn.id) || await this.#lease(conn.id);
    if (!mine) {
      // A relayed command lands on the lease holder; if it lost the lease meanwhile, do not bounce.
      if (o.relayed) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { message: "session moved" });
      await commandViaOwner(this.deps, conn, action, !!o.pairing);
      return "relayed";
    }
    if (action === "logout") await this.stop(conn.id, { logout: true, status: "DISCONNECTED" });
    else {
      if (action === "newQr") {
        // Keep the lease: drop the socket, forget the creds, start over.
        const old = this.sessions.get(conn.id);
        if (old) await this.#drop(old);
        await clearAuthState(this.deps.database, conn.id);
      }
      await this.start(conn, o);
    }
    return "local";
  }

  async stopAll(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#tick);
    await this.#ticking;
    const all = [...this.sessions.values()];
    for (const s of all) await this.stop(s.connectionId);
    // Let event handlers already running finish before the database goes away.
    await Promise.all(all.flatMap((s) => [s.control, s.data]));
  }

  /** The open session of a connection in this process. */
  openSession(connectionId: number): Session | null {
    const s = this.sessions.get(connectionId);
    return s && s.open && s.sock && !s.stopped ? s : null;
  }

  #lease = (id: number) =>
    acquireLease(
      this.deps.database,
      leaseName(id),
      this.#holder,
      this.opts.leaseTtlMs,
      this.deps.clock.now(),
    );

  #conn = (id: number) => unscopedFindConnectionById(this.deps.db, id);

  async #status(s: Session, status: ConnectionStatus, extra: Parameters<typeof setConnectionStatus>[3] = {}) {
    // A deleted connection matches no row: nothing is written or published.
    if (!s.stopped) {
      await updateSession(this.deps, { id: s.connectionId, companyId: s.companyId }, { status, ...extra });
    }
  }

  async #drop(s: Session, logout = false): Promise<void> {
    s.stopped = true;
    s.open = false;
    clearTimeout(s.reconnectTimer);
    s.outbox.close();
    if (this.sessions.get(s.connectionId) === s) this.sessions.delete(s.connectionId);
    const sock = s.sock;
    s.sock = null;
    if (!sock) return;
    try {
      if (logout) await sock.logout();
      else await sock.end(undefined);
    } catch { /* already closed */ }
  }

  #connect(s: Session): void {
    if (s.stopped) return;
    const logger = waLogger(`${s.connectionId}`);
    const sock = this.opts.socketFactory({ auth: s.auth.state, logger, syncHistory: s.syncHistory });
    s.sock = sock;
    const ctx = { deps: this.deps, session: s, sock, logger, download: this.opts.download };
    const control = (fn: () => Promise<unknown>) => {
      s.control = s.control.then(() => (s.stopped || s.sock !== sock) ? undefined : fn())
        .catch((e) => console.error(`[wa ${s.connectionId}]`, e));
    };
    const data = (fn: () => Promise<unknown>) => {
      s.data = s.data.then(() => s.stopped ? undefined : fn()).catch((e) =>
        console.error(`[wa ${s.connectionId}]`, e)
      );
    };
    sock.ev.on("creds.update", () => control(() => s.auth.saveCreds()));
    sock.ev.on("connection.update", (u) => control(() => this.#onConnection(s, sock, u)));
    sock.ev.on("messages.upsert", (u) => data(() => handleUpsert(ctx, u)));
    sock.ev.on("messages.update", (u) => data(() => handleMessageUpdates(ctx, u)));
    sock.ev.on("message-receipt.update", (u) => data(() => handleReceipts(ctx, u)));
    sock.ev.on("call", (calls) => data(() => handleCalls(ctx, calls)));
    sock.ev.on("messaging-history.set", (h) => data(() => handleHistorySet(ctx, h)));
    sock.ev.on("messaging-history.status", (h) => data(() => handleHistoryStatus(ctx, h)));
    followPhonebook(
      sock,
      (cs) => data(() => savePhonebook(this.deps.database, s.companyId, s.connectionId, cs)),
    );
  }

  async #onConnection(s: Session, sock: WaSocket, update: Partial<ConnectionState>) {
    if (update.qr) {
      const conn = await findConnection(this.deps.db, s.companyId, s.connectionId);
      if (s.pairing && conn?.number && !sock.authState.creds.registered) {
        if (s.pairingCode) return;
        s.pairingCode = await sock.requestPairingCode(conn.number.replace(/\D/g, ""));
        await this.#status(s, "PAIRING", { qrcode: s.pairingCode, retries: 0 });
        return;
      }
      s.retries++;
      if (s.retries > this.opts.maxQrRetries) return await this.stop(s.connectionId, { status: "TIMEOUT" });
      const qrcode = await QRCode.toDataURL(update.qr);
      await this.#status(s, "qrcode", { qrcode, retries: s.retries });
    }
    if (update.connection === "open") {
      s.open = true;
      s.attempt = 0;
      s.retries = 0;
      s.pairingCode = undefined;
      await this.#status(s, "CONNECTED", {
        qrcode: "",
        retries: 0,
        number: jidUser(sock.user?.id) || undefined,
      });
    }
    if (update.connection === "close") {
      s.open = false;
      s.sock = null;
      const code = (update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output
        ?.statusCode;
      if (code !== undefined && FATAL.has(code)) {
        // The phone unlinked us (or the number is banned): the creds are dead, a new QR is needed.
        await this.#drop(s);
        await clearAuthState(this.deps.database, s.connectionId);
        return await this.stop(s.connectionId, { status: "DISCONNECTED" });
      }
      if (code === DisconnectReason.connectionReplaced) {
        // Another client took the session over: reconnecting would fight it.
        await this.stop(s.connectionId, { status: "DISCONNECTED" });
        return;
      }
      const { baseMs, maxMs } = this.opts.backoff;
      const delay = code === DisconnectReason.restartRequired && s.attempt === 0
        ? 0
        : Math.min(maxMs, baseMs * 2 ** s.attempt) * (0.8 + Math.random() * 0.4);
      s.attempt++;
      await this.#status(s, "OPENING");
      s.reconnectTimer = setTimeout(() => this.#connect(s), delay);
    }
  }
}

/** The manager of a process that runs sessions (after startWhatsappSessions), else null. */
export const managerFor = (deps: Deps): SessionManager | null => managers.get(deps) ?? null;

/** Boot: runs every WhatsApp session this process wins the lease of, and keeps taking over lapsed ones. */
export async function startWhatsappSessions(deps: Deps, o: SessionOptions = {}): Promise<SessionManager> {
  let m = managers.get(deps);
  if (!m) managers.set(deps, m = new SessionManager(deps, o));
  await m.boot();
  return m;
}

/** Shutdown: closes this process's sockets (no logout) and releases their leases. */
export async function stopWhatsappSessions(deps?: Deps): Promise<void> {
  for (const [d, m] of [...managers]) {
    if (deps && d !== deps) continue;
    managers.delete(d);
    await m.stopAll();
  }
}
