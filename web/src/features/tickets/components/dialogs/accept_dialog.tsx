import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Select } from "../../../../components/ui/select.tsx";
import type { QueueRef } from "@contract/common.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";

type Props = {
  ticket: Ticket;
  queues: QueueRef[];
  loading: boolean;
  onCancel: () => void;
  onConfirm: (queueId: number) => void;
};

/** Accepting a ticket that has no queue: the attendant picks one first. */
export function AcceptDialog({ ticket, queues, loading, onCancel, onConfirm }: Props) {
  const { t } = useTranslation("tickets");
  const [queueId, setQueueId] = useState<string>("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!queueId) return setError(t("validation.queueRequired"));
    onConfirm(Number(queueId));
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title={t("accept.title")}
      description={t("accept.description", { name: ticket.contact?.name ?? "" })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>{t("common:actions.cancel")}</Button>
          <Button onClick={submit} loading={loading} data-testid="accept-confirm">
            {t("actions.accept")}
          </Button>
        </>
      }
    >
      <Field label={t("fields.queue")} htmlFor="accept-queue" error={error}>
        <Select
          id="accept-queue"
          value={queueId}
          onValueChange={(v) => {
            setQueueId(v);
            setError(null);
          }}
          placeholder={t("fields.queuePlaceholder")}
          options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
          data-testid="accept-queue"
        />
      </Field>
    </Dialog>
  );
}
