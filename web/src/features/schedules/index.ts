/** What other features may use of schedules: they import it from here, never from its files. */
export { useScheduleDialog } from "./components/use_schedule_dialog.tsx";
