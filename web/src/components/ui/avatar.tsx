import { Avatar as A } from "radix-ui";
import { cn, initials } from "../../lib/utils.ts";

const SIZES = { sm: "size-8 text-xs", md: "size-9 text-sm", lg: "size-16 text-lg", xl: "size-20 text-xl" } as const;

export function Avatar(
  { src, name, size = "md", className }: { src?: string | null; name: string; size?: keyof typeof SIZES; className?: string },
) {
  return (
    <A.Root className={cn("inline-flex shrink-0 overflow-hidden rounded-full bg-primary-soft", SIZES[size], className)}>
      {src && <A.Image src={src} alt={name} className="size-full object-cover" />}
      <A.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center font-semibold text-primary-strong"
      >
        {initials(name)}
      </A.Fallback>
    </A.Root>
  );
}
