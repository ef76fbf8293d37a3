/** What other features may use of tags: they import it from here, never from its files. */
export { addTicketTag, moveId, removeTicketTag, useReorderLanes, useTagList } from "./api/pickers.ts";
export { type Tag, useDeleteTag, useLanes, useTagsLive } from "./api/tags.ts";
export { TagModal } from "./components/tag_modal.tsx";
export { TagChip } from "./components/tag_picker.tsx";
export { TicketTagsBox, TicketTagsButton, TicketTagsDialog } from "./components/ticket_tags.tsx";
export { ContactTagsBox } from "./components/contact_tags.tsx";
export { KanbanStageSelect } from "./components/kanban_stage.tsx";
