/**
 * The `whatsapp` channel (Baileys). connect starts the session (QR or pairing code), disconnect
 * logs it out; send goes through the owning process's socket and its pacing queue. A process
 * that does not run the session answers ERR_WAPP_NOT_INITIALIZED (sends are not relayed).
 * markRead sends read receipts (blue ticks) when an attendant reads a ticket, from the process
 * that owns the session (elsewhere it is skipped: relaying is the fleet's work).
 */
import { generateMessageIDV2 } from "baileys";
import type { ChannelAdapter } from "../adapter.ts";
import { AppError } from "../../lib/errors.ts";
import { updateMessage } from "../../messages/repo.ts";
import { setConnectionStatus } from "../../connections/status.ts";
import { clearAuthState } from "./auth_state.ts";
import { buildContent, resolveJid } from "./outbound.ts";
import { managerFor } from "./session_manager.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const notInitialized = () => new AppError("ERR_WAPP_NOT_INITIALIZED");

export const whatsappAdapter: ChannelAdapter = {
  kind: "whatsapp",
  async connect(deps, conn) {
    // Only processes that run sessions (startWhatsappSessions) open sockets.
    await managerFor(deps)?.command(conn, "start");
  },
  async disconnect(deps, conn) {
    const m = managerFor(deps);
    if (m) return void await m.command(conn, "logout");
    await clearAuthState(deps.database, conn.id);
    await setConnectionStatus(deps, conn, "DISCONNECTED", { qrcode: "", retries: 0 });
  },
  async markRead(deps, conn, receipt) {
    const s = managerFor(deps)?.openSession(conn.id);
    if (!s?.sock || !s.open || s.stopped || !receipt.messages.length) return;
    const jid = await resolveJid(deps, { companyId: conn.companyId, to: receipt.to });
    await s.sock.readMessages(receipt.messages.map((m) => ({
      remoteJid: jid,
      id: m.externalId,
      fromMe: false,
      ...(receipt.to.isGroup && m.participant ? { participant: `${m.participant}@s.whatsapp.net` } : {}),
    })));
  },
  async checkNumber(deps, conn, number) {
    const sock = managerFor(deps)?.openSession(conn.id)?.sock;
    if (!sock?.onWhatsApp) throw notInitialized();
    const [r] = (await sock.onWhatsApp(number)) ?? [];
    return !!r?.exists;
  },
  async send(deps, msg) {
    const s = managerFor(deps)?.openSession(msg.connection.id);
    if (!s) throw notInitialized();
    const jid = await resolveJid(deps, msg);
    const { content, options } = await buildContent(deps, msg, jid);
    return await s.outbox.run(async () => {
      const sock = s.sock;
      if (!sock || !s.open || s.stopped) throw notInitialized();
      // The provider id is stored before sending, so the upsert echo is a duplicate and early
      // acks find the message.
      const id = generateMessageIDV2(sock.user?.id);
      await deps.database.write((tx) => updateMessage(tx, msg.companyId, msg.messageId, { wid: id }));
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
  },
};
