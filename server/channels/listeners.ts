/** The progress of a WhatsApp connection's import of old messages → the company's sockets. */
import type { Deps } from "../deps.ts";

export function wireChannelListeners(deps: Deps): void {
  deps.bus.on("connection.import_progress", ({ companyId, processed, total, state }) =>
    deps.hub.publish({
      companyId,
      event: `importMessages-${companyId}`,
      data: { action: "update", status: { this: processed, all: total, state } },
      audience: { kind: "company" },
    }));
}
