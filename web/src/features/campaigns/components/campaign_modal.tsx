import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Paperclip, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import { fromZonedInput, toZonedInput } from "../../../lib/dates.ts";
import { useConnectionOptions, useQueueOptions, useTagOptions, useUserSearch } from "../../../lib/lookups.ts";
import { type Campaign, nothingToSend, useCampaignMedia, useSaveCampaign } from "../api/campaigns.ts";
import { useContactListOptions } from "../api/contact_lists.ts";

const SLOTS = [1, 2, 3, 4, 5] as const;
const NONE = "0";
/** The start picker reads and writes the display zone's wall clock (lib/dates.ts), not the browser's. */
const toLocalInput = (iso: string | null) => (iso ? toZonedInput(iso) : "");

/** Spec 3 §4: editable when inactive, cancelled, or scheduled more than an hour ahead. */
export function isEditable(c: Campaign | null) {
  if (!c || c.status === "INATIVA" || c.status === "CANCELADA") return true;
  return c.status === "PROGRAMADA" && !!c.scheduledAt && Date.parse(c.scheduledAt) - Date.now() > 3600_000;
}

/** The campaign dialog: five messages and five confirmation messages, audience, connection, start, ticket. */
export function CampaignModal({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const { t } = useTranslation("campaigns");
  const save = useSaveCampaign();
  const media = useCampaignMedia();
  const file = useRef<HTMLInputElement>(null);
  const editable = isEditable(campaign);
  const { data: connections = [] } = useConnectionOptions();
  const { data: lists = [] } = useContactListOptions();
  const { data: tags = [] } = useTagOptions();
  const { data: queues = [] } = useQueueOptions();
  const { data: users } = useUserSearch("");
  const [v, setV] = useState<Record<string, string | boolean>>(() => {
    const init: Record<string, string | boolean> = {
      name: campaign?.name ?? "",
      whatsappId: String(campaign?.whatsappId ?? ""),
      contactListId: String(campaign?.contactListId ?? NONE),
      tagListId: String(campaign?.tagListId ?? NONE),
      scheduledAt: toLocalInput(campaign?.scheduledAt ?? null),
      confirmation: campaign?.confirmation ?? false,
      confirmationWindowHours: String(campaign?.confirmationWindowHours ?? 24),
      openTicket: campaign?.openTicket === "enabled",
      statusTicket: campaign?.statusTicket ?? "closed",
      userId: String(campaign?.userId ?? NONE),
      queueId: String(campaign?.queueId ?? NONE),
    };
    for (const i of SLOTS) {
      init[`message${i}`] = campaign?.[`message${i}`] ?? "";
      init[`confirmationMessage${i}`] = campaign?.[`confirmationMessage${i}`] ?? "";
    }
    return init;
  });
  const [pending, setPending] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: string, value: string | boolean) => setV((o) => ({ ...o, [k]: value }));
  const str = (k: string) => String(v[k] ?? "");

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!editable) return onClose();
    const errs: Record<string, string> = {};
    const name = str("name").trim();
    if (!name) errs.name = t("validation.required");
    else if (name.length < 2) errs.name = t("validation.tooShort");
    else if (name.length > 50) errs.name = t("validation.tooLong");
    if (!str("whatsappId")) errs.whatsappId = t("validation.required");
    if (str("contactListId") === NONE && str("tagListId") === NONE) {
      errs.contactListId = t("validation.audience");
    }
    if (!SLOTS.some((i) => str(`message${i}`).trim())) errs.message = t("validation.message");
    const windowHours = Number(str("confirmationWindowHours"));
    if (v.confirmation && !(Number.isInteger(windowHours) && windowHours >= 1 && windowHours <= 720)) {
      errs.confirmationWindowHours = t("validation.window");
    }
    if (v.openTicket && str("userId") !== NONE && str("queueId") === NONE) {
      errs.queueId = t("validation.queue");
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const id = (k: string) => (str(k) === NONE || !str(k) ? null : Number(str(k)));
    const input: Record<string, unknown> = {
      name,
      whatsappId: Number(str("whatsappId")),
      contactListId: id("contactListId"),
      tagListId: id("contactListId") ? null : id("tagListId"),
      scheduledAt: fromZonedInput(str("scheduledAt"))?.toISOString() ?? null,
      confirmation: !!v.confirmation,
      ...(v.confirmation ? { confirmationWindowHours: windowHours } : {}),
      openTicket: v.openTicket ? "enabled" : "disabled",
      statusTicket: str("statusTicket"),
      userId: v.openTicket ? id("userId") : null,
      queueId: v.openTicket ? id("queueId") : null,
    };
    for (const i of SLOTS) {
      input[`message${i}`] = str(`message${i}`);
      input[`confirmationMessage${i}`] = str(`confirmationMessage${i}`);
    }
    try {
      const saved = await save.mutateAsync({ id: campaign?.id, input });
      if (pending) await media.mutateAsync({ id: saved.id, file: pending });
      toastSuccess(t(saved.status === "INATIVA" ? "campaigns.savedInactive" : "common.saved"));
      onClose();
    } catch (err) {
      // A start with nothing to send: the reason goes under the start, the dialog stays open.
      const reason = nothingToSend(err);
      if (reason) setErrors({ scheduledAt: t(`campaigns.nothingToSend.${reason}`) });
      else toastError(err);
    }
  };

  const opts = (rows: { id: number; name: string }[], none?: string) => [
    ...(none ? [{ value: NONE, label: none }] : []),
    ...rows.map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const ticketOff = !v.openTicket || !editable;

  return (
    <FormDialog
      title={campaign ? (editable ? t("campaigns.edit") : t("campaigns.view")) : t("campaigns.add")}
      onClose={onClose}
      className="max-w-3xl"
      formId="campaign-form"
      formClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={submit}
      saving={save.isPending || media.isPending}
      saveTestId="campaign-save"
      saveLabel={editable ? undefined : t("common.close")}
    >
      <Field label={t("campaigns.name")} htmlFor="c-name" error={errors.name} className="sm:col-span-2">
        <Input
          id="c-name"
          value={str("name")}
          disabled={!editable}
          onChange={(e) => set("name", e.target.value)}
        />
      </Field>
      <Field label={t("campaigns.connection")} htmlFor="c-conn" error={errors.whatsappId}>
        <Select
          id="c-conn"
          value={str("whatsappId") || undefined}
          onValueChange={(x) => set("whatsappId", x)}
          options={opts(connections)}
          placeholder={t("campaigns.pick")}
          disabled={!editable}
          data-testid="c-conn"
        />
      </Field>
      <Field
        label={t("campaigns.scheduledAt")}
        htmlFor="c-at"
        error={errors.scheduledAt}
        hint={editable && !str("scheduledAt") ? t("campaigns.startEmptyHint") : undefined}
      >
        <Input
          id="c-at"
          type="datetime-local"
          value={str("scheduledAt")}
          disabled={!editable}
          onChange={(e) => set("scheduledAt", e.target.value)}
        />
      </Field>
      <Field label={t("campaigns.contactList")} htmlFor="c-list" error={errors.contactListId}>
        <Select
          id="c-list"
          value={str("contactListId")}
          onValueChange={(x) => (set("contactListId", x), x !== NONE && set("tagListId", NONE))}
          options={opts(lists, t("campaigns.none"))}
          disabled={!editable}
          data-testid="c-list"
        />
      </Field>
      <Field label={t("campaigns.tagList")} htmlFor="c-tag">
        <Select
          id="c-tag"
          value={str("tagListId")}
          onValueChange={(x) => (set("tagListId", x), x !== NONE && set("contactListId", NONE))}
          options={opts(tags, t("campaigns.none"))}
          disabled={!editable}
        />
      </Field>
      <div className="flex flex-col gap-3">
        <label className="flex items-center gap-3 text-sm">
          <Switch
            checked={!!v.confirmation}
            onCheckedChange={(x) => set("confirmation", x)}
            disabled={!editable}
          />
          {t("campaigns.confirmation")}
        </label>
        {v.confirmation && (
          <Field
            label={t("campaigns.confirmationWindow")}
            htmlFor="c-window"
            error={errors.confirmationWindowHours}
            hint={t("campaigns.confirmationWindowHint")}
          >
            <Input
              id="c-window"
              type="number"
              min={1}
              max={720}
              step={1}
              inputMode="numeric"
              className="sm:max-w-40"
              value={str("confirmationWindowHours")}
              disabled={!editable}
              data-testid="c-window"
              onChange={(e) => set("confirmationWindowHours", e.target.value)}
            />
          </Field>
        )}
      </div>
      <label className="flex items-center gap-3 self-start text-sm">
        <Switch checked={!!v.openTicket} onCheckedChange={(x) => set("openTicket", x)} disabled={!editable} />
        {t("campaigns.openTicket")}
      </label>
      <Field label={t("campaigns.user")} htmlFor="c-user">
        <Select
          id="c-user"
          value={str("userId")}
          onValueChange={(x) => set("userId", x)}
          options={opts(users?.users ?? [], t("campaigns.none"))}
          disabled={ticketOff}
        />
      </Field>
      <Field label={t("campaigns.queue")} htmlFor="c-queue" error={errors.queueId}>
        <Select
          id="c-queue"
          value={str("queueId")}
          onValueChange={(x) => set("queueId", x)}
          options={opts(queues, t("campaigns.none"))}
          disabled={ticketOff}
        />
      </Field>
      <Field label={t("campaigns.statusTicket")} htmlFor="c-st" className="sm:col-span-2">
        <Select
          id="c-st"
          value={str("statusTicket")}
          onValueChange={(x) => set("statusTicket", x)}
          options={["closed", "pending", "open"].map((s) => ({ value: s, label: t(`ticketStatus.${s}`) }))}
          disabled={ticketOff}
        />
      </Field>
      <div className="sm:col-span-2">
        <Tabs defaultValue="m1">
          <TabsList className="flex-wrap">
            {SLOTS.map((i) => (
              <TabsTrigger key={i} value={`m${i}`}>{t("campaigns.messageN", { n: i })}</TabsTrigger>
            ))}
          </TabsList>
          {SLOTS.map((i) => (
            <TabsContent key={i} value={`m${i}`} className="flex flex-col gap-3 pt-3">
              <Textarea
                aria-label={t("campaigns.messageN", { n: i })}
                data-testid={`c-message${i}`}
                value={str(`message${i}`)}
                disabled={!editable}
                rows={4}
                onChange={(e) => set(`message${i}`, e.target.value)}
              />
              {v.confirmation && (
                <Textarea
                  aria-label={t("campaigns.confirmationN", { n: i })}
                  placeholder={t("campaigns.confirmationN", { n: i })}
                  data-testid={`c-confirmation${i}`}
                  value={str(`confirmationMessage${i}`)}
                  disabled={!editable}
                  rows={3}
                  onChange={(e) => set(`confirmationMessage${i}`, e.target.value)}
                />
              )}
            </TabsContent>
          ))}
        </Tabs>
        {errors.message && (
          <p role="alert" className="mt-1 text-xs font-medium text-danger">{errors.message}</p>
        )}
        <p className="mt-1 text-xs text-ink-subtle">{t("campaigns.variablesHint")}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <input
          ref={file}
          type="file"
          hidden
          data-testid="c-media"
          onChange={(e) => setPending(e.target.files?.[0] ?? null)}
        />
        <Button type="button" variant="secondary" disabled={!editable} onClick={() => file.current?.click()}>
          <Paperclip className="size-4" />
          {t("campaigns.media")}
        </Button>
        <span className="truncate text-sm text-ink-muted" data-testid="c-media-name">
          {pending?.name ?? campaign?.mediaName ?? ""}
        </span>
        {campaign?.mediaPath && editable && !pending && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => media.mutateAsync({ id: campaign.id, file: null }).then(onClose, toastError)}
          >
            <Trash2 className="size-4" />
            {t("campaigns.removeMedia")}
          </Button>
        )}
      </div>
    </FormDialog>
  );
}
