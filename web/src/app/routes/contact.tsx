import { useParams } from "react-router";
import { ContactPage } from "../../features/contacts/components/contact_page.tsx";

/** /contacts/{id}: the contact's page. */
export function ContactDetailPage() {
  const { contactId } = useParams();
  const id = Number(contactId);
  return Number.isInteger(id) && id > 0 ? <ContactPage key={id} contactId={id} /> : null;
}
