/** /developers: a page of tabs (tabs.ts); the open tab is kept in the URL (`?tab=`). */
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/ui/page_section.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { DEVELOPER_TABS } from "../tabs.ts";

export function DevelopersScreen() {
  const { t } = useTranslation("developers");
  const [params, setParams] = useSearchParams();
  const current = DEVELOPER_TABS.find((x) => x.key === params.get("tab"))?.key ?? DEVELOPER_TABS[0].key;
  return (
    <div className="flex flex-col gap-5" data-testid="developers-page">
      <PageHeader title={t("title")} description={t("description")} />
      <Tabs value={current} onValueChange={(v) => setParams({ tab: v }, { replace: true })}>
        <TabsList>
          {DEVELOPER_TABS.map(({ key, icon: Icon }) => (
            <TabsTrigger key={key} value={key} data-testid={`developers-tab-${key}`}>
              <Icon />
              {t(`tabs.${key}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {DEVELOPER_TABS.map(({ key, Panel }) => (
          <TabsContent key={key} value={key}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
