import { ContactsScreen } from "../../features/contacts/components/contacts_screen.tsx";
import { ContactsImportScreen } from "../../features/contacts/components/contacts_import_screen.tsx";
import { QuickMessagesScreen } from "../../features/quick_messages/components/quick_messages_screen.tsx";
import { TagsScreen } from "../../features/tags/components/tags_screen.tsx";

export const ContactsPage = () => <ContactsScreen />;
export const ContactsImportPage = () => <ContactsImportScreen />;
export const QuickMessagesPage = () => <QuickMessagesScreen />;
export const TagsPage = () => <TagsScreen />;
