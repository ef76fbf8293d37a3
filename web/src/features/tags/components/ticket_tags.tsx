import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../lib/toast.ts";
import { addTicketTag, removeTicketTag, syncContactTags, useTagList } from "../api/pickers.ts";
import { TagChip, TagPicker } from "./tag_picker.tsx";

type TagRef = { id: number; name: string; color: string };

/** The conversation header's tag button: the ticket's own tags (not the kanban lanes). */
export function TicketTagsButton({ ticket }: { ticket: { id: number; tags: TagRef[] } }) {
  const { t } = useTranslation("tags");
  const qc = useQueryClient();
  const options = useTagList(0);
  const toggle = async (tag: TagRef, on: boolean) => {
    try {
      await (on ? addTicketTag(ticket.id, tag.id) : removeTicketTag(ticket.id, tag.id));
      // The ticket event refreshes the list; the open conversation refetches its ticket.
      qc.invalidateQueries({ queryKey: ["tickets"] });
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <TagPicker
      options={options.data ?? []}
      selected={ticket.tags.map((x) => x.id)}
      onToggle={toggle}
      label={t("picker.ticketTags")}
      testId="ticket-tags"
    />
  );
}

/** The drawer's tag box: the contact's tags, replaced as a whole by POST /tags/sync. */
export function ContactTagsBox({ contactId, tags }: { contactId: number; tags: TagRef[] }) {
  const { t } = useTranslation("tags");
  const qc = useQueryClient();
  const options = useTagList(0);
  const save = async (next: ({ id: number } | { name: string })[]) => {
    try {
      await syncContactTags(contactId, next);
      qc.invalidateQueries({ queryKey: ["tickets"] });
      qc.invalidateQueries({ queryKey: ["tags"] });
    } catch (err) {
      toastError(err);
    }
  };
  const ids = tags.map((x) => ({ id: x.id }));
  return (
    <div className="flex flex-col gap-2" data-testid="contact-tags">
      <div className="flex flex-wrap gap-1.5">
        {tags.map((tag) => (
          <TagChip key={tag.id} name={tag.name} color={tag.color} testId={`contact-tag-${tag.id}`} />
        ))}
        {!tags.length && <p className="text-xs text-ink-subtle">{t("picker.noContactTags")}</p>}
      </div>
      <div>
        <TagPicker
          trigger="button"
          options={options.data ?? []}
          selected={tags.map((x) => x.id)}
          onToggle={(tag, on) => save(on ? [...ids, { id: tag.id }] : ids.filter((x) => x.id !== tag.id))}
          onCreate={(name) => save([...ids, { name }])}
          label={t("picker.editContactTags")}
          testId="contact-tags-picker"
        />
      </div>
    </div>
  );
}

/** The drawer's kanban stage: one lane per ticket (PUT replaces the lane; DELETE leaves it). */
export function KanbanStageSelect({ ticket }: { ticket: { id: number; tags: TagRef[] } }) {
  const { t } = useTranslation("tags");
  const qc = useQueryClient();
  const lanes = useTagList(1);
  const laneIds = new Set((lanes.data ?? []).map((l) => l.id));
  const current = ticket.tags.find((x) => laneIds.has(x.id));
  const change = async (value: string) => {
    try {
      if (value === "none") {
        if (current) await removeTicketTag(ticket.id, current.id);
      } else await addTicketTag(ticket.id, Number(value));
      qc.invalidateQueries({ queryKey: ["tickets"] });
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <select
      className="h-9 w-full rounded-lg border border-line bg-surface px-2 text-sm text-ink"
      value={current ? String(current.id) : "none"}
      aria-label={t("picker.kanbanStage")}
      data-testid="drawer-kanban-stage"
      onChange={(e) => change(e.target.value)}
    >
      <option value="none">{t("picker.noStage")}</option>
      {(lanes.data ?? []).map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
    </select>
  );
}
