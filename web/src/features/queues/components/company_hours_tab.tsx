import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { PageSpinner } from "../../../components/ui/spinner.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { useCompanySchedules, useSaveCompanySchedules, type WorkingHours } from "../api/queues.ts";
import { fullWeek, hoursInvalid, WorkingHoursEditor } from "./working_hours_editor.tsx";

/** Settings → schedules (scheduleType company): the company's hours, saved with one button. */
export function CompanyHoursTab({ companyId }: { companyId: number }) {
  const { data, isPending } = useCompanySchedules(companyId);
  if (isPending || !data) return <PageSpinner />;
  return (
    <HoursForm key={data.id} companyId={companyId} initial={fullWeek(data.schedules)} zone={data.timezone} />
  );
}

function HoursForm(
  { companyId, initial, zone }: { companyId: number; initial: WorkingHours[]; zone: string },
) {
  const { t } = useTranslation("queues");
  const save = useSaveCompanySchedules(companyId);
  const [hours, setHours] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const submit = async () => {
    // The editor already shows which day is wrong; nothing is sent until it is fixed.
    if (hoursInvalid(hours)) return;
    try {
      await save.mutateAsync(hours);
      setDirty(false);
      toastSuccess(t("schedulesTab.saved"));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Card className="mt-5 flex flex-col gap-4 p-5" data-testid="company-hours">
      <div>
        <h2 className="text-base font-semibold text-ink">{t("schedulesTab.title")}</h2>
        <p className="text-sm text-ink-muted">{t("schedulesTab.description")} ({zone})</p>
      </div>
      <WorkingHoursEditor
        value={hours}
        onChange={(h) => (setHours(h), setDirty(true))}
        testId="company-hours"
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {dirty && <span className="text-xs text-warning">{t("schedulesTab.unsaved")}</span>}
        <Button onClick={submit} loading={save.isPending} data-testid="company-hours-save">
          {t("schedulesTab.save")}
        </Button>
      </div>
    </Card>
  );
}
