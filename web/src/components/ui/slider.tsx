import type { ComponentProps } from "react";
import { Slider as S } from "radix-ui";
import { cn } from "../../lib/utils.ts";

export function Slider({ className, ...props }: ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      className={cn("relative flex h-5 w-full touch-none items-center select-none", className)}
      {...props}
    >
      <S.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-line">
        <S.Range className="absolute h-full bg-primary" />
      </S.Track>
      <S.Thumb className="block size-4 cursor-pointer rounded-full border-2 border-primary bg-surface shadow outline-none focus-visible:ring-3 focus-visible:ring-primary/30" />
    </S.Root>
  );
}
