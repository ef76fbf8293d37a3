/**
 * The light entry to WhatsApp sessions: Baileys (with its protobuf definitions, ≈ 65 MB of
 * heap) is imported only when this process has a session to run. `startWhatsappSessions` (called
 * by server/main.ts) polls for a WhatsApp connection in a running status and then loads the
 * session manager, which takes over from there (its own lease ticks); a session action from the
 * connections screen loads it at once. Processes that never called `startWhatsappSessions`
 * (tests, one-off scripts) never open sockets, as before.
 */
import { and, eq, inArray } from "drizzle-orm";
import { whatsapps } from "@db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { ConnectionStatus } from "../adapter.ts";
import type { SessionManager } from "./session_manager.ts";

/** Statuses whose session should be running (as in session_types.ts, without importing Baileys). */
export const RUNNING_STATUSES: ConnectionStatus[] = ["CONNECTED", "OPENING", "qrcode", "PAIRING"];
const POLL_MS = 10_000;

const load = () => import("./session_manager.ts");
/** Per process deps: the poll timer, 0 once the manager is loaded, undefined before the first check. */
const enabled = new Map<Deps, ReturnType<typeof setInterval> | 0 | undefined>();

export async function startWhatsappSessions(deps: Deps): Promise<void> {
  if (enabled.has(deps)) return;
  enabled.set(deps, undefined);
  const check = async () => {
    const [row] = await deps.db.select({ id: whatsapps.id }).from(whatsapps)
      .where(and(eq(whatsapps.channel, "whatsapp"), inArray(whatsapps.status, RUNNING_STATUSES))).limit(1);
    if (row) await boot(deps);
  };
  await check();
  // 0 = the manager runs (it polls by itself); otherwise look again every POLL_MS.
  if (enabled.get(deps) === undefined) {
    enabled.set(deps, setInterval(() => check().catch((e) => console.error("[wa] boot", e)), POLL_MS));
  }
}

const booting = new Map<Deps, Promise<SessionManager>>();

/** Loads and starts the manager once (the poll and a session action may race here). */
function boot(deps: Deps): Promise<SessionManager> {
  clearInterval(enabled.get(deps) || undefined);
  enabled.set(deps, 0);
  let p = booting.get(deps);
  if (!p) booting.set(deps, p = load().then((m) => m.startWhatsappSessions(deps)));
  return p;
}

/**
 * This process's session manager: in a process that runs sessions, the running one (loaded now
 * if need be); elsewhere the one a test started, or null.
 */
export async function sessionManager(deps: Deps): Promise<SessionManager | null> {
  if (enabled.has(deps)) return await boot(deps);
  // Not started through here (tests start the manager directly): use it when it is loaded.
  return (await load()).managerFor(deps);
}

export async function stopWhatsappSessions(deps: Deps): Promise<void> {
  if (!enabled.has(deps)) return;
  const wasLoaded = enabled.get(deps) === 0;
  clearInterval(enabled.get(deps) || undefined);
  enabled.delete(deps);
  booting.delete(deps);
  if (wasLoaded) await (await load()).stopWhatsappSessions(deps);
}
