/**
 * Session work that another instance asks of the one running the session. The owner
 * is the live holder of the lease `wa:{connectionId}`; calls travel over server/fleet/rpc.ts. A
 * message crosses without its connection row: the owner reads it again, scoped by company.
 */
import type { Deps } from "../../deps.ts";
import type { OutboundMessage, ReadReceipt, SendResult } from "../adapter.ts";
import { type ConnectionRow, findConnection } from "../../connections/repo.ts";
import { leaseHolder } from "../../jobs/lease.ts";
import { noOwner } from "../../fleet/rpc.ts";
import { notFound } from "../../lib/errors.ts";
import type { Session, SessionAction } from "./session_types.ts";
import { checkNumberHere, markReadHere, notInitialized, sendHere } from "./local.ts";

export const leaseName = (connectionId: number) => `wa:${connectionId}`;

type Wire = { companyId: number; connectionId: number };
type SendArgs = Wire & { msg: Omit<OutboundMessage, "connection"> };
type ReadArgs = Wire & { receipt: ReadReceipt };
type CheckArgs = Wire & { number: string };
export type CommandArgs = Wire & { action: SessionAction; pairing: boolean };

/** The instance that runs the session of `conn` now; errors when none does (or it is this one). */
async function owner(deps: Deps, conn: { id: number }): Promise<string> {
  // One instance (no REDIS_URL): nobody to relay to, the answer stays what it always was.
  if (!deps.rpc.remote) throw notInitialized();
  const holder = await leaseHolder(deps.database, leaseName(conn.id), deps.clock.now());
  if (!holder) throw noOwner("no instance runs this WhatsApp session");
  // The lease is ours but the session is not open (connecting, QR): nothing to relay to.
  if (holder === deps.config.instanceId) throw notInitialized();
  return holder;
}

export async function sendViaOwner(deps: Deps, msg: OutboundMessage): Promise<SendResult> {
  const { connection, ...rest } = msg;
  const args: SendArgs = { companyId: msg.companyId, connectionId: connection.id, msg: rest };
  return await deps.rpc.call(await owner(deps, connection), "wa.send", args) as SendResult;
}

export async function markReadViaOwner(deps: Deps, conn: ConnectionRow, receipt: ReadReceipt): Promise<void> {
  const args: ReadArgs = { companyId: conn.companyId, connectionId: conn.id, receipt };
  await deps.rpc.call(await owner(deps, conn), "wa.markRead", args);
}

export async function checkNumberViaOwner(deps: Deps, conn: ConnectionRow, number: string): Promise<boolean> {
  const args: CheckArgs = { companyId: conn.companyId, connectionId: conn.id, number };
  return !!await deps.rpc.call(await owner(deps, conn), "wa.checkNumber", args, { timeoutMs: 30_000 });
}

export async function commandViaOwner(
  deps: Deps,
  conn: ConnectionRow,
  action: SessionAction,
  pairing: boolean,
) {
  const args: CommandArgs = { companyId: conn.companyId, connectionId: conn.id, action, pairing };
  await deps.rpc.call(await owner(deps, conn), "wa.command", args, { timeoutMs: 30_000 });
}

/** Registers the owner's side: run here, on this process's open session, what others ask. */
export function serveRelay(
  deps: Deps,
  m: {
    openSession(id: number): Session | null;
    command(
      conn: ConnectionRow,
      a: SessionAction,
      o: { pairing?: boolean; relayed?: boolean },
    ): Promise<unknown>;
  },
) {
  const load = async (w: Wire) => {
    const conn = await findConnection(deps.db, w.companyId, w.connectionId);
    if (!conn) throw notFound("whatsapp");
    return conn;
  };
  const open = (w: Wire) => {
    const s = m.openSession(w.connectionId);
    if (!s) throw notInitialized();
    return s;
  };
  deps.rpc.handle("wa.send", async (a) => {
    const { msg, ...w } = a as SendArgs;
    const s = open(w);
    return await sendHere(deps, s, { ...msg, connection: await load(w) });
  });
  deps.rpc.handle("wa.markRead", async (a) => {
    const { receipt, ...w } = a as ReadArgs;
    await markReadHere(deps, open(w), await load(w), receipt);
  });
  deps.rpc.handle("wa.checkNumber", async (a) => {
    const { number, ...w } = a as CheckArgs;
    return await checkNumberHere(open(w), number);
  });
  deps.rpc.handle("wa.command", async (a) => {
    const { action, pairing, ...w } = a as CommandArgs;
    await m.command(await load(w), action, { pairing, relayed: true });
  });
}
