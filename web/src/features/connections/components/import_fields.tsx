/**
 * The import-old-messages controls of the connection dialog (spec 2 §3, §5): from / to
 * dates, the queue of the imported tickets, groups, close-after. Only a WhatsApp (QR) connection
 * can import: the phone sends its history when the session starts (server/channels/whatsapp/
 * history.ts); other channels say so instead. While finished imports wait, a button closes the
 * imported tickets (POST /closedimported/{id}).
 */
import { useTranslation } from "react-i18next";
import { History } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import type { QueueRef as Queue } from "@contract/common.ts";
import { type Channel, type ConnectionRecord, useCloseImported } from "../api/connections.ts";
import { RENDER_CLOSE_BUTTON } from "./import_status.tsx";
import { todayKey } from "../../../lib/dates.ts";

type ImportRecord = {
  importOldMessages?: string | null;
  importRecentMessages?: string | null;
  importOldMessagesGroups?: boolean;
  closedTicketsPostImported?: boolean;
  queueIdImportMessages?: number | null;
  statusImportMessages?: string | null;
};

export type ImportValues = {
  on: boolean;
  from: string;
  to: string;
  queueId: string;
  groups: boolean;
  closeAfter: boolean;
};

const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : "");

export function importFrom(c: (ConnectionRecord & ImportRecord) | null | undefined): ImportValues {
  return {
    on: !!c?.importOldMessages,
    from: day(c?.importOldMessages),
    to: day(c?.importRecentMessages),
    queueId: c?.queueIdImportMessages ? String(c.queueIdImportMessages) : "",
    groups: !!c?.importOldMessagesGroups,
    closeAfter: !!c?.closedTicketsPostImported,
  };
}

/**
 * Saving a connected WhatsApp connection whose import was just switched on or whose dates or
 * groups changed restarts its session (spec 2 §4: the phone sends history only when a session
 * starts). Edits that leave the import as it was keep the session: a new greeting must not cost a
 * QR scan.
 */
export function importNeedsRestart(
  c: ConnectionRecord & ImportRecord,
  next: ImportValues,
): boolean {
  if (c.channel !== "whatsapp" || c.status !== "CONNECTED" || !next.on) return false;
  const was = importFrom(c);
  return !was.on || was.from !== next.from || was.to !== next.to || was.groups !== next.groups;
}

/** The fields the PUT/POST carries; nothing for channels that cannot import. */
export function importPayload(v: ImportValues, channel: Channel) {
  if (channel !== "whatsapp") return {};
  return v.on
    ? {
      importOldMessages: v.from || null,
      importRecentMessages: v.to || null,
      queueIdImportMessages: v.queueId ? Number(v.queueId) : null,
      importOldMessagesGroups: v.groups,
      closedTicketsPostImported: v.closeAfter,
    }
    : { importOldMessages: null, importRecentMessages: null, queueIdImportMessages: null };
}

/** The spec's client-side rules (the server checks them again). */
export function importErrors(v: ImportValues, channel: Channel, t: (k: string) => string) {
  const e: Partial<Record<"from" | "to" | "queueId", string>> = {};
  if (channel !== "whatsapp" || !v.on) return e;
  const today = todayKey();
  const oldest = todayKey(Date.now() - 2 * 365 * 86_400_000);
  if (!v.from) e.from = t("connections:form.errors.required");
  else if (v.from > today || v.from < oldest) e.from = t("inbox:import.range");
  if (v.to && (v.to > today || (v.from && v.to < v.from))) e.to = t("inbox:import.range");
  if (!v.queueId) e.queueId = t("connections:form.errors.required");
  return e;
}

type Props = {
  channel: Channel;
  value: ImportValues;
  onChange: (v: ImportValues) => void;
  queues: Queue[];
  connection?: (ConnectionRecord & ImportRecord) | null;
  errors: ReturnType<typeof importErrors>;
};

export function ImportFields({ channel, value, onChange, queues, connection, errors }: Props) {
  const { t } = useTranslation("inbox");
  const set = <K extends keyof ImportValues>(k: K, v: ImportValues[K]) => onChange({ ...value, [k]: v });
  const closeImported = useCloseImported();
  if (channel !== "whatsapp") {
    return (
      <p
        className="mt-4 flex gap-2 rounded-lg bg-surface-2 px-3 py-2 text-xs text-ink-muted"
        data-testid="import-unavailable"
      >
        <History className="size-4 shrink-0" />
        {t("import.whatsappOnly")}
      </p>
    );
  }
  return (
    <section
      className="mt-4 flex flex-col gap-3 rounded-lg border border-line p-3"
      data-testid="import-fields"
    >
      <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium text-ink">
        <span className="flex items-center gap-2">
          <History className="size-4 text-ink-subtle" />
          {t("import.title")}
        </span>
        <Switch checked={value.on} onCheckedChange={(on) => set("on", on)} data-testid="import-on" />
      </label>
      {value.on && (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("import.from")} htmlFor="import-from" error={errors.from}>
              <Input
                id="import-from"
                type="date"
                value={value.from}
                onChange={(e) => set("from", e.target.value)}
              />
            </Field>
            <Field label={t("import.to")} htmlFor="import-to" error={errors.to}>
              <Input
                id="import-to"
                type="date"
                value={value.to}
                onChange={(e) => set("to", e.target.value)}
              />
            </Field>
          </div>
          <Field label={t("import.queue")} htmlFor="import-queue" error={errors.queueId}>
            <Select
              id="import-queue"
              value={value.queueId}
              onValueChange={(v) => set("queueId", v)}
              options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
              data-testid="import-queue"
            />
          </Field>
          <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-ink">
            {t("import.groups")}
            <Switch checked={value.groups} onCheckedChange={(v) => set("groups", v)} />
          </label>
          <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-ink">
            {t("import.closeAfter")}
            <Switch checked={value.closeAfter} onCheckedChange={(v) => set("closeAfter", v)} />
          </label>
          <p className="text-xs text-ink-subtle">{t("import.limits")}</p>
        </>
      )}
      {connection?.statusImportMessages === RENDER_CLOSE_BUTTON && (
        <Button
          variant="secondary"
          loading={closeImported.isPending}
          onClick={() => connection && closeImported.mutate(connection.id)}
          data-testid="import-close-tickets"
        >
          {t("import.closeTickets")}
        </Button>
      )}
    </section>
  );
}
