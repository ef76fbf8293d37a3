import { type ReactNode, useState } from "react";
import { toastError, toastSuccess } from "./toast.ts";

type DeleteMutation = { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };

/**
 * The delete-with-confirmation flow of a list: `request(row)` opens the dialog, confirming runs the
 * mutation, toasts success or the error, and closes. Spread `dialog` into a `ConfirmDialog`.
 */
export function useDeleteConfirmation<T extends { id: number }>(
  remove: DeleteMutation,
  labels: {
    title: (row: T | null) => ReactNode;
    description: ReactNode;
    confirm: ReactNode;
    cancel: ReactNode;
    deleted: string;
  },
) {
  const [target, setTarget] = useState<T | null>(null);

  const onConfirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toastSuccess(labels.deleted);
    } catch (err) {
      toastError(err);
    } finally {
      setTarget(null);
    }
  };

  return {
    target,
    request: (row: T) => setTarget(row),
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => !open && setTarget(null),
      title: labels.title(target),
      description: labels.description,
      confirmLabel: labels.confirm,
      cancelLabel: labels.cancel,
      onConfirm,
      loading: remove.isPending,
    },
  };
}
