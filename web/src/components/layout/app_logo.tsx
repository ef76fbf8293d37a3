import { useTheme } from "../../lib/theme.tsx";
import { cn } from "../../lib/utils.ts";

/** The built-in mark, used when no white-label logo is configured. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="9" fill="var(--brand)" />
      <path
        d="M9 21.5V13a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v4a4 4 0 0 1-4 4h-5.5L9 24.5z"
        fill="var(--brand-fg)"
      />
      <circle cx="14" cy="15" r="1.3" fill="var(--brand)" />
      <circle cx="18" cy="15" r="1.3" fill="var(--brand)" />
    </svg>
  );
}

/** Configured logo for the current mode, else the mark plus the app name. */
export function AppLogo({ compact, className }: { compact?: boolean; className?: string }) {
  const { logoUrl, appName } = useTheme();
  if (logoUrl && !compact) {
    return <img src={logoUrl} alt={appName} className={cn("h-8 max-w-40 object-contain", className)} />;
  }
  return (
    <span className={cn("flex items-center gap-2.5", className)}>
      <LogoMark />
      {!compact && (
        <span className="truncate text-[17px] font-semibold tracking-tight text-ink">{appName}</span>
      )}
    </span>
  );
}
