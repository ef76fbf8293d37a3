import { useTranslation } from "react-i18next";
import { CircleCheckBig, MessageSquareText } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";

type Props = { loading: boolean; onCancel: () => void; onConfirm: (farewell: boolean) => void };

/** Resolving asks whether the farewell message goes out. */
export function CloseDialog({ loading, onCancel, onConfirm }: Props) {
  const { t } = useTranslation("tickets");
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title={t("close.title")}
      description={t("close.description")}
      footer={<Button variant="secondary" onClick={onCancel}>{t("common:actions.cancel")}</Button>}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        <button
          type="button"
          disabled={loading}
          data-testid="close-with-farewell"
          onClick={() => onConfirm(true)}
          className="flex cursor-pointer flex-col items-start gap-2 rounded-xl border border-line p-4 text-left transition-colors hover:border-primary hover:bg-primary-soft disabled:opacity-60"
        >
          <MessageSquareText className="size-5 text-primary-strong" />
          <span className="text-sm font-semibold text-ink">{t("close.withFarewell")}</span>
          <span className="text-xs text-ink-muted">{t("close.withFarewellHint")}</span>
        </button>
        <button
          type="button"
          disabled={loading}
          data-testid="close-without-farewell"
          onClick={() => onConfirm(false)}
          className="flex cursor-pointer flex-col items-start gap-2 rounded-xl border border-line p-4 text-left transition-colors hover:border-primary hover:bg-primary-soft disabled:opacity-60"
        >
          <CircleCheckBig className="size-5 text-success" />
          <span className="text-sm font-semibold text-ink">{t("close.withoutFarewell")}</span>
          <span className="text-xs text-ink-muted">{t("close.withoutFarewellHint")}</span>
        </button>
      </div>
    </Dialog>
  );
}
