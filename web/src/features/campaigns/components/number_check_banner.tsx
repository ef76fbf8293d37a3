import { useTranslation } from "react-i18next";
import { ShieldCheck, ShieldQuestion } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { toastError } from "../../../lib/toast.ts";
import { useNumberCheck, useStartNumberCheck } from "../api/contact_lists.ts";

/**
 * Above a contact list: whether its numbers are checked on WhatsApp (through which connection),
 * the counts so far with a bar while the background check runs, or why they stay unchecked.
 */
export function NumberCheckBanner({ listId }: { listId: number }) {
  const { t } = useTranslation("campaigns");
  const { data } = useNumberCheck(listId);
  const start = useStartNumberCheck(listId);
  if (!data) return null;
  const total = data.valid + data.invalid + data.unchecked;
  const checked = data.valid + data.invalid;
  if (!data.available) {
    return (
      <div
        className="flex items-start gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-ink-muted"
        data-testid="number-check-unavailable"
      >
        <ShieldQuestion className="mt-0.5 size-5 shrink-0 text-ink-subtle" />
        <p>{t("numberCheck.unavailable")}</p>
      </div>
    );
  }
  const pct = total ? Math.round((checked / total) * 100) : 100;
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-4 py-3 text-sm"
      data-testid="number-check"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ShieldCheck className="size-5 shrink-0 text-success" />
        <p className="min-w-0 flex-1 text-ink">
          {t("numberCheck.through", { connection: data.connectionName })}
        </p>
        <p className="text-ink-muted tabular-nums" data-testid="number-check-counts">
          {t("numberCheck.counts", { valid: data.valid, invalid: data.invalid, unchecked: data.unchecked })}
        </p>
        {data.unchecked > 0 && (
          <Button
            size="sm"
            variant="secondary"
            loading={start.isPending}
            onClick={() => start.mutateAsync().catch(toastError)}
            data-testid="number-check-start"
          >
            {t("numberCheck.start")}
          </Button>
        )}
      </div>
      {data.unchecked > 0 && total > 0 && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-valuenow={pct}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-success transition-[width]" style={{ width: `${pct}%` }} />
        </div>
      )}
    </div>
  );
}
