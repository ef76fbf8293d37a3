/** AI prompts and queue integrations, each behind its plan rule. */
import { Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";
import { PromptsScreen } from "../../features/integrations/components/prompts_screen.tsx";
import { IntegrationsScreen } from "../../features/integrations/components/integrations_screen.tsx";

export const PromptsPage = () => (
  <Gate rule={rules.adminPlan("useOpenAi")}>
    <PromptsScreen />
  </Gate>
);
export const QueueIntegrationsPage = () => (
  <Gate rule={rules.adminPlan("useIntegrations")}>
    <IntegrationsScreen />
  </Gate>
);
