import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

export const fieldClasses = cn(
  "w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs outline-none",
  "placeholder:text-ink-subtle transition-[border-color,box-shadow]",
  "focus:border-primary focus:ring-3 focus:ring-primary/20",
  "disabled:cursor-not-allowed disabled:opacity-60",
  "aria-[invalid=true]:border-danger aria-[invalid=true]:focus:ring-danger/20",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClasses, "h-9", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClasses, "min-h-20 py-2 leading-relaxed", className)} {...props} />;
}
