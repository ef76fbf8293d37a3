import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Select } from "../../../../components/ui/select.tsx";
import { useCurrentUser } from "../../../../lib/auth.tsx";
import { isAdmin } from "../../../../lib/permissions.ts";
import { useConnectionOptions, useContactPeople, useQueueOptions } from "../../../../lib/lookups.ts";
import type { NewTicketInput } from "../../api/update_ticket.ts";
import { type Person, PersonPicker } from "./person_picker.tsx";

/** New ticket: a contact (searched from 3 characters), a queue and a connection, all required. */
export function NewTicketDialog(
  { loading, onCancel, onConfirm, contact: initialContact }: {
    loading: boolean;
    /** Preselected (the contact page's "start conversation"). */
    contact?: Person;
    onCancel: () => void;
    onConfirm: (input: NewTicketInput) => void;
  },
) {
  const { t } = useTranslation("tickets");
  const me = useCurrentUser();
  const allQueues = useQueueOptions();
  const connections = useConnectionOptions();
  const queues = isAdmin(me) ? allQueues.data ?? [] : me.queues ?? [];
  const [contact, setContact] = useState<Person | null>(initialContact ?? null);
  const [queueId, setQueueId] = useState(queues.length === 1 ? String(queues[0].id) : "");
  const [connId, setConnId] = useState(me.whatsappId ? String(me.whatsappId) : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const conns = connections.data ?? [];
  // The only queue is chosen once the list has loaded (the state's initial value came before it).
  const queueValue = queueId || (queues.length === 1 ? String(queues[0].id) : "");
  const connValue = connId || (conns.length === 1 ? String(conns[0].id) : "");
  const submit = () => {
    const e: Record<string, string> = {};
    if (!contact) e.contact = t("validation.contactRequired");
    if (!queueValue) e.queue = t("validation.queueRequired");
    if (!connValue) e.connection = t("validation.connectionRequired");
    setErrors(e);
    if (Object.keys(e).length || !contact) return;
    onConfirm({ contactId: contact.id, queueId: Number(queueValue), whatsappId: Number(connValue) });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title={t("newTicket.title")}
      description={t("newTicket.description")}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>{t("common:actions.cancel")}</Button>
          <Button onClick={submit} loading={loading} data-testid="new-ticket-submit">
            {t("newTicket.submit")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label={t("fields.contact")} htmlFor="new-ticket-contact" error={errors.contact}>
          {initialContact
            ? (
              <p
                id="new-ticket-contact"
                className="flex flex-col rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm"
                data-testid="new-ticket-contact-fixed"
              >
                <span className="font-medium text-ink">{initialContact.name}</span>
                {initialContact.sub && <span className="text-xs text-ink-muted">{initialContact.sub}</span>}
              </p>
            )
            : (
              <PersonPicker
                id="new-ticket-contact"
                selected={contact}
                onSelect={setContact}
                useResults={useContactPeople}
                placeholder={t("fields.contactSearch")}
                testId="new-ticket-contact"
              />
            )}
        </Field>
        <Field label={t("fields.queue")} htmlFor="new-ticket-queue" error={errors.queue}>
          <Select
            id="new-ticket-queue"
            value={queueValue}
            onValueChange={setQueueId}
            placeholder={t("fields.queuePlaceholder")}
            options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
            data-testid="new-ticket-queue"
          />
        </Field>
        <Field label={t("fields.connection")} htmlFor="new-ticket-connection" error={errors.connection}>
          <Select
            id="new-ticket-connection"
            value={connValue}
            onValueChange={setConnId}
            placeholder={t("fields.connectionPlaceholder")}
            options={conns.map((c) => ({ value: String(c.id), label: c.name }))}
            data-testid="new-ticket-connection"
          />
        </Field>
      </div>
    </Dialog>
  );
}
