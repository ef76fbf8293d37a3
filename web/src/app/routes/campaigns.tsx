import { useParams } from "react-router";
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";
import { ContactListsScreen } from "../../features/campaigns/components/contact_lists_screen.tsx";
import { ContactListItemsScreen } from "../../features/campaigns/components/contact_list_items_screen.tsx";
import { CampaignsScreen } from "../../features/campaigns/components/campaigns_screen.tsx";
import { CampaignSettingsScreen } from "../../features/campaigns/components/campaign_settings_screen.tsx";
import { CampaignReportScreen } from "../../features/campaigns/components/campaign_report_screen.tsx";
import { SchedulesScreen } from "../../features/schedules/components/schedules_screen.tsx";

const campaigns = rules.adminPlan("useCampaigns");

export const CampaignsPage = () => (
  <Gate rule={campaigns}>
    <CampaignsScreen />
  </Gate>
);
export const CampaignSettingsPage = () => (
  <Gate rule={campaigns}>
    <CampaignSettingsScreen />
  </Gate>
);
export const ContactListsPage = () => (
  <Gate rule={campaigns}>
    <ContactListsScreen />
  </Gate>
);

export function ContactListItemsPage() {
  const { contactListId } = useParams();
  return (
    <Gate rule={campaigns}>
      <ContactListItemsScreen key={contactListId} listId={Number(contactListId)} />
    </Gate>
  );
}

export function CampaignReportPage() {
  const { campaignId } = useParams();
  return (
    <Gate rule={campaigns}>
      <CampaignReportScreen key={campaignId} campaignId={Number(campaignId)} />
    </Gate>
  );
}

export const SchedulesPage = () => (
  <Gate rule={rules.plan("useSchedules")}>
    <SchedulesScreen />
  </Gate>
);
