import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";
import { PageSpinner } from "./spinner.tsx";

type FormDialogProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Classes on the dialog (e.g. a wider `max-w-2xl`). */
  className?: string;
  /** Closing the dialog: the Cancel button, Escape, the overlay and the close button. */
  onClose: () => void;
  /** The form's id, which the Save button in the footer submits. */
  formId: string;
  formTestId?: string;
  /** Classes on the form; defaults to a column of fields `flex flex-col gap-4`. */
  formClassName?: string;
  onSubmit: (e?: FormEvent) => void;
  /** The save is running: the Save button shows its spinner. */
  saving: boolean;
  saveTestId: string;
  /** The Save button's label; defaults to common `actions.save`. */
  saveLabel?: ReactNode;
  /** The record is still loading: a spinner instead of the form. */
  loading?: boolean;
  children: ReactNode;
};

/** An add/edit modal: a `Dialog` around a form, with Cancel and Save (submits the form) in the footer. */
export function FormDialog(
  {
    title,
    description,
    className,
    onClose,
    formId,
    formTestId,
    formClassName = "flex flex-col gap-4",
    onSubmit,
    saving,
    saveTestId,
    saveLabel,
    loading,
    children,
  }: FormDialogProps,
) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      className={className}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("actions.cancel")}</Button>
          <Button type="submit" form={formId} loading={saving} data-testid={saveTestId}>
            {saveLabel ?? t("actions.save")}
          </Button>
        </>
      }
    >
      {loading ? <PageSpinner /> : (
        <form
          id={formId}
          onSubmit={onSubmit}
          noValidate
          className={formClassName || undefined}
          data-testid={formTestId}
        >
          {children}
          <button type="submit" hidden />
        </form>
      )}
    </Dialog>
  );
}
