/** What other features may use of exports: they import it from here, never from its files. */
export { ExportPanel } from "./export_panel.tsx";
