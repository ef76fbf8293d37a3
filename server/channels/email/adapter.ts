/**
 * The e-mail channel: a support mailbox read over IMAP and answered over SMTP.
 *  - connect: logs in to IMAP and opens the folder — CONNECTED, or DISCONNECTED with the server's
 *    answer as `last_error` — then restarts this process's watcher of the mailbox if it holds it
 *    (watcher.ts: the lease holder waits in IDLE, polls as the fallback, and syncs: sync.ts);
 *  - disconnect: DISCONNECTED (the watcher lets go at its next round);
 *  - send: queued (outbound.ts); SMTP's acceptance sets the ack, a refusal the bubble's error.
 */
import type { ChannelAdapter } from "../adapter.ts";
import { updateSession } from "../../connections/status.ts";
import { closeImap, openImap } from "./imap.ts";
import { enqueueSend } from "./outbound.ts";
import { emailWatchers } from "./watcher.ts";

export const emailAdapter: ChannelAdapter = {
  kind: "email",
  async connect(deps, conn) {
    try {
      const client = await openImap(deps, conn);
      try {
        const lock = await client.getMailboxLock(conn.emailSettings?.imapFolder || "INBOX");
        lock.release();
      } finally {
        await closeImap(client);
      }
      await updateSession(deps, conn, { status: "CONNECTED", lastError: null });
      await emailWatchers(deps)?.restart(conn.id);
    } catch (err) {
      const message = (err as { responseText?: string }).responseText || (err as Error).message;
      console.warn(`[email] connection ${conn.id} could not connect:`, message);
      await updateSession(deps, conn, { status: "DISCONNECTED", lastError: String(message).slice(0, 500) });
    }
  },
  async disconnect(deps, conn) {
    await updateSession(deps, conn, { status: "DISCONNECTED" });
  },
  async send(deps, msg) {
    await enqueueSend(deps, msg);
    return { externalId: msg.externalId, ack: 0, pending: true };
  },
};
