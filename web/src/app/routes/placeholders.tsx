import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PlaceholderPage } from "../../components/layout/placeholder_page.tsx";
import { type AccessRule, Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

export type PlaceholderRoute = { path: string; page: string; icon: ReactNode; rule?: AccessRule };

/** Private routes whose screens arrive in later issues: each resolves to a tidy, translated page. */
export const PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
];

export function Placeholder({ route }: { route: PlaceholderRoute }) {
  const { t } = useTranslation("pages");
  return (
    <Gate rule={route.rule}>
      <PlaceholderPage
        testId={`page-${route.page}`}
        title={t(`${route.page}.title`)}
        description={t(`${route.page}.description`)}
        icon={route.icon}
      />
    </Gate>
  );
}
