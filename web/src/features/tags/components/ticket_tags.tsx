/**
 * The ticket's own tags (not its contact's, not its kanban lane), edited in three places that share
 * one hook: the header's tag button (wide screens), the drawer's "Ticket tags" box, and a dialog
 * the header's ⋮ menu opens (a phone, where the header keeps its room for the contact's name).
 */
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { addTicketTag, createTag, removeTicketTag, type TagOption, useTagList } from "../api/pickers.ts";
import { TagChip, TagPicker, TagPickerPanel, type TagPickerProps } from "./tag_picker.tsx";

type TagRef = { id: number; name: string; color: string };
type TicketLike = { id: number; tags: TagRef[] };

/**
 * The ticket's plain tags and the picker's calls. Lanes are ticket tags too, but the kanban stage
 * shows them, so they are left out here. Any signed-in user may create a plain tag (the server's
 * rule), so the picker always offers "create".
 */
function useTicketTagging(ticket: TicketLike): Omit<TagPickerProps, "testId"> & { own: TagRef[] } {
  const qc = useQueryClient();
  const options = useTagList(0);
  const lanes = useTagList(1);
  const laneIds = new Set((lanes.data ?? []).map((l) => l.id));
  // The ticket event refreshes the list; the open conversation refetches its ticket.
  const refresh = () => qc.invalidateQueries({ queryKey: ["tickets"] });
  return {
    own: ticket.tags.filter((x) => !laneIds.has(x.id)),
    options: options.data ?? [],
    selected: ticket.tags.map((x) => x.id),
    onToggle: async (tag: TagOption, on: boolean) => {
      await (on ? addTicketTag(ticket.id, tag.id) : removeTicketTag(ticket.id, tag.id));
      await refresh();
    },
    onCreate: async (name: string) => {
      const tag = await createTag(name);
      qc.invalidateQueries({ queryKey: ["tags"] });
      await addTicketTag(ticket.id, tag.id);
      await refresh();
    },
  };
}

function TicketTagChips({ tags }: { tags: TagRef[] }) {
  const { t } = useTranslation("tags");
  return (
    <div className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <TagChip key={tag.id} name={tag.name} color={tag.color} testId={`ticket-tag-${tag.id}`} />
      ))}
      {!tags.length && (
        <p className="text-xs text-ink-subtle" data-testid="ticket-tags-empty">{t("picker.noTicketTags")}</p>
      )}
    </div>
  );
}

/** The conversation header's tag button (wide screens). */
export function TicketTagsButton({ ticket }: { ticket: TicketLike }) {
  const { t } = useTranslation("tags");
  const { own: _, ...picker } = useTicketTagging(ticket);
  return <TagPicker {...picker} label={t("picker.ticketTags")} testId="ticket-tags" />;
}

/** The drawer's "Ticket tags" box: the ticket's tags and their editor. */
export function TicketTagsBox({ ticket }: { ticket: TicketLike }) {
  const { t } = useTranslation("tags");
  const { own, ...picker } = useTicketTagging(ticket);
  return (
    <div className="flex flex-col gap-2" data-testid="drawer-ticket-tags">
      <TicketTagChips tags={own} />
      <div>
        <TagPicker
          {...picker}
          trigger="button"
          label={t("picker.editTicketTags")}
          testId="ticket-tags-picker"
        />
      </div>
    </div>
  );
}

/** The same picker in a dialog, for the header's ⋮ menu on a phone. */
export function TicketTagsDialog({ ticket, onClose }: { ticket: TicketLike; onClose: () => void }) {
  const { t } = useTranslation("tags");
  const { own, ...picker } = useTicketTagging(ticket);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("picker.ticketTags")}
      footer={
        <Button onClick={onClose} data-testid="ticket-tags-dialog-done">{t("common:actions.close")}</Button>
      }
    >
      <div className="flex flex-col gap-3" data-testid="ticket-tags-dialog">
        <TicketTagChips tags={own} />
        <TagPickerPanel {...picker} testId="ticket-tags-dialog" />
      </div>
    </Dialog>
  );
}
