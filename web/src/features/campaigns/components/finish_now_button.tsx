/**
 * "Finish now" in the campaign report: ends a running campaign at once (POST /campaigns/:id/finish)
 * after a confirmation dialog that says what happens to the shipments not yet sent and to the
 * contacts still awaiting their confirmation.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleStop } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm_dialog.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { type Counts, useCampaignAction } from "../api/campaigns.ts";

export function FinishNowButton({ campaignId, counts }: { campaignId: number; counts: Counts }) {
  const { t } = useTranslation("campaigns");
  const action = useCampaignAction();
  const [open, setOpen] = useState(false);
  const finish = async () => {
    try {
      await action.mutateAsync({ id: campaignId, action: "finish" });
      setOpen(false);
      toastSuccess(t("report.finished"));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="report-finish">
        <CircleStop className="size-4" />
        {t("report.finish")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("report.finishTitle")}
        description={t("report.finishDescription", {
          pending: counts.pending,
          awaiting: counts.confirmationRequested,
        })}
        confirmLabel={t("report.finish")}
        cancelLabel={t("report.keepRunning")}
        onConfirm={finish}
        loading={action.isPending}
      />
    </>
  );
}
