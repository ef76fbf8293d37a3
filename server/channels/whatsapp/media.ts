/**
 * A WhatsApp message's media downloaded again by the media job, when its download on arrival
 * failed (inbound.ts left it pending). It needs the session's socket (Baileys asks the phone to
 * re-upload media that expired from WhatsApp's servers), so it runs where the session is open; on
 * an instance without it the attempt fails and the job tries again later.
 */
import { BufferJSON, type WAMessage } from "baileys";
import type { Deps } from "../../deps.ts";
import type { InboundMedia } from "../adapter.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { managerFor } from "./session_manager.ts";
import { notInitialized } from "./local.ts";
import { waLogger } from "./socket.ts";
import type { WaMediaSource } from "./inbound.ts";

export async function fetchMediaHere(
  deps: Deps,
  conn: ConnectionRow,
  raw: Record<string, unknown>,
): Promise<InboundMedia> {
  const source = raw as WaMediaSource;
  const manager = managerFor(deps);
  const s = manager?.openSession(conn.id);
  if (!manager || !s?.sock) throw notInitialized();
  const m = JSON.parse(source.message, BufferJSON.reviver) as WAMessage;
  const data = await manager.opts.download(m, s.sock, waLogger(`${conn.id}`));
  return { data, mimetype: source.mimetype, filename: source.filename };
}
