import { useTranslation } from "react-i18next";
import { format, startOfMonth } from "date-fns";
import { BarChart3, Clock, MessagesSquare, Star, Users } from "lucide-react";
import { Card } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty_state.tsx";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { dateLocale } from "../../../lib/dates.ts";

const TABS = [
  { key: "indicators", icon: <BarChart3 /> },
  { key: "assessments", icon: <Star /> },
  { key: "attendants", icon: <Users /> },
] as const;

/** The dashboard route: its three tabs, each an empty state until the metrics land. */
export function DashboardEmpty() {
  const { t } = useTranslation("dashboard");
  const today = new Date();
  const range = t("range", {
    from: format(startOfMonth(today), "P", { locale: dateLocale() }),
    to: format(today, "P", { locale: dateLocale() }),
  });
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard">
      <PageHeader title={t("title")} description={range} />
      <Tabs defaultValue="indicators">
        <TabsList>
          {TABS.map((tab) => (
            <TabsTrigger key={tab.key} value={tab.key}>
              {tab.icon}
              {t(`tabs.${tab.key}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.key} value={tab.key}>
            <div className="mb-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {[MessagesSquare, Clock, Users, Star].map((Icon, i) => (
                <Card key={i} className="flex items-center gap-4 p-5">
                  <span className="flex size-10 items-center justify-center rounded-xl bg-primary-soft text-primary-strong">
                    <Icon className="size-5" />
                  </span>
                  <div className="flex flex-col gap-1.5">
                    <span className="text-xs font-medium text-ink-muted">{t(`${tab.key}.card${i + 1}`)}</span>
                    <span className="text-xl font-semibold text-ink-subtle">—</span>
                  </div>
                </Card>
              ))}
            </div>
            <Card>
              <EmptyState
                icon={tab.icon}
                title={t("empty.title")}
                description={t("empty.description")}
                className="py-16"
              />
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
