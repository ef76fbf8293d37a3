import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MoonStar } from "lucide-react";
import type { PushPrefsDTO } from "@contract/push.ts";
import { api } from "../../lib/api.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toastError, toastSuccess } from "../../lib/toast.ts";

const KEY = ["push", "prefs"];

/**
 * The profile's quiet hours: no push notifications between two times of the user's day (their own
 * zone). Empty both = none; an end before the start crosses midnight.
 */
export function QuietHoursSection() {
  const { t } = useTranslation("attend");
  const qc = useQueryClient();
  const prefs = useQuery({ queryKey: KEY, queryFn: () => api.get<PushPrefsDTO>("/push/prefs") });
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  useEffect(() => {
    setStart(prefs.data?.quietStart ?? "");
    setEnd(prefs.data?.quietEnd ?? "");
  }, [prefs.data]);
  const save = useMutation({
    mutationFn: (v: PushPrefsDTO) => api.put<PushPrefsDTO>("/push/prefs", v),
    onSuccess: (v) => {
      qc.setQueryData(KEY, v);
      toastSuccess(t("push.saved"));
    },
    onError: (err) => toastError(err),
  });
  const both = Boolean(start) && Boolean(end);
  const none = !start && !end;
  return (
    <section className="flex flex-col gap-3 border-t border-line pt-5" data-testid="quiet-hours">
      <div className="flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
          <MoonStar className="size-4" />
        </span>
        <div className="flex flex-1 flex-col gap-0.5">
          <h3 className="text-sm font-semibold">{t("push.quietHours")}</h3>
          <p className="text-xs text-ink-muted">{t("push.quietHint")}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t("push.from")}
          <Input
            type="time"
            className="w-32"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            data-testid="quiet-start"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t("push.to")}
          <Input
            type="time"
            className="w-32"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            data-testid="quiet-end"
          />
        </label>
        <Button
          size="sm"
          variant="secondary"
          disabled={!(both || none) || save.isPending}
          onClick={() => save.mutate({ quietStart: start || null, quietEnd: end || null })}
          data-testid="quiet-save"
        >
          {t("common:actions.save")}
        </Button>
        {!none && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setStart("");
              setEnd("");
              save.mutate({ quietStart: null, quietEnd: null });
            }}
          >
            {t("push.clear")}
          </Button>
        )}
      </div>
    </section>
  );
}
