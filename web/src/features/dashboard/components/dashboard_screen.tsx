import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { BarChart3, Star, Users } from "lucide-react";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { type DashboardFilter, dashboardKeys, useDashboard } from "../api/dashboard.ts";
import { DashboardFilterBar } from "./filter_bar.tsx";
import { IndicatorsTab } from "./indicators_tab.tsx";
import { AssessmentsTab } from "./assessments_tab.tsx";
import { AttendantsTab } from "./attendants_tab.tsx";
import { monthToDate } from "./format.ts";

/** The dashboard (spec 1 §2): Indicators, Assessments (NPS) and Attendants over a range of days. */
export function DashboardScreen() {
  const { t } = useTranslation("dashboard");
  const qc = useQueryClient();
  const [filter, setFilter] = useState<DashboardFilter>(() => ({ ...monthToDate(), queueIds: [] }));
  const main = useDashboard(filter);
  return (
    <div className="flex flex-col gap-5" data-testid="dashboard">
      <PageHeader
        title={t("title")}
        description={t("range", { from: formatDay(filter.from), to: formatDay(filter.to) })}
        actions={
          <DashboardFilterBar
            value={filter}
            onApply={setFilter}
            onRefresh={() => qc.invalidateQueries({ queryKey: dashboardKeys.all })}
          />
        }
      />
      <Tabs defaultValue="indicators">
        <TabsList className="overflow-x-auto">
          <TabsTrigger value="indicators" data-testid="tab-indicators">
            <BarChart3 />
            {t("tabs.indicators")}
          </TabsTrigger>
          <TabsTrigger value="assessments" data-testid="tab-assessments">
            <Star />
            {t("tabs.assessments")}
          </TabsTrigger>
          <TabsTrigger value="attendants" data-testid="tab-attendants">
            <Users />
            {t("tabs.attendants")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="indicators">
          <IndicatorsTab filter={filter} counters={main.data?.counters} error={main.isError} />
        </TabsContent>
        <TabsContent value="assessments">
          <AssessmentsTab counters={main.data?.counters} />
        </TabsContent>
        <TabsContent value="attendants">
          <AttendantsTab filter={filter} attendants={main.data?.attendants} loading={main.isPending} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
