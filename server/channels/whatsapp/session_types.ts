/** The session manager's options, session record and status sets. */
import { DisconnectReason } from "baileys";
import type { ConnectionStatus } from "../adapter.ts";
import type { DbAuthState } from "./auth_state.ts";
import type { PacedQueue, Pacing } from "./outbound.ts";
import type { HistoryProgress, MediaDownloader, SocketFactory, WaSocket } from "./socket.ts";

export type SessionOptions = {
  socketFactory?: SocketFactory;
  download?: MediaDownloader;
  /** QR codes shown before the session gives up with TIMEOUT. */
  maxQrRetries?: number;
  backoff?: { baseMs: number; maxMs: number };
  leaseTtlMs?: number;
  renewMs?: number;
  pacing?: Pacing;
};

export type Opts = Required<SessionOptions>;

export type Session = {
  connectionId: number;
  companyId: number;
  sock: WaSocket | null;
  open: boolean;
  stopped: boolean;
  /** Reconnect attempts since the last open (backoff exponent). */
  attempt: number;
  /** QR codes shown since the last open. */
  retries: number;
  pairing: boolean;
  pairingCode?: string;
  reconnectTimer?: ReturnType<typeof setTimeout>;
  auth: DbAuthState;
  outbox: PacedQueue;
  groupNames: Map<string, string>;
  /** The connection has an import window: the socket asks for the history sync. */
  syncHistory: boolean;
  history?: HistoryProgress;
  control: Promise<unknown>;
  data: Promise<unknown>;
};

/** Statuses of a connection that should have a running session (boot and failover). */
export const RUNNING: ConnectionStatus[] = ["CONNECTED", "OPENING", "qrcode", "PAIRING"];
/** Closes after which the session stays down: the phone unlinked us, banned, or replaced. */
export const FATAL = new Set<number>([
  DisconnectReason.loggedOut,
  DisconnectReason.forbidden,
  DisconnectReason.multideviceMismatch,
]);

export type SessionAction = "start" | "newQr" | "logout";
