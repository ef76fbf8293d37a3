import type { ReactNode, UIEvent } from "react";
import { Search } from "lucide-react";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Input } from "../ui/input.tsx";
import { PageHeader } from "../ui/page_section.tsx";

type ListPageProps = {
  testId: string;
  title: ReactNode;
  /** The total, shown as a badge beside the title once known. */
  count?: number;
  description?: ReactNode;
  search: {
    value: string;
    onChange: (value: string) => void;
    placeholder: string;
    testId?: string;
    /** Width of the box from `sm` up; defaults to `sm:w-64`. */
    className?: string;
  };
  /** The main button, last in the header (e.g. "Add"). */
  primaryAction?: { label: ReactNode; icon: ReactNode; onClick: () => void; testId?: string };
  /** More header buttons, between the search box and the primary action. */
  actions?: ReactNode;
  onScroll?: (e: UIEvent<HTMLDivElement>) => void;
  scrollTestId?: string;
  /** The list itself (usually a `DataTable`), inside the scrolling card. */
  children: ReactNode;
  /** Modals and dialogs, after the card. */
  dialogs?: ReactNode;
};

/** A list screen: header with title, count, search and actions over a card that scrolls its list. */
export function ListPage(
  {
    testId,
    title,
    count,
    description,
    search,
    primaryAction,
    actions,
    onScroll,
    scrollTestId,
    children,
    dialogs,
  }: ListPageProps,
) {
  return (
    <div className="flex flex-col gap-6" data-testid={testId}>
      <PageHeader
        title={title}
        count={count}
        description={description}
        actions={
          <>
            <div className={cn("relative w-full sm:w-64", search.className)}>
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
              <Input
                type="search"
                value={search.value}
                onChange={(e) => search.onChange(e.target.value)}
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
      <Card className="overflow-hidden">
        <div
          className="max-h-[calc(100dvh-15rem)] min-h-64 overflow-y-auto"
          onScroll={onScroll}
          data-testid={scrollTestId}
        >
          {children}
        </div>
      </Card>
      {dialogs}
    </div>
  );
}
