import type { ReactNode } from "react";

/** Page title row used by every screen inside the shell. */
export function PageHeader(
  { title, description, actions, count }: {
    title: ReactNode;
    description?: ReactNode;
    actions?: ReactNode;
    count?: number;
  },
) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight text-ink">
          {title}
          {count !== undefined && (
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-ink-muted">
              {count}
            </span>
          )}
        </h1>
        {description && <p className="text-sm text-ink-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
