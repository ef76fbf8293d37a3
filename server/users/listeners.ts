/**
 * A changed, present or deleted user leaves the actor cache (server/caches.ts) here and, with
 * REDIS_URL, on the other instances: its sessions' next request reloads flags and queues.
 */
import type { Deps } from "../deps.ts";
import { invalidate } from "../caches.ts";

export function wireUserListeners(deps: Deps): void {
  const { bus } = deps;
  for (const name of ["user.updated", "user.presence"] as const) {
    bus.on(name, ({ companyId, user }) => invalidate(deps, { kind: "user", companyId, userId: user.id }));
  }
  bus.on("user.deleted", ({ companyId, userId }) => invalidate(deps, { kind: "user", companyId, userId }));
}
