import { useTranslation } from "react-i18next";
import {
  Archive,
  Building2,
  CircleHelp,
  Clock,
  FileKey,
  Layers,
  Palette,
  ShieldAlert,
  SlidersHorizontal,
  Sparkles,
  Timer,
} from "lucide-react";
import { HelpsAdmin } from "../../helps/index.ts";
import { Card } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isAdmin, isSuper } from "../../../lib/permissions.ts";
import { useSettings } from "../api/settings.ts";
import { OptionsTab } from "./options_tab.tsx";
import { WhitelabelTab } from "./whitelabel_tab.tsx";
import { CompaniesScreen } from "../../backoffice/index.ts";
import { PaymentsTab, PlansTab } from "../../backoffice/index.ts";
import { CertificateTab, RetentionTab } from "../../backoffice/index.ts";
import { ExportPanel } from "../../exports/index.ts";
import { CompanyHoursTab } from "../../queues/index.ts";
import { AiSettingsTab } from "../../ai_assist/index.ts";

export function SettingsScreen() {
  const { t } = useTranslation("settings");
  const me = useCurrentUser();
  const operator = isSuper(me);
  const { data: values, isPending, isError } = useSettings();
  return (
    <div className="flex flex-col gap-6" data-testid="settings-page">
      <PageHeader title={t("title")} description={t("description")} />
      <Tabs defaultValue="options">
        <TabsList>
          <TabsTrigger value="options" data-testid="tab-options">
            <SlidersHorizontal />
            {t("tabs.options")}
          </TabsTrigger>
          {values?.scheduleType === "company" && (
            <TabsTrigger value="schedules" data-testid="tab-schedules">
              <Clock />
              {t("queues:schedulesTab.title")}
            </TabsTrigger>
          )}
          {isAdmin(me) && me.company?.plan?.useOpenAi !== false && (
            <TabsTrigger value="ai" data-testid="tab-ai">
              <Sparkles />
              {t("tabs.ai")}
            </TabsTrigger>
          )}
          <TabsTrigger value="data" data-testid="tab-data">
            <Archive />
            {t("tabs.data")}
          </TabsTrigger>
          {operator && (
            <>
              <TabsTrigger value="companies" data-testid="tab-companies">
                <Building2 />
                {t("tabs.companies")}
              </TabsTrigger>
              <TabsTrigger value="plans" data-testid="tab-plans">
                <Layers />
                {t("tabs.plans")}
              </TabsTrigger>
              <TabsTrigger value="payments" data-testid="tab-payments">
                <ShieldAlert />
                {t("tabs.payments")}
              </TabsTrigger>
              <TabsTrigger value="whitelabel" data-testid="tab-whitelabel">
                <Palette />
                {t("tabs.whitelabel")}
              </TabsTrigger>
              <TabsTrigger value="certificate" data-testid="tab-certificate">
                <FileKey />
                {t("tabs.certificate")}
              </TabsTrigger>
              <TabsTrigger value="retention" data-testid="tab-retention">
                <Timer />
                {t("tabs.retention")}
              </TabsTrigger>
            </>
          )}
          {operator && (
            <TabsTrigger value="helps" data-testid="tab-helps">
              <CircleHelp />
              {t("workspace:helps.tab")}
            </TabsTrigger>
          )}
        </TabsList>
        {isPending ? <PageSpinner /> : isError || !values
          ? (
            <Card className="mt-5">
              <EmptyState icon={<SlidersHorizontal />} title={t("loadError")} />
            </Card>
          )
          : (
            <>
              <TabsContent value="options">
                <OptionsTab values={values} isSuper={operator} />
              </TabsContent>
              <TabsContent value="data">
                <ExportPanel />
              </TabsContent>
              {values.scheduleType === "company" && (
                <TabsContent value="schedules">
                  <CompanyHoursTab companyId={me.companyId} />
                </TabsContent>
              )}
              {isAdmin(me) && (
                <TabsContent value="ai">
                  <AiSettingsTab />
                </TabsContent>
              )}
              {operator && (
                <>
                  <TabsContent value="companies">
                    <div className="mt-5">
                      <CompaniesScreen embedded />
                    </div>
                  </TabsContent>
                  <TabsContent value="plans">
                    <PlansTab />
                  </TabsContent>
                  <TabsContent value="payments">
                    <PaymentsTab />
                  </TabsContent>
                  <TabsContent value="whitelabel">
                    <WhitelabelTab values={values} />
                  </TabsContent>
                  <TabsContent value="certificate">
                    <CertificateTab />
                  </TabsContent>
                  <TabsContent value="retention">
                    <RetentionTab />
                  </TabsContent>
                  <TabsContent value="helps">
                    <HelpsAdmin />
                  </TabsContent>
                </>
              )}
            </>
          )}
      </Tabs>
    </div>
  );
}
