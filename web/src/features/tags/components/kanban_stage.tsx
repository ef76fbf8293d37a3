/** The drawer's kanban stage: a ticket is in one lane at most, so it is a select, not a tag list. */
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../lib/toast.ts";
import { addTicketTag, removeTicketTag, useTagList } from "../api/pickers.ts";

type TagRef = { id: number; name: string; color: string };

/** PUT replaces the ticket's lane; "no stage" DELETEs it. */
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
