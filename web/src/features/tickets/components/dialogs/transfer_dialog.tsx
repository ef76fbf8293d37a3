import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Textarea } from "../../../../components/ui/input.tsx";
import { Select } from "../../../../components/ui/select.tsx";
import { useQueueOptions, useUserSearch } from "../../../../lib/lookups.ts";
import type { ListedTicket as Ticket } from "@contract/tickets.ts";
import { type Person, PersonPicker } from "./person_picker.tsx";
import {
  leaveSummary,
  TransferSummaryOption,
  useTransferSummaryAvailable,
} from "../../../ai_assist/index.ts";

export type TransferInput = { queueId: number; userId: number | null; message: string };

const useUsers = (search: string, enabled: boolean) => {
  const q = useUserSearch(search, enabled);
  return {
    data: (q.data?.users ?? []).map((u) => ({ id: u.id, name: u.name, sub: u.email })),
    loading: q.isFetching,
  };
};

/** Transfer: a queue is required; an attendant (searched from 3 characters) and a note are optional. */
export function TransferDialog(
  { ticket, loading, onCancel, onConfirm }: {
    ticket: Ticket;
    loading: boolean;
    onCancel: () => void;
    onConfirm: (input: TransferInput) => void;
  },
) {
  const { t, i18n } = useTranslation("tickets");
  const queues = useQueueOptions();
  const aiAvailable = useTransferSummaryAvailable();
  const [aiSummary, setAiSummary] = useState(true);
  const [summarising, setSummarising] = useState(false);
  const [queueId, setQueueId] = useState("");
  const [user, setUser] = useState<Person | null>(null);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!queueId) return setError(t("validation.queueRequired"));
    if (aiAvailable && aiSummary) {
      setSummarising(true);
      await leaveSummary(ticket.id, i18n.resolvedLanguage);
      setSummarising(false);
    }
    onConfirm({ queueId: Number(queueId), userId: user?.id ?? null, message: message.trim() });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title={t("transfer.title")}
      description={t("transfer.description", { name: ticket.contact?.name ?? "" })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>{t("common:actions.cancel")}</Button>
          <Button onClick={submit} loading={loading || summarising} data-testid="transfer-confirm">
            {t("transfer.submit")}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label={t("fields.queue")} htmlFor="transfer-queue" error={error}>
          <Select
            id="transfer-queue"
            value={queueId}
            onValueChange={(v) => {
              setQueueId(v);
              setError(null);
            }}
            placeholder={t("fields.queuePlaceholder")}
            options={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
            data-testid="transfer-queue"
          />
        </Field>
        <Field label={t("fields.user")} htmlFor="transfer-user" hint={t("transfer.userHint")}>
          <PersonPicker
            id="transfer-user"
            selected={user}
            onSelect={setUser}
            useResults={useUsers}
            placeholder={t("fields.userSearch")}
            testId="transfer-user"
          />
        </Field>
        <Field label={t("fields.transferMessage")} htmlFor="transfer-message">
          <Textarea
            id="transfer-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder={t("fields.transferMessagePlaceholder")}
            rows={3}
          />
        </Field>
        <TransferSummaryOption checked={aiSummary} onChange={setAiSummary} />
      </div>
    </Dialog>
  );
}
