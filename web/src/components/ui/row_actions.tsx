import type { ReactNode } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { cn } from "../../lib/utils.ts";
import { Button } from "./button.tsx";
import { Tooltip } from "./tooltip.tsx";

/** A ghost icon button with its label as tooltip and aria-label. */
export function IconAction(
  { label, icon, onClick, testId, className }: {
    label: string;
    icon: ReactNode;
    onClick: () => void;
    testId?: string;
    className?: string;
  },
) {
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        data-testid={testId}
        onClick={onClick}
        className={className}
      >
        {icon}
      </Button>
    </Tooltip>
  );
}

type RowAction = { label: string; onClick: () => void; testId?: string };

/**
 * The right-aligned action buttons of a table row: any extra `children` first, then edit (pencil)
 * and delete (trash, danger on hover) when given. Pair delete with `useDeleteConfirmation`.
 */
export function RowActions(
  { edit, remove, children, className }: {
    edit?: RowAction;
    remove?: RowAction;
    children?: ReactNode;
    className?: string;
  },
) {
  return (
    <div className={cn("flex justify-end gap-1", className)}>
      {children}
      {edit && <IconAction {...edit} icon={<Pencil className="size-4" />} />}
      {remove && (
        <IconAction
          {...remove}
          icon={<Trash2 className="size-4" />}
          className="hover:text-danger"
        />
      )}
    </div>
  );
}
