import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Paperclip, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useDebouncedValue } from "../../../lib/use_debounce.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { fieldErrorsOf } from "../../../lib/server_errors.ts";
import i18n from "../../../lib/i18n.ts";
import { fromZonedInput, toZonedInput } from "../../../lib/dates.ts";
import {
  useConnectionOptions,
  useContactSearch,
  useQueueOptions,
  useUserSearch,
} from "../../../lib/lookups.ts";
import { type Schedule, useRemoveScheduleMedia, useSaveSchedule } from "../api/schedules.ts";

/** As the server: a moment more than five minutes back is "in the past" (minute-precision picker). */
const PAST_GRACE_MS = 5 * 60_000;
const NONE = "0";

export type ScheduleModalProps = {
  schedule: Schedule | null;
  /** Opened from a ticket or a contact: the contact is fixed. */
  contact?: { id: number; name: string } | null;
  /** The ticket's connection, preselected. */
  whatsappId?: number | null;
  /** A new schedule's moment, preset (a day picked on the calendar). */
  sendAt?: Date;
  onClose: () => void;
  onSaved?: () => void;
};

/** The schedule dialog (spec 1 §2, §5): message, contact, time, connection, ticket, recurrence, media. */
export function ScheduleModal(
  { schedule, contact, whatsappId, sendAt, onClose, onSaved }: ScheduleModalProps,
) {
  const { t } = useTranslation("schedules");
  const save = useSaveSchedule();
  const removeMedia = useRemoveScheduleMedia();
  const file = useRef<HTMLInputElement>(null);
  const readOnly = !!schedule?.sentAt;
  const [v, setV] = useState({
    body: schedule?.body ?? "",
    contactId: String(schedule?.contactId ?? contact?.id ?? ""),
    // The picker reads and writes the display zone's wall clock (lib/dates.ts), not the browser's.
    sendAt: toZonedInput(schedule ? schedule.sendAt : sendAt ?? Date.now() + 3600_000),
    whatsappId: String(schedule?.whatsappId ?? whatsappId ?? NONE),
    openTicket: schedule?.openTicket === "enabled",
    statusTicket: schedule?.statusTicket ?? "closed",
    queueId: String(schedule?.queueId ?? NONE),
    ticketUserId: String(schedule?.ticketUserId ?? NONE),
    intervalo: String(schedule?.intervalo ?? 1),
    valorIntervalo: String(schedule?.valorIntervalo ?? 0),
    enviarQuantasVezes: String(schedule?.enviarQuantasVezes ?? 1),
    tipoDias: String(schedule?.tipoDias ?? 4),
    assinar: schedule?.assinar ?? false,
  });
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 500);
  const contacts = useContactSearch(debounced, debounced.length >= 3);
  const { data: connections = [] } = useConnectionOptions();
  const { data: queues = [] } = useQueueOptions();
  const { data: users } = useUserSearch("");
  const [pending, setPending] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [initialSendAt] = useState(() => v.sendAt);
  const set = (k: keyof typeof v, x: string | boolean) => setV((o) => ({ ...o, [k]: x }));
  const fixedContact = contact ?? schedule?.contact ?? null;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (readOnly) return onClose();
    const errs: Record<string, string> = {};
    if (!v.body.trim()) errs.body = t("validation.required");
    else if (v.body.trim().length < 5) errs.body = t("validation.tooShort");
    if (!v.contactId) errs.contactId = t("validation.required");
    if (!v.sendAt) errs.sendAt = t("validation.required");
    else if (!fromZonedInput(v.sendAt)) errs.sendAt = t("validation.required");
    else if (
      !(schedule && v.sendAt === initialSendAt) &&
      fromZonedInput(v.sendAt)!.getTime() < Date.now() - PAST_GRACE_MS
    ) {
      // Never sent at once by surprise: a moment already past is refused, as the server does.
      errs.sendAt = i18n.t("errors:issues.date_in_past");
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const id = (x: string) => (x === NONE || !x ? null : Number(x));
    const input = {
      body: v.body,
      contactId: Number(v.contactId),
      sendAt: fromZonedInput(v.sendAt)!.toISOString(),
      whatsappId: id(v.whatsappId),
      openTicket: v.openTicket ? "enabled" : "disabled",
      statusTicket: v.statusTicket,
      queueId: v.openTicket ? id(v.queueId) : null,
      ticketUserId: v.openTicket ? id(v.ticketUserId) : null,
      intervalo: Number(v.intervalo),
      valorIntervalo: Number(v.valorIntervalo) || 0,
      enviarQuantasVezes: Math.max(1, Number(v.enviarQuantasVezes) || 1),
      tipoDias: Number(v.tipoDias),
      assinar: v.assinar,
    };
    try {
      await save.mutateAsync({ id: schedule?.id, input, file: pending });
      toastSuccess(t("toasts.saved"));
      onSaved?.();
      onClose();
    } catch (err) {
      // The server's reasons go under their fields and stay until the user edits them.
      setErrors(fieldErrorsOf(err));
      toastError(err);
    }
  };

  const opts = (rows: { id: number; name: string }[], none?: string) => [
    ...(none ? [{ value: NONE, label: none }] : []),
    ...rows.map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const title = schedule?.status === "ERRO"
    ? t("sendError")
    : `${t("title.message")}${schedule ? ` ${t(`status.${schedule.status}`)}` : ""}`;
  return (
    <FormDialog
      title={title}
      description={schedule?.status === "ERRO"
        ? schedule.lastError
        : schedule?.lastError === "ERR_SEND_UNCERTAIN"
        ? t("sendUncertain")
        : undefined}
      onClose={onClose}
      className="max-w-2xl"
      formId="schedule-form"
      formClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="schedule-save"
      saveLabel={readOnly ? t("actions.close") : undefined}
    >
      <Field
        label={t("fields.contact")}
        htmlFor="sc-contact"
        error={errors.contactId}
        className="sm:col-span-2"
      >
        {fixedContact
          ? <Input id="sc-contact" value={fixedContact.name} disabled />
          : (
            <div className="flex flex-col gap-2">
              <Input
                id="sc-contact"
                placeholder={t("fields.contactSearch")}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                data-testid="sc-contact-search"
              />
              {(contacts.data?.contacts ?? []).length > 0 && (
                <Select
                  value={v.contactId || undefined}
                  onValueChange={(x) => set("contactId", x)}
                  options={(contacts.data?.contacts ?? []).map((c) => ({
                    value: String(c.id),
                    label: `${c.name} (${c.number})`,
                  }))}
                  placeholder={t("fields.contactPick")}
                  data-testid="sc-contact"
                />
              )}
            </div>
          )}
      </Field>
      <Field label={t("fields.body")} htmlFor="sc-body" error={errors.body} className="sm:col-span-2">
        <Textarea
          id="sc-body"
          rows={4}
          value={v.body}
          disabled={readOnly}
          onChange={(e) => set("body", e.target.value)}
          data-testid="sc-body"
        />
      </Field>
      <Field label={t("fields.sendAt")} htmlFor="sc-at" error={errors.sendAt}>
        <Input
          id="sc-at"
          type="datetime-local"
          value={v.sendAt}
          disabled={readOnly}
          onChange={(e) => {
            set("sendAt", e.target.value);
            setErrors(({ sendAt: _, ...rest }) => rest);
          }}
          aria-invalid={errors.sendAt ? true : undefined}
          data-testid="sc-send-at"
        />
      </Field>
      <Field label={t("fields.connection")} htmlFor="sc-conn">
        <Select
          id="sc-conn"
          value={v.whatsappId}
          onValueChange={(x) => set("whatsappId", x)}
          options={opts(connections, t("fields.defaultConnection"))}
          disabled={readOnly}
        />
      </Field>
      <Field label={t("fields.intervalo")} htmlFor="sc-int">
        <Select
          id="sc-int"
          value={v.intervalo}
          onValueChange={(x) => set("intervalo", x)}
          options={["1", "2", "3", "4"].map((x) => ({ value: x, label: t(`units.${x}`) }))}
          disabled={readOnly}
        />
      </Field>
      <Field label={t("fields.valorIntervalo")} htmlFor="sc-val" hint={t("fields.valorHint")}>
        <Input
          id="sc-val"
          type="number"
          min={0}
          value={v.valorIntervalo}
          disabled={readOnly}
          onChange={(e) => set("valorIntervalo", e.target.value)}
        />
      </Field>
      <Field label={t("fields.enviarQuantasVezes")} htmlFor="sc-times">
        <Input
          id="sc-times"
          type="number"
          min={1}
          value={v.enviarQuantasVezes}
          disabled={readOnly}
          onChange={(e) => set("enviarQuantasVezes", e.target.value)}
        />
      </Field>
      <Field label={t("fields.tipoDias")} htmlFor="sc-days">
        <Select
          id="sc-days"
          value={v.tipoDias}
          onValueChange={(x) => set("tipoDias", x)}
          options={["4", "5", "6"].map((x) => ({ value: x, label: t(`weekend.${x}`) }))}
          disabled={readOnly}
        />
      </Field>
      <label className="flex items-center gap-3 text-sm">
        <Switch checked={v.openTicket} onCheckedChange={(x) => set("openTicket", x)} disabled={readOnly} />
        {t("fields.openTicket")}
      </label>
      <label className="flex items-center gap-3 text-sm">
        <Switch checked={v.assinar} onCheckedChange={(x) => set("assinar", x)} disabled={readOnly} />
        {t("fields.assinar")}
      </label>
      <Field label={t("fields.statusTicket")} htmlFor="sc-st">
        <Select
          id="sc-st"
          value={v.statusTicket}
          onValueChange={(x) => set("statusTicket", x)}
          options={["closed", "open"].map((x) => ({ value: x, label: t(`ticketStatus.${x}`) }))}
          disabled={readOnly || !v.openTicket}
        />
      </Field>
      <Field label={t("fields.queue")} htmlFor="sc-queue">
        <Select
          id="sc-queue"
          value={v.queueId}
          onValueChange={(x) => set("queueId", x)}
          options={opts(queues, t("fields.none"))}
          disabled={readOnly || !v.openTicket}
        />
      </Field>
      <Field label={t("fields.user")} htmlFor="sc-user" className="sm:col-span-2">
        <Select
          id="sc-user"
          value={v.ticketUserId}
          onValueChange={(x) => set("ticketUserId", x)}
          options={opts(users?.users ?? [], t("fields.none"))}
          disabled={readOnly || !v.openTicket}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <input ref={file} type="file" hidden onChange={(e) => setPending(e.target.files?.[0] ?? null)} />
        <Button type="button" variant="secondary" disabled={readOnly} onClick={() => file.current?.click()}>
          <Paperclip className="size-4" />
          {t("fields.media")}
        </Button>
        <span className="truncate text-sm text-ink-muted">{pending?.name ?? schedule?.mediaName ?? ""}</span>
        {schedule?.mediaPath && !pending && !readOnly && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() =>
              removeMedia.mutateAsync(schedule.id).then(
                () => toastSuccess(t("toasts.mediaDeleted")),
                toastError,
              )}
          >
            <Trash2 className="size-4" />
            {t("fields.removeMedia")}
          </Button>
        )}
      </div>
    </FormDialog>
  );
}
