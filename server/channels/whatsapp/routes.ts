/**
 * Session controls of the connections page (spec 2 §4, §7), mounted at /api:
 *   POST   /whatsappsession/:id  start / try again (body `{usePairingCode, number}` optional)
 *   PUT    /whatsappsession/:id  new QR: forget the auth state and start again
 *   DELETE /whatsappsession/:id  disconnect (logout; a new QR is needed afterwards)
 *   POST   /whatsapp-restart     restart every connection of the company
 *   POST   /closedimported/:id   close the connection's imported tickets, clear statusImportMessages
 * Permission connections-page:actionButtons; another company's connection answers 404. Status
 * changes arrive through company-{id}-whatsappSession.
 *   DELETE /whatsappsession/admin/:id  the operator's disconnect of any company's connection
 */
import { Hono } from "hono";
import { z } from "zod";
import { flag } from "../../lib/flag.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../lib/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { idParam } from "../../lib/validate.ts";
import { readJson } from "../../lib/body.ts";
import { requirePermission, requireSuper } from "../../auth/permissions.ts";
import { getConnection, listConnections, unscopedFindConnectionById } from "../../connections/repo.ts";
import type { ConnectionRow } from "../../connections/repo.ts";
import { setConnectionStatus } from "../../connections/status.ts";
import { adapterFor, hasAdapter } from "../registry.ts";
import type { ConnectionStatus } from "../adapter.ts";
import type { SessionAction } from "./session_manager.ts";
import { sessionManager } from "./boot.ts";
import { auditNow } from "../../audit/audit.ts";

const startInput = z.object({
  usePairingCode: flag.optional(),
  number: z.string().transform((n) => n.replace(/\D/g, "")).pipe(z.string().min(8).max(15)).optional(),
}).refine((b) => !b.usePairingCode || b.number, { path: ["number"], message: "required for a pairing code" });

async function connectionOf(c: Context<AppEnv>): Promise<ConnectionRow> {
  requirePermission(c.var.actor, "connections-page:actionButtons");
  return await getConnection(c.var.deps.db, c.var.actor.companyId, idParam(c.req.param("id")));
}

/** Runs a session command for a whatsapp connection; other channels reconnect through their adapter. */
async function run(c: Context<AppEnv>, conn: ConnectionRow, action: SessionAction, pairing = false) {
  await command(c, conn, action, pairing);
  // The command talks to a provider, not to our database: its audit entry has a transaction of its own.
  await auditNow(c.var.deps, c.var.actor, {
    action: SESSION_AUDIT[action],
    entity: "connection",
    entityId: conn.id,
    summary: conn.name,
    companyId: conn.companyId,
  });
}

const SESSION_AUDIT: Record<SessionAction, string> = {
  start: "connection.session_start",
  newQr: "connection.session_new_qr",
  logout: "connection.session_stop",
};

async function command(c: Context<AppEnv>, conn: ConnectionRow, action: SessionAction, pairing: boolean) {
  const deps = c.var.deps;
  if (conn.channel !== "whatsapp") {
    if (!hasAdapter(conn.channel)) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    const a = adapterFor(conn.channel);
    await (action === "logout" ? a.disconnect(deps, conn) : a.connect(deps, conn));
    return;
  }
  const m = await sessionManager(deps);
  if (m) return void await m.command(conn, action, { pairing });
  if (action === "logout") return await adapterFor("whatsapp").disconnect(deps, conn);
  // This process does not run WhatsApp sessions (startWhatsappSessions was not called).
  throw new AppError("ERR_WAPP_NOT_INITIALIZED");
}

export const whatsappSessionRoutes = new Hono<AppEnv>()
  .post("/whatsappsession/:id", async (c) => {
    let conn = await connectionOf(c);
    const parsed = startInput.safeParse(await readJson(c));
    if (!parsed.success) {
      throw new AppError("ERR_VALIDATION", {
        details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
    if (parsed.data.number && parsed.data.number !== conn.number) {
      conn = await setConnectionStatus(c.var.deps, conn, conn.status as ConnectionStatus, {
        number: parsed.data.number,
      });
    }
    await run(c, conn, "start", !!parsed.data.usePairingCode);
    return c.json({ message: "Starting session." });
  })
  .put("/whatsappsession/:id", async (c) => {
    await run(c, await connectionOf(c), "newQr");
    return c.json({ message: "Starting session." });
  })
  .delete("/whatsappsession/:id", async (c) => {
    await run(c, await connectionOf(c), "logout");
    return c.json({ message: "Session disconnected." });
  })
  .delete("/whatsappsession/admin/:id", async (c) => {
    requireSuper(c.var.actor);
    // unscoped: the operator acts on any company's connection.
    const conn = await unscopedFindConnectionById(c.var.deps.db, idParam(c.req.param("id")));
    if (!conn) throw notFound("whatsapp");
    await run(c, conn, "logout");
    return c.json({ message: "Session disconnected." });
  })
  .post("/closedimported/:id", async (c) => {
    const conn = await connectionOf(c);
    // history.ts needs Baileys: loaded with it, only when asked.
    const { closeImportedTickets, setImportStatus } = await import("./history.ts");
    const closed = await closeImportedTickets(c.var.deps, conn, c.var.actor.userId);
    await setImportStatus(c.var.deps, conn, null);
    return c.json({ message: "Imported tickets closed.", closed });
  })
  .post("/whatsapp-restart", async (c) => {
    requirePermission(c.var.actor, "connections-page:actionButtons");
    const conns = await listConnections(c.var.deps.db, c.var.actor.companyId);
    for (const conn of conns) {
      if (conn.channel === "whatsapp" && !await sessionManager(c.var.deps)) continue;
      await run(c, conn, "start").catch((e) => console.error(`[wa] restart ${conn.id}`, e));
    }
    return c.json({ message: "Whatsapp restart." });
  });
