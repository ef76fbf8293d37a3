import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

const TONES = {
  neutral: "bg-surface-2 text-ink-muted ring-line",
  primary: "bg-primary-soft text-primary-strong ring-primary/25",
  success: "bg-success/10 text-success ring-success/25",
  warning: "bg-warning/10 text-warning ring-warning/30",
  danger: "bg-danger/10 text-danger ring-danger/25",
} as const;

export function Badge(
  { tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: keyof typeof TONES },
) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
