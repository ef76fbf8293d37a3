import {
  Activity,
  BarChart3,
  BellRing,
  Bot,
  Building2,
  Cable,
  CalendarClock,
  CircleHelp,
  Contact,
  ContactRound,
  FileStack,
  Gauge,
  GitBranch,
  KanbanSquare,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  ListOrdered,
  ListTodo,
  type LucideIcon,
  Megaphone,
  MessageCircleMore,
  MessagesSquare,
  Network,
  Plug,
  Receipt,
  ScrollText,
  Settings,
  SlidersHorizontal,
  Sparkles,
  SquareCode,
  Tags,
  UserRound,
  Users,
  Wallet,
  Workflow,
  Zap,
} from "lucide-react";
import {
  canSeeConnections,
  canSeeDashboard,
  canSeeRealTime,
  isAdmin,
  isSuper,
  planAllows,
} from "../../../lib/permissions.ts";
import type { UserDTO as User } from "@contract/users.ts";

export type NavContext = { user: User; hasHelps: boolean };
type Rule = (ctx: NavContext) => boolean;

export type NavLeaf = {
  kind: "leaf";
  key: string;
  to: string;
  icon: LucideIcon;
  visible?: Rule;
  badge?: "connections" | "chats";
};
export type NavGroup = { kind: "group"; key: string; icon: LucideIcon; visible?: Rule; children: NavLeaf[] };
export type NavEntry = NavLeaf | NavGroup;
export type NavSection = { key: string; heading?: boolean; entries: NavEntry[] };

const leaf = (
  key: string,
  to: string,
  icon: LucideIcon,
  visible?: Rule,
  badge?: NavLeaf["badge"],
): NavLeaf => ({
  kind: "leaf",
  key,
  to,
  icon,
  visible,
  badge,
});

const admin: Rule = ({ user }) => isAdmin(user);
const superOnly: Rule = ({ user }) => isSuper(user);
const adminWithPlan = (flag: Parameters<typeof planAllows>[1]): Rule => ({ user }) =>
  isAdmin(user) && planAllows(user, flag);

/** Every item of spec 1 §2 and spec 2 §2, with its gating rule. */
export const NAV: NavSection[] = [
  {
    key: "main",
    entries: [
      {
        kind: "group",
        key: "management",
        icon: Gauge,
        visible: ({ user }) => canSeeDashboard(user) || canSeeRealTime(user),
        children: [
          leaf("dashboard", "/", LayoutDashboard, ({ user }) => canSeeDashboard(user)),
          leaf("reports", "/reports", BarChart3, ({ user }) => canSeeDashboard(user)),
          leaf("moments", "/moments", Activity, ({ user }) => canSeeRealTime(user)),
        ],
      },
      leaf("tickets", "/tickets", MessagesSquare),
      leaf("quickMessages", "/quick-messages", Zap),
      leaf("kanban", "/kanban", KanbanSquare, ({ user }) => planAllows(user, "useKanban")),
      leaf("contacts", "/contacts", ContactRound),
      leaf("schedules", "/schedules", CalendarClock, ({ user }) => planAllows(user, "useSchedules")),
      leaf("tags", "/tags", Tags),
      leaf("chats", "/chats", MessageCircleMore, ({ user }) => planAllows(user, "useInternalChat"), "chats"),
      leaf("todolist", "/todolist", ListTodo),
      leaf("helps", "/helps", CircleHelp, ({ hasHelps }) => hasHelps),
    ],
  },
  {
    key: "administration",
    heading: true,
    entries: [
      {
        kind: "group",
        key: "campaigns",
        icon: Megaphone,
        visible: adminWithPlan("useCampaigns"),
        children: [
          leaf("campaignsList", "/campaigns", ListChecks),
          leaf("contactLists", "/contact-lists", Contact),
          leaf("campaignsConfig", "/campaigns-config", SlidersHorizontal),
        ],
      },
      {
        kind: "group",
        key: "flowbuilder",
        icon: Workflow,
        visible: admin,
        children: [
          leaf("phraseLists", "/phrase-lists", ListOrdered),
          leaf("flowbuilders", "/flowbuilders", GitBranch),
        ],
      },
      leaf("announcements", "/announcements", BellRing, superOnly),
      leaf("messagesApi", "/messages-api", SquareCode, adminWithPlan("useExternalApi")),
      leaf("users", "/users", Users, admin),
      leaf("queues", "/queues", Network, admin),
      leaf("prompts", "/prompts", Sparkles, adminWithPlan("useOpenAi")),
      leaf("queueIntegration", "/queue-integration", Bot, adminWithPlan("useIntegrations")),
      leaf("connections", "/connections", Cable, ({ user }) => canSeeConnections(user), "connections"),
      leaf("allConnections", "/allConnections", Plug, superOnly),
      leaf("files", "/files", FileStack, admin),
      leaf("financeiro", "/financeiro", Wallet, admin),
      leaf("settings", "/settings", Settings, admin),
      leaf("auditLog", "/audit-log", ScrollText, admin),
      leaf("developers", "/developers", KeyRound, admin),
      leaf("companies", "/companies", Building2, superOnly),
      leaf("recipts", "/recipts", Receipt, superOnly),
    ],
  },
];

export const PROFILE_ICON = UserRound;

const isVisible = (entry: { visible?: Rule }, ctx: NavContext) => !entry.visible || entry.visible(ctx);

/** The menu this user may see: hidden items dropped, empty groups and sections removed. */
export function visibleNav(ctx: NavContext): NavSection[] {
  return NAV.map((section) => ({
    ...section,
    entries: section.entries.flatMap((entry): NavEntry[] => {
      if (!isVisible(entry, ctx)) return [];
      if (entry.kind === "leaf") return [entry];
      const children = entry.children.filter((c) => isVisible(c, ctx));
      return children.length ? [{ ...entry, children }] : [];
    }),
  })).filter((s) => s.entries.length > 0);
}

/** Flat list of visible item keys (used by tests and the collapsed rail). */
export function visibleNavKeys(ctx: NavContext): string[] {
  return visibleNav(ctx).flatMap((s) =>
    s.entries.flatMap((e) => (e.kind === "leaf" ? [e.key] : [e.key, ...e.children.map((c) => c.key)]))
  );
}

/** The menu item a path belongs to (the longest matching link), for the phone's page title. */
export function pageTitleKey(pathname: string): string | null {
  let best: NavLeaf | null = null;
  for (const section of NAV) {
    for (const e of section.entries) {
      for (const l of e.kind === "leaf" ? [e] : e.children) {
        const hit = l.to === "/" ? pathname === "/" : pathname === l.to || pathname.startsWith(`${l.to}/`);
        if (hit && (!best || l.to.length > best.to.length)) best = l;
      }
    }
  }
  return best?.key ?? null;
}
