/**
 * The transfer dialog's "leave an AI summary for the next attendant": checked by default when the
 * assistant is available, it writes the conversation's summary as a ticket note before the
 * transfer, so whoever takes the ticket finds it in the notes. Hidden when AI is not available.
 */
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { toastError } from "../../../lib/toast.ts";
import { summaryNote, useAiStatus } from "../api/ai_assist.ts";
import { uiLang } from "./ai_composer.tsx";

export function TransferSummaryOption(
  { checked, onChange }: { checked: boolean; onChange: (v: boolean) => void },
) {
  const { t } = useTranslation("aiAssist");
  const status = useAiStatus();
  if (!status.data?.available || status.data.budgetExhausted) return null;
  return (
    <label className="flex items-center gap-2 text-[14px] text-ink">
      <Checkbox
        checked={checked}
        onCheckedChange={(v) => onChange(v === true)}
        data-testid="transfer-ai-summary"
      />
      {t("transferSummary")}
    </label>
  );
}

/** Whether the option shows (the dialog runs the summary only then). */
export function useTransferSummaryAvailable(): boolean {
  const status = useAiStatus();
  return !!status.data?.available && !status.data.budgetExhausted;
}

/** Writes the summary note; a failure is told but never stops the transfer. */
export async function leaveSummary(ticketId: number, lng: string | undefined): Promise<void> {
  try {
    await summaryNote(ticketId, uiLang(lng));
  } catch (err) {
    toastError(err);
  }
}
