import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { StickyNote } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Textarea } from "../../../../components/ui/input.tsx";
import { toastError, toastSuccess } from "../../../../lib/toast.ts";
import { ticketKeys } from "../../api/keys.ts";
import { addTicketNote, useTicketNotes } from "../../api/lookups.ts";
import { fullDateTime } from "../../../../lib/format.ts";

/** Notes on the ticket: the list and an add box (minimum 2 characters). */
export function ContactNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation("tickets");
  const qc = useQueryClient();
  const notes = useTicketNotes(ticketId, contactId);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (note.trim().length < 2) return setError(t("validation.noteTooShort"));
    setSaving(true);
    try {
      await addTicketNote({ note: note.trim(), ticketId, contactId });
      toastSuccess(t("toasts.noteAdded"));
      setNote("");
      setError(null);
      qc.invalidateQueries({ queryKey: ticketKeys.notes(ticketId) });
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Textarea
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setError(null);
          }}
          placeholder={t("drawer.notePlaceholder")}
          aria-label={t("drawer.notePlaceholder")}
          rows={2}
          aria-invalid={!!error}
          data-testid="note-input"
        />
        {error && <p className="text-xs font-medium text-danger">{error}</p>}
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          loading={saving}
          className="self-end"
          data-testid="note-save"
        >
          {t("drawer.addNote")}
        </Button>
      </form>
      {notes.data?.length
        ? (
          <ul className="flex flex-col gap-2" data-testid="notes-list">
            {notes.data.map((n) => (
              <li key={n.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm dark:bg-amber-400/10">
                <p className="whitespace-pre-wrap text-ink">{n.note}</p>
                <p className="mt-1 text-[11px] text-ink-subtle">
                  {[n.user?.name, fullDateTime(n.createdAt)].filter(Boolean).join(" · ")}
                </p>
              </li>
            ))}
          </ul>
        )
        : (
          <p className="flex items-center gap-2 text-xs text-ink-subtle">
            <StickyNote className="size-3.5" />
            {t("drawer.noNotes")}
          </p>
        )}
    </div>
  );
}
