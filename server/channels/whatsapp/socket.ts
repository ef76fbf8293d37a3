/**
 * The part of Baileys' socket that Atende uses, so tests can hand the session manager a fake
 * with the same event-emitter interface (DESIGN §7; never the network in tests). The real
 * `makeWASocket` result satisfies it (checked by `defaultSocketFactory` below).
 */
import makeWASocket, {
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventMap,
  Browsers,
  downloadMediaMessage,
  type GroupMetadata,
  isLidUser,
  isPnUser,
  jidDecode,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
} from "baileys";
import type { Deps } from "../../deps.ts";

export type WaEvents = BaileysEventMap;
/** Baileys' logger shape (pino's), not exported by name. */
export type ILogger = NonNullable<Parameters<typeof makeWASocket>[0]["logger"]>;

export type WaSocket = {
  ev: {
    on<T extends keyof WaEvents>(event: T, listener: (arg: WaEvents[T]) => void): void;
    removeAllListeners<T extends keyof WaEvents>(event: T): void;
  };
  user?: { id: string; lid?: string; name?: string } | undefined;
  authState: { creds: { registered?: boolean } };
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  groupMetadata(jid: string): Promise<GroupMetadata>;
  /** Optional in fakes: whether numbers have a WhatsApp account (campaign number checks). */
  onWhatsApp?(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void> | void;
};

/** `syncHistory`: the connection imports old messages (history sync on, spec 2 §3 importOldMessages). */
export type SocketFactory = (
  opts: { auth: AuthenticationState; logger: ILogger; syncHistory?: boolean },
) => WaSocket;

/** Fetches an inbound message's media; injectable because the real one downloads from WhatsApp. */
export type MediaDownloader = (msg: WAMessage, sock: WaSocket, logger: ILogger) => Promise<Uint8Array>;

export const defaultSocketFactory: SocketFactory = ({ auth, logger, syncHistory }) =>
  makeWASocket({
    auth,
    logger,
    browser: Browsers.ubuntu("Atende"),
    markOnlineOnConnect: false,
    // With an import window the phone is asked for the full history (WhatsApp sends it only when
    // a device is linked); every chunk arrives as `messaging-history.set` (history.ts).
    syncFullHistory: !!syncHistory,
    shouldSyncHistoryMessage: () => !!syncHistory,
  }) satisfies WaSocket;

export const defaultDownloader: MediaDownloader = async (msg, sock, logger) =>
  new Uint8Array(
    await downloadMediaMessage(msg, "buffer", {}, { logger, reuploadRequest: sock.updateMediaMessage }),
  );

/** A quiet logger in Baileys' (pino's) shape: warnings and errors only. */
export function waLogger(tag: string): ILogger {
  const log: ILogger = {
    level: "warn",
    child: () => log,
    trace: () => {},
    debug: () => {},
    info: () => {},
    warn: (o: unknown, m?: string) => console.warn(`[wa ${tag}]`, m ?? "", o),
    error: (o: unknown, m?: string) => console.error(`[wa ${tag}]`, m ?? "", o),
  };
  return log;
}

/** Digits of a user jid ("5511…@s.whatsapp.net:2" → "5511…"). */
export const jidUser = (jid: string | null | undefined) => jidDecode(jid ?? undefined)?.user ?? "";

/**
 * One person from a jid and its v7 alternate (remoteJidAlt / participantAlt): the phone number
 * when known, and the @lid identity, so a number and its @lid id stay one contact.
 */
export function identity(jid: string | null | undefined, alt: string | null | undefined) {
  const ids = [jid, alt].filter((j): j is string => !!j);
  const pn = ids.find((j) => isPnUser(j));
  const lid = ids.find((j) => isLidUser(j));
  const lidJid = lid ? `${jidUser(lid)}@lid` : undefined;
  return { number: jidUser(pn ?? lid), lid: lidJid, jid: pn ?? lid ?? jid ?? "" };
}

/** Where a contact's messages go: its stored jid, the group, its @lid id when no phone is known. */
export function targetJid(
  to: { number: string; isGroup: boolean; remoteJid?: string | null },
  lid?: string | null,
) {
  if (to.remoteJid) return to.remoteJid;
  if (to.isGroup) return `${to.number}@g.us`;
  if (lid && jidUser(lid) === to.number) return lid;
  return `${to.number}@s.whatsapp.net`;
}

export type HistoryProgress = { processed: number; total: number; started: boolean; finished: boolean };

/** What the event handlers of one session get. */
export type WaContext = {
  deps: Deps;
  session: {
    connectionId: number;
    companyId: number;
    groupNames: Map<string, string>;
    /** Progress of this session's history import (history.ts). */
    history?: HistoryProgress;
  };
  sock: WaSocket;
  logger: ILogger;
  download: MediaDownloader;
};
