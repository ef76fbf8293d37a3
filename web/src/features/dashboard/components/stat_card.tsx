import type { ReactNode } from "react";
import { Card } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/utils.ts";

/** One counter: icon, label, value (and an optional hint under it). */
export function StatCard(
  { icon, label, value, hint, testId, tone = "primary" }: {
    icon: ReactNode;
    label: string;
    value: ReactNode;
    hint?: ReactNode;
    testId?: string;
    tone?: "primary" | "success" | "warning" | "danger";
  },
) {
  const tones = {
    primary: "bg-primary-soft text-primary-strong",
    success: "bg-success/10 text-success",
    warning: "bg-warning/10 text-warning",
    danger: "bg-danger/10 text-danger",
  };
  return (
    <Card className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4" data-testid={testId}>
      <span
        className={cn(
          "flex size-10 shrink-0 items-center justify-center rounded-xl max-sm:hidden [&>svg]:size-5",
          tones[tone],
        )}
      >
        {icon}
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="truncate text-xs font-medium text-ink-muted">{label}</span>
        <span
          className="text-xl font-semibold text-ink tabular-nums"
          data-testid={testId && `${testId}-value`}
        >
          {value}
        </span>
        {hint && <span className="truncate text-xs text-ink-subtle">{hint}</span>}
      </div>
    </Card>
  );
}
