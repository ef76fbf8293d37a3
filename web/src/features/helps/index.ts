/** What other features may use of helps: they import it from here, never from its files. */
export { useHasHelps } from "./api/list_helps.ts";
export { HelpsAdmin } from "./components/helps_admin.tsx";
