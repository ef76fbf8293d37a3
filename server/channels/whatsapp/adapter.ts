/**
 * The `whatsapp` channel (Baileys). connect starts the session (QR or pairing code), disconnect
 * logs it out; send goes through the owning process's socket and its pacing queue. On an instance
 * that does not run the session, send, markRead and checkNumber are relayed to the one that does
 * (the live holder of its lease, relay.ts); with no owner they answer ERR_WAPP_NOT_INITIALIZED.
 */
import type { ChannelAdapter } from "../adapter.ts";
import { setConnectionStatus } from "../../connections/status.ts";
import { clearAuthState } from "./auth_state.ts";
import { managerFor } from "./session_manager.ts";
import { checkNumberHere, markReadHere, sendHere } from "./local.ts";
import { checkNumberViaOwner, markReadViaOwner, sendViaOwner } from "./relay.ts";
import { fetchMediaHere } from "./media.ts";

export const whatsappAdapter: ChannelAdapter = {
  kind: "whatsapp",
  resendsSafely: true,
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
    if (!receipt.messages.length) return;
    const s = managerFor(deps)?.openSession(conn.id);
    if (s) return await markReadHere(deps, s, conn, receipt);
    // Best effort: blue ticks are not worth an error when no instance runs the session.
    if (deps.rpc.remote) await markReadViaOwner(deps, conn, receipt).catch(() => undefined);
  },
  async checkNumber(deps, conn, number) {
    const s = managerFor(deps)?.openSession(conn.id);
    return s ? await checkNumberHere(s, number) : await checkNumberViaOwner(deps, conn, number);
  },
  /** Media an arrival could not download, again, through the session's socket (media.ts). */
  fetchMedia: (deps, conn, source) => fetchMediaHere(deps, conn, source),
  async send(deps, msg) {
    const s = managerFor(deps)?.openSession(msg.connection.id);
    return s ? await sendHere(deps, s, msg) : await sendViaOwner(deps, msg);
  },
};
