/** What other features may use of tickets: they import it from here, never from its files. */
export { otherOpenTicket, useCreateTicket } from "./api/update_ticket.ts";
export { NewTicketDialog } from "./components/dialogs/new_ticket_dialog.tsx";
export { TicketLogDialog } from "./components/dialogs/ticket_log_dialog.tsx";
export { WaText } from "./components/wa_text.tsx";
