import type { ComponentProps, ReactNode, UIEvent } from "react";
import { Search } from "lucide-react";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { ConfirmDialog } from "../ui/confirm_dialog.tsx";
import { EmptyState } from "../ui/empty_state.tsx";
import { Input } from "../ui/input.tsx";
import { PageHeader } from "../ui/page_section.tsx";

/** What `ListPage` reads of a `useInfiniteList`: the total, the search text and the scroll handler. */
type ListState = {
  /** The total, shown as a badge beside the title once known. */
  count?: number;
  search: string;
  setSearch: (value: string) => void;
  onScroll: (e: UIEvent<HTMLDivElement>) => void;
};

type ListPageProps = {
  testId: string;
  title: ReactNode;
  description?: ReactNode;
  /** The `useInfiniteList` behind the page. */
  list: ListState;
  search: {
    placeholder: string;
    testId?: string;
    /** Width of the box from `sm` up; defaults to `sm:w-64`. */
    className?: string;
  };
  /** The main button, last in the header (e.g. "Add"). */
  primaryAction?: { label: ReactNode; icon: ReactNode; onClick: () => void; testId?: string };
  /** More header buttons, between the search box and the primary action. */
  actions?: ReactNode;
  scrollTestId?: string;
  /** A notice between the header and the list (e.g. a background job's state). */
  banner?: ReactNode;
  /** The list itself (usually a `DataTable`), inside the scrolling card. */
  children: ReactNode;
  /** Modals and dialogs, after the card. */
  dialogs?: ReactNode;
  /** The delete confirmation (`useDeleteConfirmation().dialog`), after `dialogs`. */
  confirm?: ComponentProps<typeof ConfirmDialog>;
};

/** A list screen: header with title, count, search and actions over a card that scrolls its list. */
export function ListPage(
  {
    testId,
    title,
    description,
    list,
    search,
    primaryAction,
    actions,
    scrollTestId,
    banner,
    children,
    dialogs,
    confirm,
  }: ListPageProps,
) {
  return (
    <div className="flex flex-col gap-6" data-testid={testId}>
      <PageHeader
        title={title}
        count={list.count}
        description={description}
        actions={
          <>
            <div className={cn("relative w-full sm:w-64", search.className)}>
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
              <Input
                type="search"
                value={list.search}
                onChange={(e) => list.setSearch(e.target.value)}
                placeholder={search.placeholder}
                aria-label={search.placeholder}
                className="pl-9"
                data-testid={search.testId}
              />
            </div>
            {actions}
            {primaryAction && (
              <Button onClick={primaryAction.onClick} data-testid={primaryAction.testId}>
                {primaryAction.icon}
                {primaryAction.label}
              </Button>
            )}
          </>
        }
      />
      {banner}
      <Card className="overflow-hidden">
        <div
          className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-y-auto"
          onScroll={list.onScroll}
          data-testid={scrollTestId}
        >
          {children}
        </div>
      </Card>
      {dialogs}
      {confirm && <ConfirmDialog {...confirm} />}
    </div>
  );
}

/**
 * A list's empty state: `empty` with `emptyHint`, or `noResults` while `searching`, from the list's
 * namespace `t`; the hint while searching is `noResultsHint` with `searchHint`, else `emptyHint`.
 */
export function ListEmptyState(
  { icon, searching, t, searchHint }: {
    icon: ReactNode;
    searching: boolean;
    t: (key: string) => string;
    searchHint?: boolean;
  },
) {
  return (
    <EmptyState
      icon={icon}
      title={searching ? t("noResults") : t("empty")}
      description={searching && searchHint ? t("noResultsHint") : t("emptyHint")}
    />
  );
}
