/**
 * The connection modal's parts that belong to working hours: the schedules tab (scheduleType
 * connection), collective vacation and the greeting media (spec 2 §2, §3, §5). Kept apart from the
 * connection form's own values; the modal merges `extrasPayload` into what it saves.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Paperclip, Trash2 } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { api } from "../../../lib/api.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import type { WorkingHours } from "../api/queues.ts";
import { fullWeek, WorkingHoursEditor } from "./working_hours_editor.tsx";
import { todayKey } from "../../../lib/dates.ts";

export type ConnectionExtras = {
  schedules: WorkingHours[];
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  collectiveVacationMessage: string;
};

type Stored = {
  schedules?: WorkingHours[] | null;
  collectiveVacationStart?: string | null;
  collectiveVacationEnd?: string | null;
  collectiveVacationMessage?: string | null;
};

export const extrasFrom = (c: Stored | null | undefined): ConnectionExtras => ({
  schedules: fullWeek(c?.schedules),
  collectiveVacationStart: c?.collectiveVacationStart?.slice(0, 10) ?? "",
  collectiveVacationEnd: c?.collectiveVacationEnd?.slice(0, 10) ?? "",
  collectiveVacationMessage: c?.collectiveVacationMessage ?? "",
});

export function extrasPayload(x: ConnectionExtras, withHours: boolean) {
  return {
    ...(withHours ? { schedules: x.schedules } : {}),
    collectiveVacationStart: x.collectiveVacationStart || null,
    collectiveVacationEnd: x.collectiveVacationEnd || null,
    collectiveVacationMessage: x.collectiveVacationMessage.trim() || null,
  };
}

const TEN_DAYS = 10 * 86_400_000;

/** Spec 2 §5: both dates with a vacation message, not more than 10 days back, end not before start. */
export function extrasErrors(x: ConnectionExtras): Partial<Record<keyof ConnectionExtras, string>> {
  const e: Partial<Record<keyof ConnectionExtras, string>> = {};
  const minDay = todayKey(Date.now() - TEN_DAYS);
  if (x.collectiveVacationMessage.trim()) {
    if (!x.collectiveVacationStart) e.collectiveVacationStart = "validation.required";
    if (!x.collectiveVacationEnd) e.collectiveVacationEnd = "validation.required";
  }
  if (x.collectiveVacationStart && x.collectiveVacationStart < minDay) {
    e.collectiveVacationStart = "vacation.tooOld";
  }
  if (
    x.collectiveVacationEnd && x.collectiveVacationStart &&
    x.collectiveVacationEnd < x.collectiveVacationStart
  ) {
    e.collectiveVacationEnd = "vacation.endBeforeStart";
  }
  return e;
}

export function ConnectionHoursTab(
  { value, onChange }: { value: ConnectionExtras; onChange: (x: ConnectionExtras) => void },
) {
  return (
    <div className="pt-4">
      <WorkingHoursEditor
        value={value.schedules}
        onChange={(schedules) => onChange({ ...value, schedules })}
        testId="conn-hours"
      />
    </div>
  );
}

export function VacationAndMedia(
  { value, onChange, connectionId, media }: {
    value: ConnectionExtras;
    onChange: (x: ConnectionExtras) => void;
    connectionId?: number;
    media?: string | null;
  },
) {
  const { t } = useTranslation("queues");
  const errors = extrasErrors(value);
  const set = (k: keyof ConnectionExtras, v: string) => onChange({ ...value, [k]: v });
  const minDay = todayKey(Date.now() - TEN_DAYS);
  return (
    <div className="mt-5 flex flex-col gap-4 border-t border-line pt-4">
      <h3 className="text-sm font-semibold text-ink">{t("vacation.title")}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("vacation.start")}
          htmlFor="conn-vacation-start"
          error={errors.collectiveVacationStart && t(errors.collectiveVacationStart)}
        >
          <Input
            id="conn-vacation-start"
            type="date"
            min={minDay}
            value={value.collectiveVacationStart}
            onChange={(e) => set("collectiveVacationStart", e.target.value)}
          />
        </Field>
        <Field
          label={t("vacation.end")}
          htmlFor="conn-vacation-end"
          error={errors.collectiveVacationEnd && t(errors.collectiveVacationEnd)}
        >
          <Input
            id="conn-vacation-end"
            type="date"
            min={value.collectiveVacationStart || minDay}
            value={value.collectiveVacationEnd}
            onChange={(e) => set("collectiveVacationEnd", e.target.value)}
          />
        </Field>
      </div>
      <Field label={t("vacation.message")} htmlFor="conn-vacation-message">
        <Textarea
          id="conn-vacation-message"
          rows={2}
          value={value.collectiveVacationMessage}
          onChange={(e) => set("collectiveVacationMessage", e.target.value)}
        />
      </Field>
      {connectionId && <GreetingMedia connectionId={connectionId} current={media ?? null} />}
    </div>
  );
}

function GreetingMedia({ connectionId, current }: { connectionId: number; current: string | null }) {
  const { t } = useTranslation("queues");
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(current?.split("/").pop() ?? null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<{ greetingMediaAttachment: string | null }>, ok: string) => {
    setBusy(true);
    try {
      const r = await fn();
      setName(r.greetingMediaAttachment?.split("/").pop() ?? null);
      qc.invalidateQueries({ queryKey: ["connections"] });
      toastSuccess(ok);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return run(
      () =>
        api.upload<{ greetingMediaAttachment: string | null }>(
          `/whatsapp/${connectionId}/media-upload`,
          form,
        ),
      t("media.uploaded"),
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-[13px] font-medium text-ink-muted">{t("media.title")}</span>
      <span className="truncate text-sm text-ink" data-testid="greeting-media-name">
        {name ?? t("media.none")}
      </span>
      <input
        ref={input}
        type="file"
        hidden
        onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
        data-testid="greeting-media-input"
      />
      <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
        <Paperclip className="size-4" />
        {t("media.attach")}
      </Button>
      {name && (
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() =>
            run(
              () =>
                api.delete<{ greetingMediaAttachment: string | null }>(
                  `/whatsapp/${connectionId}/media-upload`,
                ),
              t("media.removed"),
            )}
        >
          <Trash2 className="size-4" />
          {t("media.remove")}
        </Button>
      )}
    </div>
  );
}
