/** What other features may use of chats: they import it from here, never from its files. */
export { TopBarChats, useUnreadChats } from "./components/chats_popover.tsx";
