import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { api } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";

/** An admin turns a colleague's two-factor login off (lost phone, no recovery codes left). */
export function ResetTwoFactor({ userId }: { userId: number }) {
  const { t } = useTranslation("twoFactor");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await api.delete(`/auth/2fa/users/${userId}`);
      toastSuccess(t("reset.done"));
      setOpen(false);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4" data-testid="twofa-reset">
      <p className="text-xs text-ink-muted">{t("reset.hint")}</p>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setOpen(true)}>
        <KeyRound className="size-4" />
        {t("reset.button")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("reset.title")}
        description={t("reset.description")}
        confirmLabel={t("reset.button")}
        cancelLabel={t("common:actions.cancel")}
        onConfirm={confirm}
        loading={busy}
      />
    </div>
  );
}
