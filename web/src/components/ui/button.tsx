import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cn } from "../../lib/utils.ts";
import { Spinner } from "./spinner.tsx";

const VARIANTS = {
  primary: "bg-primary text-primary-fg shadow-sm hover:brightness-105 active:brightness-95",
  secondary: "border border-line bg-surface text-ink shadow-xs hover:bg-surface-2",
  ghost: "text-ink-muted hover:bg-surface-2 hover:text-ink",
  danger: "bg-danger text-white shadow-sm hover:brightness-110",
  link: "text-primary-strong underline-offset-4 hover:underline px-0 h-auto",
} as const;

const SIZES = {
  sm: "h-8 px-3 text-[13px] gap-1.5",
  md: "h-9 px-4 text-sm gap-2",
  lg: "h-11 px-5 text-[15px] gap-2",
  icon: "h-9 w-9 p-0",
  "icon-sm": "h-8 w-8 p-0",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  loading?: boolean;
  asChild?: boolean;
};

export function Button(
  { variant = "primary", size = "md", loading, asChild, className, children, disabled, ...props }:
    ButtonProps,
) {
  const classes = cn(
    "inline-flex shrink-0 cursor-pointer items-center justify-center rounded-lg font-medium whitespace-nowrap",
    "transition-[background-color,filter,color,box-shadow] outline-none",
    "focus-visible:ring-2 focus-visible:ring-primary/50 focus-visible:ring-offset-1 focus-visible:ring-offset-canvas",
    "disabled:pointer-events-none disabled:opacity-55",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
  if (asChild) return <Slot.Root className={classes} {...props}>{children}</Slot.Root>;
  return (
    <button type="button" className={classes} disabled={disabled || loading} {...props}>
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
