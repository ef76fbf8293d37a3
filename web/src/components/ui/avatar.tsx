import { Avatar as A } from "radix-ui";
import { cn, initials } from "../../lib/utils.ts";

/** Soft background tints so people are easy to tell apart; picked from the name. */
const TINTS = [
  "bg-sky-100 text-sky-800 dark:bg-sky-500/20 dark:text-sky-200",
  "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200",
  "bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200",
  "bg-rose-100 text-rose-800 dark:bg-rose-500/20 dark:text-rose-200",
  "bg-violet-100 text-violet-800 dark:bg-violet-500/20 dark:text-violet-200",
  "bg-teal-100 text-teal-800 dark:bg-teal-500/20 dark:text-teal-200",
  "bg-indigo-100 text-indigo-800 dark:bg-indigo-500/20 dark:text-indigo-200",
];

function tint(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return TINTS[h % TINTS.length];
}

const SIZES = {
  sm: "size-8 text-xs",
  md: "size-9 text-sm",
  lg: "size-16 text-lg",
  xl: "size-20 text-xl",
} as const;

export function Avatar(
  { src, name, size = "md", className }: {
    src?: string | null;
    name: string;
    size?: keyof typeof SIZES;
    className?: string;
  },
) {
  return (
    <A.Root className={cn("inline-flex shrink-0 overflow-hidden rounded-full", SIZES[size], className)}>
      {src && <A.Image src={src} alt={name} className="size-full object-cover" />}
      <A.Fallback
        delayMs={src ? 400 : 0}
        className={cn("flex size-full items-center justify-center font-semibold", tint(name))}
      >
        {initials(name)}
      </A.Fallback>
    </A.Root>
  );
}
