/** Socket frames of contact-list imports, campaign progress and settings (admins only: campaigns are theirs). */
import type { Deps } from "../deps.ts";

export function wireCampaignListeners(deps: Deps): void {
  const { bus, hub } = deps;
  bus.on("contactList.import", ({ companyId, ...progress }) =>
    hub.publish({
      companyId,
      event: `company-${companyId}-ContactListItem`,
      data: { action: "import", ...progress },
      audience: { kind: "admins" },
    }));
  bus.on("contactList.numberCheck", ({ companyId, ...progress }) =>
    hub.publish({
      companyId,
      event: `company-${companyId}-ContactListItem`,
      data: { action: "numberCheck", ...progress },
      audience: { kind: "admins" },
    }));
  bus.on("campaign.progress", ({ companyId, campaignId, counts }) =>
    hub.publish({
      companyId,
      event: `company-${companyId}-campaign`,
      data: { action: "progress", campaignId, counts },
      audience: { kind: "admins" },
    }));
  bus.on("campaign.settings", ({ companyId, settings }) =>
    hub.publish({
      companyId,
      event: `company-${companyId}-campaignSettings`,
      data: { action: "update", settings },
      audience: { kind: "admins" },
    }));
}
