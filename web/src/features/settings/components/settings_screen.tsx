import { useTranslation } from "react-i18next";
import { Clock, Palette, SlidersHorizontal } from "lucide-react";
import { Card } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { isSuper } from "../../../lib/permissions.ts";
import { useSettings } from "../api/settings.ts";
import { OptionsTab } from "./options_tab.tsx";
import { WhitelabelTab } from "./whitelabel_tab.tsx";
import { CompanyHoursTab } from "../../queues/components/company_hours_tab.tsx";

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
          {operator && (
            <TabsTrigger value="whitelabel" data-testid="tab-whitelabel">
              <Palette />
              {t("tabs.whitelabel")}
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
              {values.scheduleType === "company" && (
                <TabsContent value="schedules">
                  <CompanyHoursTab companyId={me.companyId} />
                </TabsContent>
              )}
              {operator && (
                <TabsContent value="whitelabel">
                  <WhitelabelTab values={values} />
                </TabsContent>
              )}
            </>
          )}
      </Tabs>
    </div>
  );
}
