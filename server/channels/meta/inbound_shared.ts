/** Helpers shared by the Cloud API and Messenger/Instagram webhook handlers. */
import type { Deps } from "../../deps.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { isNotFound } from "../../lib/errors.ts";
import { findMessageByWid } from "../../messages/repo.ts";
import { receiveAck, receiveEdit } from "../../inbox/updates.ts";

/** Attempts after which a missing message (an ack racing our own send) is given up on. */
const RETRIES_FOR_MISSING = 3;

export type Ctx = { deps: Deps; conn: ConnectionRow; attempts: number };

export { isNotFound };

/** True when the provider id is already stored (skip the media download of a redelivery). */
export const alreadyStored = async (ctx: Ctx, wid: string) =>
  !!(await findMessageByWid(ctx.deps.db, ctx.conn.companyId, wid));

/**
 * An ack for one of our messages. Meta can report `sent` before sendOnTicket has stored the
 * provider id, so a missing message is retried (the job backs off) a few times, then dropped.
 */
export async function ackOf(ctx: Ctx, wid: string, ack: number): Promise<void> {
  try {
    await receiveAck(ctx.deps, ctx.conn, wid, ack);
  } catch (err) {
    if (!isNotFound(err) || ctx.attempts >= RETRIES_FOR_MISSING) return;
    throw err;
  }
}

/** An edit of a message we may not have (sent before the connection existed): ignored then. */
export async function editOf(ctx: Ctx, wid: string, body: string): Promise<void> {
  await receiveEdit(ctx.deps, ctx.conn, wid, body).catch((err) => {
    if (!isNotFound(err)) throw err;
  });
}

/** Provider timestamps never put a message in the future. */
export const clampTime = (deps: Deps, ms: number | undefined) =>
  ms && Number.isFinite(ms) ? new Date(Math.min(ms, deps.clock.now().getTime())) : undefined;
