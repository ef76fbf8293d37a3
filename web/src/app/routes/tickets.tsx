import { useParams } from "react-router";
import { TicketsScreen } from "../../features/tickets/components/tickets_screen.tsx";
import type { ContactEditor } from "../../features/tickets/components/drawer/contact_drawer.tsx";
import { ContactModal } from "../../features/contacts/components/contact_modal.tsx";

/** The contacts feature's dialog, lent to the inbox's contact drawer. */
const contactEditor: ContactEditor = ({ contactId, onClose, onSaved }) => (
  <ContactModal contactId={contactId} onClose={onClose} onSaved={onSaved} />
);

export function TicketsPage() {
  const { ticketId } = useParams();
  return <TicketsScreen ticketId={ticketId} contactEditor={contactEditor} />;
}
