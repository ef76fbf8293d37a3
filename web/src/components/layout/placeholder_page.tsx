import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../ui/badge.tsx";
import { Card } from "../ui/card.tsx";
import { EmptyState } from "../ui/empty_state.tsx";
import { PageHeader } from "../ui/page_section.tsx";

/** A tidy page for areas that land in a later release: title, purpose and a clear status. */
export function PlaceholderPage(
  { title, description, icon, testId }: {
    title: string;
    description: string;
    icon: ReactNode;
    testId?: string;
  },
) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6" data-testid={testId}>
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState
          icon={icon}
          title={t("placeholder.title")}
          description={t("placeholder.description")}
          action={<Badge tone="primary">{t("placeholder.badge")}</Badge>}
          className="py-16"
        />
      </Card>
    </div>
  );
}
