/**
 * Live updates of the flow list and the phrase-campaign list. The spec names no flow events, so
 * these follow its other company events: `company-{id}-flowbuilder` and `company-{id}-flowcampaign`
 * with `{action: "create"|"update", <key>: record}` or `{action: "delete", <key>Id, id}`. Published
 * after commit, to the company's admins only (the flow-builder menu is admin-only, spec 1 §6).
 */
import type { Deps } from "../deps.ts";

const KEYS = { flowbuilder: "flow", flowcampaign: "record" } as const;

export function wireFlowListeners(deps: Deps): void {
  deps.bus.on("flow.changed", ({ companyId, kind, change }) => {
    const key = KEYS[kind];
    const data = change.action === "delete"
      ? { action: "delete", [`${key}Id`]: change.id, id: change.id }
      : { action: change.action, [key]: change.record };
    return deps.hub.publish({
      companyId,
      event: `company-${companyId}-${kind}`,
      data,
      audience: { kind: "admins" },
    });
  });
}
