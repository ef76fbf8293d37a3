import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

type FieldProps = {
  label: ReactNode;
  htmlFor: string;
  error?: string | null;
  hint?: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** Label, control, and either the validation message or a hint underneath. */
export function Field({ label, htmlFor, error, hint, action, className, children }: FieldProps) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={htmlFor} className="text-[13px] font-medium text-ink-muted">{label}</label>
        {action}
      </div>
      {children}
      {error
        ? <p role="alert" id={`${htmlFor}-error`} className="text-xs font-medium text-danger">{error}</p>
        : hint
        ? <p className="text-xs text-ink-subtle">{hint}</p>
        : null}
    </div>
  );
}
