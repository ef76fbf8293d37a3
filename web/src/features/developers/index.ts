/** The Developers screen (admins): API keys, and the tabs other features add in tabs.ts. */
export { DevelopersScreen } from "./components/developers_screen.tsx";
export { DEVELOPER_TABS, type DeveloperTab } from "./tabs.ts";
