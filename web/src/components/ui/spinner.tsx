import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/utils.ts";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return <LoaderCircle aria-label={label} role="status" className={cn("size-5 animate-spin", className)} />;
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex h-full min-h-40 w-full items-center justify-center text-ink-subtle">
      <Spinner className="size-6" label={label} />
    </div>
  );
}
