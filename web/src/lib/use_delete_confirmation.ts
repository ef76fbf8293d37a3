import { type ReactNode, useState } from "react";
import { toastError, toastSuccess } from "./toast.ts";

type DeleteMutation = { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };

/**
 * The delete-with-confirmation flow of a list: `request(row)` opens the dialog, confirming runs the
 * mutation, toasts success or the error, and closes. Pass `dialog` to `ListPage`'s `confirm` (or
 * spread it into a `ConfirmDialog`). `t` is the list's namespace, which holds `confirmDelete.message`,
 * `actions.delete` and `toasts.deleted`; `title` names the row (`confirmDelete.title`).
 */
export function useDeleteConfirmation<T extends { id: number }>(
  remove: DeleteMutation,
  t: (key: string) => string,
  title: (row: T | null) => ReactNode,
) {
  const [target, setTarget] = useState<T | null>(null);

  const onConfirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toastSuccess(t("toasts.deleted"));
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
      title: title(target),
      description: t("confirmDelete.message"),
      confirmLabel: t("actions.delete"),
      cancelLabel: t("common:actions.cancel"),
      onConfirm,
      loading: remove.isPending,
    },
  };
}
