import type { ReactNode } from "react";
import { Tooltip as T } from "radix-ui";

export const TooltipProvider = T.Provider;

export function Tooltip(
  { content, children, side = "bottom" }: {
    content: ReactNode;
    children: ReactNode;
    side?: "top" | "bottom" | "left" | "right";
  },
) {
  return (
    <T.Root delayDuration={300}>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content
          side={side}
          sideOffset={6}
          className="animate-fade-in z-50 rounded-md bg-ink px-2 py-1 text-xs font-medium text-canvas shadow-lg"
        >
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
