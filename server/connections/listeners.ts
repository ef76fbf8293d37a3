/**
 * A connection's session change reaches the company's sockets (`company-{id}-whatsappSession`), and
 * a change of a connection or a queue evicts the cached connections (server/caches.ts) here and, with
 * REDIS_URL, on the other instances.
 */
import type { Deps } from "../deps.ts";
import { invalidate } from "../caches.ts";

export function wireConnectionListeners(deps: Deps): void {
  deps.bus.on("entity.changed", ({ companyId, entity }) => {
    if (entity === "whatsapp" || entity === "queue") invalidate(deps, { kind: "connections", companyId });
  });
  deps.bus.on("connection.session", ({ companyId, session }) =>
    deps.hub.publish({
      companyId,
      event: `company-${companyId}-whatsappSession`,
      data: { action: "update", session },
      audience: { kind: "company" },
    }));
}
