import type { ComponentProps } from "react";
import { Tabs as T } from "radix-ui";
import { useScrollEnds } from "../../lib/use_scroll_ends.ts";
import { cn } from "../../lib/utils.ts";

export const Tabs = T.Root;

/**
 * One line of tabs that never wraps or cuts a label: when the strip is wider than its box it
 * scrolls sideways, and the end that hides tabs fades out so the user sees there is more
 * (`data-hidden` holds which end; the fade is a mask, so it works on any background).
 */
export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  const [ref, hidden] = useScrollEnds<HTMLDivElement>();
  return (
    <T.List
      ref={ref}
      data-hidden={hidden}
      className={cn(
        "flex gap-1 overflow-x-auto border-b border-line [scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
        "data-[hidden=end]:[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]",
        "data-[hidden=start]:[mask-image:linear-gradient(to_left,black_calc(100%-2.5rem),transparent)]",
        "data-[hidden=both]:[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        "-mb-px inline-flex shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 pt-1 pb-2.5 text-sm font-medium",
        "text-ink-muted outline-none transition-colors hover:text-ink focus-visible:text-ink",
        "data-[state=active]:border-primary data-[state=active]:text-ink [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn("pt-5 outline-none", className)} {...props} />;
}
