/**
 * What only the process running a connection's session can do: send through its socket (and
 * pacing queue), send read receipts, ask whether a number is on WhatsApp. The adapter calls these
 * directly when the session is here, and the owner runs them for other instances (relay.ts).
 */
import { generateMessageIDV2 } from "baileys";
import type { Deps } from "../../deps.ts";
import type { OutboundMessage, ReadReceipt, SendResult } from "../adapter.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { AppError } from "../../lib/errors.ts";
import { updateMessage } from "../../messages/repo.ts";
import { isWhatsappMessageId } from "../../messages/send_key.ts";
import { buildContent, resolveJid } from "./outbound.ts";
import type { Session } from "./session_types.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const notInitialized = () => new AppError("ERR_WAPP_NOT_INITIALIZED");

export async function sendHere(deps: Deps, s: Session, msg: OutboundMessage): Promise<SendResult> {
  const jid = await resolveJid(deps, msg);
  const { content, options } = await buildContent(deps, msg, jid);
  return await s.outbox.run(async () => {
    const sock = s.sock;
    if (!sock || !s.open || s.stopped) throw notInitialized();
    // The provider id is stored before sending, so the upsert echo is a duplicate and early
    // acks find the message. A dispatcher's send comes with its own WhatsApp id (send_key.ts), kept
    // so that sending it again after a crash is the same message, not a second one.
    const id = isWhatsappMessageId(msg.externalId) ? msg.externalId : generateMessageIDV2(sock.user?.id);
    if (id !== msg.externalId) {
      await deps.database.write((tx) => updateMessage(tx, msg.companyId, msg.messageId, { wid: id }));
    }
    const typing = "text" in content;
    if (typing) {
      await sock.sendPresenceUpdate("composing", jid).catch(() => undefined);
      await sleep(s.outbox.composingMs);
    }
    try {
      const sent = await sock.sendMessage(jid, content, { ...options, messageId: id });
      return { externalId: sent?.key.id ?? id, ack: 1 };
    } catch (err) {
      throw new AppError("ERR_SENDING_WAPP_MSG", { cause: err, details: { messageId: msg.messageId } });
    } finally {
      if (typing) sock.sendPresenceUpdate("paused", jid).catch(() => undefined);
    }
  });
}

export async function markReadHere(deps: Deps, s: Session, conn: ConnectionRow, receipt: ReadReceipt) {
  if (!s.sock || !s.open || s.stopped || !receipt.messages.length) return;
  const jid = await resolveJid(deps, { companyId: conn.companyId, to: receipt.to });
  await s.sock.readMessages(receipt.messages.map((m) => ({
    remoteJid: jid,
    id: m.externalId,
    fromMe: false,
    ...(receipt.to.isGroup && m.participant ? { participant: `${m.participant}@s.whatsapp.net` } : {}),
  })));
}

export async function checkNumberHere(s: Session, number: string): Promise<boolean> {
  if (!s.sock?.onWhatsApp) throw notInitialized();
  const [r] = (await s.sock.onWhatsApp(number)) ?? [];
  return !!r?.exists;
}
