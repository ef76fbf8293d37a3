/**
 * The top bar's dropdown buttons: an icon with its unread count that opens a list (the bell, the
 * internal chats, the announcements), and the list of unread conversations they show.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Avatar } from "../ui/avatar.tsx";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty_state.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover.tsx";
import { Tooltip } from "../ui/tooltip.tsx";

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-count"
      className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-semibold text-white ring-2 ring-surface"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

export function HeaderPopover(
  { icon, label, title, emptyTitle, emptyHint, count, testId, children, onOpenChange, header }: {
    onOpenChange?: (open: boolean) => void;
    /** Shown under the title, above the list (e.g. the desktop notifications offer). */
    header?: ReactNode;
    icon: ReactNode;
    label: string;
    title: string;
    emptyTitle: string;
    emptyHint: string;
    count: number;
    testId: string;
    children?: ReactNode;
  },
) {
  return (
    <Popover onOpenChange={onOpenChange}>
      <Tooltip content={label}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={label} data-testid={testId} className="relative">
            {icon}
            <CountBadge count={count} />
          </Button>
        </PopoverTrigger>
      </Tooltip>
      <PopoverContent className="w-80 overflow-hidden p-0">
        <div className="border-b border-line px-4 py-3 text-sm font-semibold text-ink">{title}</div>
        {header}
        <div className="max-h-[300px] overflow-y-auto" data-testid={`${testId}-list`}>
          {children ?? <EmptyState icon={icon} title={emptyTitle} description={emptyHint} className="py-8" />}
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** One unread conversation in the bell. */
export type NotificationItem = {
  id: number;
  title: string;
  body: string;
  time: string;
  href: string;
  unread: number;
  picture?: string | null;
  /** A waiting (pending) ticket the user may take. */
  waiting?: boolean;
};

export function NotificationList({ items }: { items: NotificationItem[] }) {
  const { t } = useTranslation("attend");
  return (
    <ul>
      {items.map((n) => (
        <li key={n.id}>
          <Link
            to={n.href}
            data-testid={`notification-${n.id}`}
            className="flex items-center gap-3 border-b border-line/60 px-4 py-2.5 hover:bg-surface-2"
          >
            <Avatar name={n.title} src={n.picture} size="sm" />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{n.title}</span>
                <span className="shrink-0 text-[11px] text-ink-subtle tabular-nums">{n.time}</span>
              </span>
              <span className="flex items-center gap-2">
                {n.waiting && (
                  <span
                    className="shrink-0 rounded-full bg-amber-100 px-1.5 text-[10px] font-semibold text-amber-800 dark:bg-amber-400/20 dark:text-amber-200"
                    data-testid={`notification-waiting-${n.id}`}
                  >
                    {t("notify.waiting")}
                  </span>
                )}
                <span className="min-w-0 flex-1 truncate text-xs text-ink-muted">{n.body}</span>
                {n.unread > 0 && (
                  <span className="flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-bold text-primary-fg">
                    {n.unread}
                  </span>
                )}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
