import type { ReactNode } from "react";
import { AlertDialog as A } from "radix-ui";
import { TriangleAlert } from "lucide-react";
import { Button } from "./button.tsx";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  loading?: boolean;
};

export function ConfirmDialog(
  { open, onOpenChange, title, description, confirmLabel, cancelLabel, onConfirm, loading }:
    ConfirmDialogProps,
) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/45 backdrop-blur-[2px]" />
        <A.Content className="animate-pop-in fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-2xl outline-none">
          <div className="flex gap-4">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger/10 text-danger">
              <TriangleAlert className="size-5" />
            </div>
            <div className="flex flex-col gap-1.5 pt-1">
              <A.Title className="text-base font-semibold text-ink">{title}</A.Title>
              {description
                ? <A.Description className="text-sm text-ink-muted">{description}</A.Description>
                : <A.Description className="sr-only">{title}</A.Description>}
            </div>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <A.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </A.Cancel>
            <Button
              variant="danger"
              loading={loading}
              onClick={onConfirm}
              data-testid="confirm-dialog-confirm"
            >
              {confirmLabel}
            </Button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
