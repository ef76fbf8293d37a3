/** Announcements → every company's sockets (envelope companyId null): company-announcement. */
import type { Deps } from "../deps.ts";

export function wireAnnouncementListeners(deps: Deps): void {
  deps.bus.on("announcement.changed", (e) =>
    deps.hub.publish({
      companyId: null,
      event: "company-announcement",
      data: e.action === "delete" ? { action: "delete", id: e.id } : { action: e.action, record: e.record },
      audience: { kind: "company" },
    }));
}
