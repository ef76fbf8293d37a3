import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Activity,
  BadgeCheck,
  BarChart3,
  BellRing,
  Bot,
  Building2,
  CalendarClock,
  CircleHelp,
  Contact,
  FileStack,
  GitBranch,
  KanbanSquare,
  ListChecks,
  ListOrdered,
  ListTodo,
  MessageCircleMore,
  Receipt,
  SlidersHorizontal,
  Sparkles,
  Upload,
} from "lucide-react";
import { PlaceholderPage } from "../../components/layout/placeholder_page.tsx";
import { type AccessRule, Gate } from "./guards.tsx";
import { rules } from "./access_rules.ts";

export type PlaceholderRoute = { path: string; page: string; icon: ReactNode; rule?: AccessRule };

/** Private routes whose screens arrive in later issues: each resolves to a tidy, translated page. */
export const PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
  {
    path: "/chats/:chatId?",
    page: "chats",
    icon: <MessageCircleMore />,
    rule: rules.plan("useInternalChat"),
  },
  { path: "/reports", page: "reports", icon: <BarChart3 />, rule: rules.dashboard },
  { path: "/moments", page: "moments", icon: <Activity />, rule: rules.realTime },
  { path: "/contacts/import", page: "contactsImport", icon: <Upload /> },
  { path: "/schedules", page: "schedules", icon: <CalendarClock />, rule: rules.plan("useSchedules") },
  { path: "/kanban", page: "kanban", icon: <KanbanSquare />, rule: rules.plan("useKanban") },
  { path: "/TagsKanban", page: "tagsKanban", icon: <KanbanSquare />, rule: rules.plan("useKanban") },
  { path: "/todolist", page: "todolist", icon: <ListTodo /> },
  { path: "/helps", page: "helps", icon: <CircleHelp /> },
  {
    path: "/queue-integration",
    page: "queueIntegration",
    icon: <Bot />,
    rule: rules.adminPlan("useIntegrations"),
  },
  { path: "/files", page: "files", icon: <FileStack />, rule: rules.admin },
  { path: "/prompts", page: "prompts", icon: <Sparkles />, rule: rules.adminPlan("useOpenAi") },
  { path: "/subscription", page: "subscription", icon: <BadgeCheck /> },
  { path: "/companies", page: "companies", icon: <Building2 />, rule: rules.super },
  { path: "/recipts", page: "recipts", icon: <Receipt />, rule: rules.super },
  { path: "/announcements", page: "announcements", icon: <BellRing />, rule: rules.super },
  { path: "/phrase-lists", page: "phraseLists", icon: <ListOrdered />, rule: rules.admin },
  { path: "/flowbuilders", page: "flowbuilders", icon: <GitBranch />, rule: rules.admin },
  { path: "/flowbuilder/:flowId?", page: "flowbuilder", icon: <GitBranch />, rule: rules.admin },
  { path: "/campaigns", page: "campaigns", icon: <ListChecks />, rule: rules.adminPlan("useCampaigns") },
  {
    path: "/campaign/:campaignId/report",
    page: "campaignReport",
    icon: <BarChart3 />,
    rule: rules.adminPlan("useCampaigns"),
  },
  { path: "/contact-lists", page: "contactLists", icon: <Contact />, rule: rules.adminPlan("useCampaigns") },
  {
    path: "/contact-lists/:contactListId/contacts",
    page: "contactListItems",
    icon: <Contact />,
    rule: rules.adminPlan("useCampaigns"),
  },
  {
    path: "/campaigns-config",
    page: "campaignsConfig",
    icon: <SlidersHorizontal />,
    rule: rules.adminPlan("useCampaigns"),
  },
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
