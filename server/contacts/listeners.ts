/** Socket frames of a contacts spreadsheet import: progress for the user who sent the sheet. */
import type { Deps } from "../deps.ts";

export function wireContactListeners(deps: Deps): void {
  deps.bus.on("contacts.import", ({ companyId, userId, ...progress }) =>
    deps.hub.publish({
      companyId,
      event: `company-${companyId}-contact`,
      data: { action: "import", ...progress },
      audience: { kind: "users", userIds: [userId] },
    }));
}
