/** What other features may use of announcements: they import it from here, never from its files. */
export { TopBarAnnouncements } from "./components/announcements_popover.tsx";
