import type { Key, ReactNode } from "react";
import { cn } from "../../lib/utils.ts";
import { PageSpinner, Spinner } from "./spinner.tsx";

const TH =
  "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase";
const TD = "border-b border-line px-4 py-3";

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes on both the header and the cells (responsive hiding, alignment). */
  className?: string;
  headerClassName?: string;
  cellClassName?: string;
};

export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  rowTestId?: (row: T) => string;
  rowClassName?: string;
  /** Extra classes per row (e.g. a due-date tint). */
  rowClass?: (row: T) => string | undefined;
  testId?: string;
  /** The first page is loading: a page spinner instead of the table. */
  loading?: boolean;
  /** A further page is loading: a spinner below the table (the infinite-scroll sentinel). */
  loadingMore?: boolean;
  /** The query failed: `errorState` is shown when given, else the empty state. */
  error?: boolean;
  errorState?: ReactNode;
  /** Shown when there are no rows. */
  emptyState: ReactNode;
};

/** A sticky-header table with loading, error and empty states, for lists scrolled inside a `ListPage`. */
export function DataTable<T>(
  {
    columns,
    rows,
    rowKey,
    rowTestId,
    rowClassName = "hover:bg-surface-2/60",
    rowClass,
    testId,
    loading,
    loadingMore,
    error,
    errorState,
    emptyState,
  }: DataTableProps<T>,
) {
  return (
    <>
      {loading
        ? <PageSpinner />
        : error && errorState
        ? errorState
        : rows.length === 0
        ? emptyState
        : (
          <table className="w-full border-separate border-spacing-0 text-sm" data-testid={testId}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} className={cn(TH, c.className, c.headerClassName)}>{c.header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  data-testid={rowTestId?.(row)}
                  className={cn(rowClassName, rowClass?.(row))}
                >
                  {columns.map((c) => (
                    <td key={c.key} className={cn(TD, c.className, c.cellClassName)}>{c.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {loadingMore && (
        <div className="flex justify-center py-4 text-ink-subtle">
          <Spinner />
        </div>
      )}
    </>
  );
}
