/**
 * Incoming calls (Baileys `call` event). Attendants cannot answer calls, so every offered call is
 * logged on the caller's ticket as a call_log message "Chamada de voz/vídeo perdida às HH:MM" in
 * the company's time zone. With the company setting acceptCallWhatsapp "disabled" the call is
 * also rejected and AcceptCallWhatsappMessage (when set) is sent to the caller.
 */
import { eq } from "drizzle-orm";
import type { WACallEvent } from "baileys";
import { companies } from "@db/schema.ts";
import { findConnection } from "../../connections/repo.ts";
import { receiveInbound } from "../../inbox/pipeline.ts";
import { sendOnTicket } from "../../messages/send.ts";
import { readSettings } from "../../settings/repo.ts";
import { zonedParts } from "../../lib/time.ts";
import { identity, type WaContext } from "./socket.ts";

export async function handleCalls(ctx: WaContext, calls: WACallEvent[]): Promise<void> {
  for (const call of calls) {
    if (call.status !== "offer" || call.isGroup) continue;
    try {
      await handleOffer(ctx, call);
    } catch (err) {
      console.error(`[wa ${ctx.session.connectionId}] call ${call.id}`, err);
    }
  }
}

async function handleOffer(ctx: WaContext, call: WACallEvent) {
  const { deps, session } = ctx;
  const conn = await findConnection(deps.db, session.companyId, session.connectionId);
  if (!conn) return;
  const s = await readSettings(deps.db, conn.companyId, ["acceptCallWhatsapp", "AcceptCallWhatsappMessage"]);
  const reject = s.acceptCallWhatsapp === "disabled";
  if (reject) {
    await ctx.sock.rejectCall(call.id, call.from).catch((e) => console.error("[wa] reject call", e));
  }

  const who = identity(call.from, call.callerPn);
  if (!who.number) return;
  const [company] = await deps.db.select({ timezone: companies.timezone }).from(companies)
    .where(eq(companies.id, conn.companyId));
  const at = call.date instanceof Date && !isNaN(call.date.getTime()) ? call.date : deps.clock.now();
  const { time } = zonedParts(at, company?.timezone ?? "America/Sao_Paulo");
  const r = await receiveInbound(deps, {
    connection: conn,
    externalId: `CALL-${call.id}`,
    from: { number: who.number, lid: who.lid },
    fromMe: false,
    body: `Chamada de voz/vídeo perdida às ${time}`,
    mediaType: "call_log",
    timestamp: at,
  });
  const text = s.AcceptCallWhatsappMessage?.trim();
  if (reject && text && !r.duplicate) await sendOnTicket(deps, conn.companyId, r.ticketId, { body: text });
}
