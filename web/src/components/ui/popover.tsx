import type { ComponentProps } from "react";
import { Popover as P } from "radix-ui";
import { cn } from "../../lib/utils.ts";

export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;
export const PopoverAnchor = P.Anchor;

export function PopoverContent(
  { className, sideOffset = 8, align = "end", ...props }: ComponentProps<typeof P.Content>,
) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "animate-menu-in z-50 w-80 rounded-xl border border-line bg-surface shadow-xl outline-none",
          className,
        )}
        {...props}
      />
    </P.Portal>
  );
}
