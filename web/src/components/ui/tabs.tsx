import type { ComponentProps } from "react";
import { Tabs as T } from "radix-ui";
import { cn } from "../../lib/utils.ts";

export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return <T.List className={cn("flex gap-1 border-b border-line", className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        "-mb-px inline-flex cursor-pointer items-center gap-2 border-b-2 border-transparent px-3 pt-1 pb-2.5 text-sm font-medium",
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
