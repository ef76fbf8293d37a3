/**
 * Revoked sessions leave the actor cache (server/caches.ts) here and, with REDIS_URL, on the other
 * instances. The services that revoke also evict on this instance before emitting; this makes sure
 * every writer's event evicts everywhere.
 */
import type { Deps } from "../deps.ts";
import { invalidate } from "../caches.ts";

export function wireAuthListeners(deps: Deps): void {
  deps.bus.on(
    "auth.sessions_revoked",
    ({ companyId, sessionIds }) => invalidate(deps, { kind: "sessions", companyId, sessionIds }),
  );
}
