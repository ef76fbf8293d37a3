import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { ChevronDown, TriangleAlert } from "lucide-react";
import { cn } from "../../../lib/utils.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { AppLogo } from "../../../components/layout/app_logo.tsx";
import type { NavGroup, NavLeaf, NavSection } from "./nav_model.ts";

type SideNavProps = {
  sections: NavSection[];
  collapsed: boolean;
  connectionsWarning: boolean;
  unreadChats: boolean;
  version: string | null | undefined;
};

const itemBase = cn(
  "group relative flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium text-ink-muted outline-none",
  "transition-colors hover:bg-surface-2 hover:text-ink focus-visible:ring-2 focus-visible:ring-primary/40",
);
const itemActive = "bg-primary-soft text-primary-strong hover:bg-primary-soft hover:text-primary-strong";

function LeafLink(
  { item, collapsed, nested, warning, dot }: {
    item: NavLeaf;
    collapsed: boolean;
    nested?: boolean;
    warning?: boolean;
    dot?: boolean;
  },
) {
  const { t } = useTranslation("shell");
  const label = t(`nav.${item.key}`);
  const Icon = item.icon;
  const link = (
    <NavLink
      to={item.to}
      end={item.to === "/"}
      data-testid={`nav-${item.key}`}
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) =>
        cn(
          itemBase,
          isActive && itemActive,
          collapsed && "justify-center px-0",
          nested && !collapsed && "pl-9",
        )}
    >
      <Icon className="size-[18px] shrink-0" />
      {!collapsed && <span className="truncate">{label}</span>}
      {warning && (
        <TriangleAlert
          data-testid="connections-warning"
          aria-label={t("nav.connectionsWarning")}
          className={cn(
            "size-4 shrink-0 text-warning",
            collapsed ? "absolute top-1 right-1 size-3.5" : "ml-auto",
          )}
        />
      )}
      {dot && (
        <span
          aria-label={t("nav.unreadChats")}
          data-testid="nav-chats-dot"
          className={cn(
            "size-2 rounded-full bg-danger",
            collapsed ? "absolute top-1.5 right-1.5" : "ml-auto",
          )}
        />
      )}
    </NavLink>
  );
  return collapsed ? <Tooltip content={label} side="right">{link}</Tooltip> : link;
}

function Group({ group, collapsed }: { group: NavGroup; collapsed: boolean }) {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  const active = group.children.some((c) => (c.to === "/" ? pathname === "/" : pathname.startsWith(c.to)));
  if (collapsed) {
    return (
      <>
        {group.children.map((c) => <LeafLink key={c.key} item={c} collapsed />)}
      </>
    );
  }
  const Icon = group.icon;
  return (
    <div className="flex flex-col gap-0.5">
      <button
        type="button"
        data-testid={`nav-${group.key}`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={cn(itemBase, "w-full cursor-pointer", active && !open && "text-primary-strong")}
      >
        <Icon className="size-[18px] shrink-0" />
        <span className="truncate">{t(`nav.${group.key}`)}</span>
        <ChevronDown className={cn("ml-auto size-4 transition-transform", !open && "-rotate-90")} />
      </button>
      {open && group.children.map((c) => <LeafLink key={c.key} item={c} collapsed={false} nested />)}
    </div>
  );
}

export function SideNav({ sections, collapsed, connectionsWarning, unreadChats, version }: SideNavProps) {
  const { t } = useTranslation("shell");
  return (
    <aside
      data-testid="side-nav"
      data-collapsed={collapsed}
      className={cn(
        "flex h-full shrink-0 flex-col border-r border-line bg-surface transition-[width] duration-200",
        collapsed ? "w-[68px]" : "w-[260px]",
      )}
    >
      <div
        className={cn(
          "flex h-16 shrink-0 items-center border-b border-line",
          collapsed ? "justify-center" : "px-5",
        )}
      >
        <AppLogo compact={collapsed} />
      </div>
      <nav
        aria-label={t("nav.label")}
        className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-3 py-4"
      >
        {sections.map((section) => (
          <div key={section.key} className="flex flex-col gap-0.5">
            {section.heading && (
              collapsed
                ? <div className="mx-2 mb-2 h-px bg-line" />
                : (
                  <p className="px-2.5 pb-1.5 text-[11px] font-semibold tracking-wider text-ink-subtle uppercase">
                    {t(`nav.${section.key}`)}
                  </p>
                )
            )}
            {section.entries.map((entry) =>
              entry.kind === "group"
                ? <Group key={entry.key} group={entry} collapsed={collapsed} />
                : (
                  <LeafLink
                    key={entry.key}
                    item={entry}
                    collapsed={collapsed}
                    warning={entry.badge === "connections" && connectionsWarning}
                    dot={entry.badge === "chats" && unreadChats}
                  />
                )
            )}
          </div>
        ))}
      </nav>
      {!collapsed && version && (
        <div
          data-testid="version-footer"
          className="shrink-0 border-t border-line px-5 py-3 text-xs text-ink-subtle"
        >
          {t("nav.version", { version })}
        </div>
      )}
    </aside>
  );
}
