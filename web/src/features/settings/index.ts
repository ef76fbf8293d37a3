/** What other features may use of settings: they import it from here, never from its files. */
export { useSettings } from "./api/settings.ts";
